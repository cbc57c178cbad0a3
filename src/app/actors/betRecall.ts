import { fromPromise } from 'xstate';
import { betRecallMachine } from '../../../machines/betRecall/machine';
import type { BetDetail, LoadedBet } from '../../../machines/betRecall/machine';
import { verifyOutcomeAsync } from '../../core/fairness/verify';
import { sha256HexAsync } from '../../core/fairness/webcrypto';
import { ApiError } from '../api/client';
import type { ScreenRuntime } from './screenRuntime';

/** /bet/ID: get-bet for anyone (a 404 is an answer: no such bet), the Seed modal's verifier with the seed's SHA-256, and the clipboard. */
export function provideBetRecall({ api }: ScreenRuntime) {
  return betRecallMachine.provide({
    actors: {
      loadBet: fromPromise(async ({ input }): Promise<LoadedBet> => {
        try {
          const { bet } = await api.get<{ bet: BetDetail }>('/casino/get-bet', { query: { id: input.id } });
          return { found: true, bet };
        } catch (error) {
          if (error instanceof ApiError && error.status === 404) return { found: false };
          throw error;
        }
      }),
      verify: fromPromise(async ({ input }) => {
        const [serverSeedHash, { outcome }] = await Promise.all([
          sha256HexAsync(input.serverSeed),
          // The request was made by verifyRequestOf for this game, so its params fit its verifier.
          verifyOutcomeAsync(input.request.game, input, input.request.params as never),
        ]);
        return { serverSeedHash, outcome };
      }),
      copyLink: fromPromise(async ({ input }) => {
        await navigator.clipboard.writeText(new URL(`/bet/${input.betId}`, window.location.origin).href);
      }),
    },
  });
}
