import { assign, setup } from 'xstate';
import type { PlayerStats, WireBet } from '../../src/core/contracts/casino';
import { addBetToStats } from '../../src/core/bets/stats';
import { effectActor } from '../shared/effects';
import { failureMessage } from '../shared/requestFailure';
import { watchLiveLink } from '../live/link';
import type { LiveLinkEvent } from '../live/link';

/**
 * The live statistics panel (issue 20): a signed-in player's figures in one currency, this session
 * (since sign-in) and all time, and the profit of the last bets as a chart. While open it reads them
 * (GET /casino/get-stats) and adds each of the player's own bets the hub announces (`server.bet`, sent
 * by the live actor), so it updates as bets land, autobet runs and other tabs included. Spawned with
 * the account menu while a player is signed in; closed, it reads nothing.
 * A read may miss a bet of the player that lands while it is under way, so such a bet starts the read
 * again. The hub announces nothing while the live link is down, so when the link comes (back) up
 * after the panel opened (`live.up`, machines/live/link.ts) the figures are read again, the last ones
 * still shown meanwhile: a bet placed while the link was down counts.
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
  | { type: 'server.bet'; bet: WireBet }
  | LiveLinkEvent;

const stats = setup({
  types: {
    context: {} as StatsContext,
    events: {} as StatsEvent,
    input: {} as { userName: string; currency: string },
  },
  actors: {
    fetchStats: effectActor<PlayerStats, { currency: string }>('fetchStats'),
    watchLink: watchLiveLink,
  },
  guards: {
    isOwnBetInCurrency: ({ context, event }) =>
      event.type === 'server.bet' && event.bet.playerName === context.userName && event.bet.currency === context.currency,
    isOtherCurrency: ({ context, event }) => event.type === 'user.selectCurrency' && event.currency !== context.currency,
    // Not the link found up when the panel opened: that one missed nothing.
    linkCameUp: ({ event }) => event.type === 'live.up' && !event.atStart,
  },
  actions: {
    keepStats: assign((_, params: { stats: PlayerStats }) => ({ stats: params.stats })),
    keepError: assign((_, params: { error: unknown }) => ({ error: failureMessage(params.error) })),
  },
});

/** One read of the figures of the panel's currency, as `loading` and `refreshing` make it. */
const readStats = stats.createStateConfig({
  invoke: {
    id: 'fetchStats',
    src: 'fetchStats',
    input: ({ context }) => ({ currency: context.currency }),
    onDone: { target: 'live', actions: { type: 'keepStats', params: ({ event }) => ({ stats: event.output }) } },
    onError: { target: 'failed', actions: { type: 'keepError', params: ({ event }) => ({ error: event.error }) } },
  },
}).invoke;

export const statsMachine = stats.createMachine({
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
      // The live link's ups and downs while the panel is open.
      invoke: { id: 'link', src: 'watchLink' },
      initial: 'loading',
      on: {
        'user.toggleStats': 'closed',
        'user.closeStats': 'closed',
        'user.selectTab': { actions: assign({ tab: ({ event }) => event.tab }) },
        'user.selectCurrency': { guard: 'isOtherCurrency', target: '.loading', actions: assign({ currency: ({ event }) => event.currency, stats: null }) },
      },
      states: {
        loading: {
          description: 'The figures of the currency are asked for; a bet of the player landing meanwhile, or the live link coming up, asks again.',
          tags: ['loading'],
          entry: assign({ error: null }),
          invoke: readStats,
          on: {
            'server.bet': { guard: 'isOwnBetInCurrency', target: 'loading', reenter: true },
            'live.up': { guard: 'linkCameUp', target: 'loading', reenter: true },
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
            'live.up': { guard: 'linkCameUp', target: 'refreshing' },
          },
        },
        refreshing: {
          description: 'The live link came back, and bets may have landed unannounced: the figures are read again, the last ones still shown.',
          invoke: readStats,
          on: {
            'server.bet': { guard: 'isOwnBetInCurrency', target: 'refreshing', reenter: true },
            'live.up': { guard: 'linkCameUp', target: 'refreshing', reenter: true },
          },
        },
      },
    },
  },
});
