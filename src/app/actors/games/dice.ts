import { fromPromise } from 'xstate';
import { diceMachine } from '../../../../machines/dice/machine';
import type { DiceBetRequest, DiceBetResponse } from '../../../../machines/dice/wire';
import { outcomeOf } from './outcome';
import { loadLimits } from './context';
import type { GameRuntime } from './context';

/** The dice screen's machine with its HTTP calls provided. */
export function provideDice(runtime: GameRuntime) {
  return diceMachine.provide({
    actors: {
      loadLimits: fromPromise(({ input }) => loadLimits(runtime.api, input.game, input.currency)),
      placeBet: fromPromise(({ input }: { input: DiceBetRequest }) => outcomeOf(runtime.api.post<DiceBetResponse>('/dice/bet', input))),
    },
  });
}
