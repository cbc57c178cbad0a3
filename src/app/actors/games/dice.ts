import { fromPromise } from 'xstate';
import { diceMachine } from '../../../../machines/dice/machine';
import type { DiceBetRequest, DiceBetResponse } from '../../../../machines/dice/machine';
import { ApiError } from '../../api/client';
import { loadLimits } from './context';
import type { GameRuntime } from './context';

/**
 * What the dice machine's `storeFailure` reads (`serverMessage` takes `error`): the server's words
 * when it answered, nothing when it did not, so SPEC §8's 'error placing bet, please try again.'
 * shows. A refused bet carries the spec message in both `error` and `message`; other 4xx (schema,
 * unknown currency) carry a code in `error` and the sentence in `message`, so the sentence is used.
 */
export function diceBetFailure(error: unknown): unknown {
  if (error instanceof ApiError && error.status !== undefined) return { error: error.message };
  return new Error('no response');
}

/** The dice screen's machine with its HTTP calls provided. */
export function provideDice(runtime: GameRuntime) {
  return diceMachine.provide({
    actors: {
      loadLimits: fromPromise(({ input }) => loadLimits(runtime.api, input.game, input.currency)),
      placeBet: fromPromise<DiceBetResponse, DiceBetRequest>(async ({ input }) => {
        try {
          return await runtime.api.post<DiceBetResponse>('/dice/bet', input);
        } catch (error) {
          throw diceBetFailure(error);
        }
      }),
    },
  });
}
