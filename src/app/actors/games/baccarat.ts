import { fromPromise } from 'xstate';
import { baccaratMachine } from '../../../../machines/baccarat/machine';
import type { BaccaratBetRequest, BaccaratBetResponse } from '../../../../machines/baccarat/wire';
import { outcomeOf } from './outcome';
import { loadLimits } from './context';
import type { GameRuntime } from './context';

/** The baccarat screen's machine with its HTTP calls provided. */
export function provideBaccarat(runtime: GameRuntime) {
  return baccaratMachine.provide({
    actors: {
      loadLimits: fromPromise(({ input }) => loadLimits(runtime.api, input.game, input.currency)),
      placeBet: fromPromise(({ input }: { input: BaccaratBetRequest }) => outcomeOf(runtime.api.post<BaccaratBetResponse>('/baccarat/bet', input))),
    },
  });
}
