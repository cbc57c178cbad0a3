/**
 * The /mining page (docs/product.md §2 Mining, §3 Mining level, §7 GET /token/get-mining-levels; issue 10).
 * A per-screen actor: lives as long as the route.
 *
 * Mining sends no live events (docs/api.md): the page reads the figures again every 15 s, so a
 * player who bets in another tab sees the total mined and the progress bar move.
 *
 * Receives user.retry. Effects src/app provides: loadMining (actor); refreshWallet (action: what a
 * player mined lands in their ACC wallet, so the wallet reads its balances again with each read).
 */
import { assign, sendTo, setup } from 'xstate';
import { effectActor } from '../shared/effects';
import { reloadBalances } from '../shared/messages';
import { SYSTEM_IDS } from '../shared/system';
import type { MiningData as WireMiningData, MiningLevel as WireMiningLevel, MiningProgress as WireMiningProgress } from '../../src/core/contracts/token';

export type MiningLevel = WireMiningLevel;

export type MiningProgress = WireMiningProgress;

export type MiningData = WireMiningData;

export interface MiningContext {
  data: MiningData | null;
}

export type MiningEvent = { type: 'user.retry' };

export const MINING_REFRESH_MS = 15_000;

export const miningMachine = setup({
  types: {
    context: {} as MiningContext,
    events: {} as MiningEvent,
  },
  actors: {
    /** GET /token/get-mining-levels → { miningLevels, mining }. */
    loadMining: effectActor<MiningData>('loadMining'),
  },
  delays: {
    miningRefresh: MINING_REFRESH_MS,
  },
  actions: {
    storeData: assign({ data: (_, params: { data: MiningData }) => params.data }),
    /** Mining lands in ACC: the wallet reads every balance again. */
    refreshWallet: sendTo(({ system }) => system.get(SYSTEM_IDS.wallet), reloadBalances),
  },
}).createMachine({
  id: 'mining',
  context: { data: null },
  initial: 'loading',
  states: {
    loading: {
      description: 'The levels and the mining progress are being fetched for the first time.',
      tags: ['loading'],
      invoke: {
        id: 'loadMining',
        src: 'loadMining',
        onDone: {
          target: 'ready',
          actions: [{ type: 'storeData', params: ({ event }) => ({ data: event.output }) }, 'refreshWallet'],
        },
        onError: 'failed',
      },
    },
    ready: {
      description: 'Current level, max supply, total mined, difficulty, the progress bar and the levels table are shown.',
      after: { miningRefresh: 'refreshing' },
    },
    refreshing: {
      description: 'The figures are read again in the background; the page keeps showing the last ones (a failure is ignored).',
      invoke: {
        id: 'loadMining',
        src: 'loadMining',
        onDone: {
          target: 'ready',
          actions: [{ type: 'storeData', params: ({ event }) => ({ data: event.output }) }, 'refreshWallet'],
        },
        onError: 'ready',
      },
    },
    failed: {
      description: 'The first read failed: the page says so and offers Retry.',
      on: { 'user.retry': 'loading' },
    },
  },
});
