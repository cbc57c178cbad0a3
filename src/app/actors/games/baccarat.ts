import { fromPromise } from 'xstate';
import { baccaratMachine } from '../../../../machines/baccarat/machine';
import type { BaccaratBetRequest, BaccaratBetResponse } from '../../../../machines/baccarat/machine';
import { ApiError } from '../../api/client';
import { loadLimits } from './context';
import type { GameRuntime } from './context';

/**
 * A refusal the server answered (4xx: 'Balance too low.', the limits, …) is an answer: it resolves
 * like a body with success false, so the machine shows the server's words. No answer at all, or a
 * server fault (5xx), rejects with a plain Error and the machine shows SPEC §8's network message.
 */
async function placeBet(runtime: GameRuntime, request: BaccaratBetRequest): Promise<BaccaratBetResponse> {
  try {
    return await runtime.api.post<BaccaratBetResponse>('/baccarat/bet', request);
  } catch (error) {
    if (error instanceof ApiError && error.status !== undefined && error.status < 500) {
      return { success: false, errorMessage: error.message };
    }
    throw error;
  }
}

/** The baccarat screen's machine with its HTTP calls provided. */
export function provideBaccarat(runtime: GameRuntime) {
  return baccaratMachine.provide({
    actors: {
      loadLimits: fromPromise(({ input }) => loadLimits(runtime.api, input.game, input.currency)),
      placeBet: fromPromise(({ input }) => placeBet(runtime, input)),
    },
  });
}
