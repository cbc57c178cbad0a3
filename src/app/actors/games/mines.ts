import { fromPromise } from 'xstate';
import { minesMachine } from '../../../../machines/mines/machine';
import type { LimitsRequest } from '../../../../machines/shared/limits';
import type {
  MinesActiveGameReply,
  MinesBetRequest,
  MinesBetResponse,
  MinesCashoutResponse,
  MinesPickRequest,
  MinesPickResponse,
} from '../../../../machines/mines/wire';
import { outcomeOf } from './outcome';
import { loadLimits } from './context';
import type { GameRuntime } from './context';

/** The mines screen's machine with its HTTP calls provided. */
export function provideMines(runtime: GameRuntime) {
  const { api } = runtime;
  return minesMachine.provide({
    actors: {
      loadLimits: fromPromise(({ input }: { input: LimitsRequest }) => loadLimits(api, input.game, input.currency)),
      loadActiveGame: fromPromise(() =>
        api.get<MinesActiveGameReply>('/mines/get-active-game').then((answer) => answer.game),
      ),
      placeBet: fromPromise(({ input }: { input: MinesBetRequest }) =>
        outcomeOf(
          api.post<MinesBetResponse>('/mines/bet', { betAmount: input.betAmount, minesCount: input.minesCount, currency: input.currency }),
        ),
      ),
      pick: fromPromise(({ input }: { input: MinesPickRequest }) => outcomeOf(api.post<MinesPickResponse>('/mines/pick', { tileId: input.tileId }))),
      cashout: fromPromise(() => outcomeOf(api.post<MinesCashoutResponse>('/mines/cashout', {}))),
    },
  });
}
