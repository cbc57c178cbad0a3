import { fromPromise } from 'xstate';
import { seedMachine } from '../../../machines/seed/machine';
import type { RevealedSeed, RotateSeedResponse, SeedState, VerifyResult } from '../../../machines/seed/machine';
import { sha256HexAsync } from '../../core/fairness/webcrypto';
import { randomClientSeed } from '../../core/fairness/seeds';
import { verifyOutcomeAsync } from '../../core/fairness/verify';
import { ApiError } from '../api/client';
import type { ApiClient } from '../api/client';

/** A refused rotation shows the server's sentence (`serverMessage` reads `error`); no answer shows the machine's fallback. */
function seedFailure(error: unknown): unknown {
  if (error instanceof ApiError && error.status !== undefined) return { error: error.message };
  return new Error('no response');
}

/** The Seed (fairness) modal's machine with the browser's effects: the seed calls, WebCrypto, the clipboard. */
export function provideSeed({ api }: { api: ApiClient }) {
  return seedMachine.provide({
    actors: {
      randomClientSeed: fromPromise(async () => randomClientSeed((n) => crypto.getRandomValues(new Uint8Array(n)))),
      loadSeed: fromPromise(({ input }) => api.get<SeedState>('/casino/get-seed', { query: { clientSeed: input.clientSeed } })),
      rotateSeed: fromPromise(async ({ input }) => {
        try {
          return await api.post<RotateSeedResponse>('/casino/rotate-seed', { clientSeed: input.clientSeed });
        } catch (error) {
          throw seedFailure(error);
        }
      }),
      setSeedMode: fromPromise(async ({ input }) => {
        try {
          return await api.post<SeedState>('/casino/set-seed-mode', { mode: input.mode });
        } catch (error) {
          throw seedFailure(error);
        }
      }),
      setClientSeed: fromPromise(async ({ input }) => {
        try {
          return await api.post<SeedState>('/casino/set-client-seed', { clientSeed: input.clientSeed });
        } catch (error) {
          throw seedFailure(error);
        }
      }),
      loadHistory: fromPromise(async () => (await api.get<{ seeds: RevealedSeed[] }>('/casino/get-seed-history')).seeds),
      verify: fromPromise(async ({ input }): Promise<VerifyResult> => {
        // The request was parsed by the game's own verifier, so its params fit that game.
        const verified = await verifyOutcomeAsync(input.game, input, input.params as never);
        return { ...verified, serverSeedHash: await sha256HexAsync(input.serverSeed) };
      }),
      copyToClipboard: fromPromise(async ({ input }) => {
        await navigator.clipboard.writeText(input.text);
      }),
    },
  });
}
