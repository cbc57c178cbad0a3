import { assign, setup } from 'xstate';
import type { PlayerStats, WireBet } from '../../src/core/contracts/casino';
import { addBetToStats } from '../../src/core/bets/stats';
import { effectActor } from '../shared/effects';
import { failureMessage } from '../shared/requestFailure';

/**
 * The live statistics panel (issue 20): a signed-in player's figures in one currency, this session
 * (since sign-in) and all time, and the profit of the last bets as a chart. While open it reads them
 * (GET /casino/get-stats) and adds each of the player's own bets the hub announces (`server.bet`, sent
 * by the live actor), so it updates as bets land, autobet runs and other tabs included. Spawned with
 * the account menu while a player is signed in; closed, it reads nothing.
 */

export type StatsTab = 'session' | 'allTime';

export interface StatsContext {
  userName: string;
  currency: string;
  tab: StatsTab;
  stats: PlayerStats | null;
  error: string | null;
}

export type StatsEvent =
  | { type: 'user.toggleStats' }
  | { type: 'user.closeStats' }
  | { type: 'user.selectTab'; tab: StatsTab }
  | { type: 'user.selectCurrency'; currency: string }
  | { type: 'user.retry' }
  | { type: 'server.bet'; bet: WireBet };

export const statsMachine = setup({
  types: {
    context: {} as StatsContext,
    events: {} as StatsEvent,
    input: {} as { userName: string; currency: string },
  },
  actors: {
    fetchStats: effectActor<PlayerStats, { currency: string }>('fetchStats'),
  },
  guards: {
    isOwnBetInCurrency: ({ context, event }) =>
      event.type === 'server.bet' && event.bet.playerName === context.userName && event.bet.currency === context.currency,
    isOtherCurrency: ({ context, event }) => event.type === 'user.selectCurrency' && event.currency !== context.currency,
  },
}).createMachine({
  id: 'stats',
  context: ({ input }) => ({ userName: input.userName, currency: input.currency, tab: 'session', stats: null, error: null }),
  initial: 'closed',
  states: {
    closed: {
      description: 'The panel is hidden; nothing is read.',
      on: { 'user.toggleStats': 'open' },
    },
    open: {
      description: 'The panel shows over the page, the game still playable beneath it.',
      tags: ['open'],
      initial: 'loading',
      on: {
        'user.toggleStats': 'closed',
        'user.closeStats': 'closed',
        'user.selectTab': { actions: assign({ tab: ({ event }) => event.tab }) },
        'user.selectCurrency': { guard: 'isOtherCurrency', target: '.loading', actions: assign({ currency: ({ event }) => event.currency, stats: null }) },
      },
      states: {
        loading: {
          description: 'The figures of the currency are asked for.',
          tags: ['loading'],
          entry: assign({ error: null }),
          invoke: {
            id: 'fetchStats',
            src: 'fetchStats',
            input: ({ context }) => ({ currency: context.currency }),
            onDone: { target: 'live', actions: assign({ stats: ({ event }) => event.output }) },
            onError: { target: 'failed', actions: assign({ error: ({ event }) => failureMessage(event.error) }) },
          },
        },
        failed: {
          description: 'The figures could not be read: the reason and Try again.',
          tags: ['alert'],
          on: { 'user.retry': 'loading' },
        },
        live: {
          description: "The figures and the chart; each of the player's bets in the currency is added as the hub announces it.",
          on: {
            'server.bet': {
              guard: 'isOwnBetInCurrency',
              actions: assign({ stats: ({ context, event }) => addBetToStats(context.stats!, event.bet) }),
            },
          },
        },
      },
    },
  },
});
