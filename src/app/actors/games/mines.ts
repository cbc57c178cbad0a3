import { fromPromise } from 'xstate';
import { minesMachine } from '../../../../machines/mines/machine';
import type {
  ActiveMinesGame,
  LimitsRequest,
  MinesBetRequest,
  MinesBetResponse,
  MinesCashoutResponse,
  MinesPickRequest,
  MinesPickResponse,
} from '../../../../machines/mines/machine';
import { ApiError } from '../../api/client';
import { loadLimits } from './context';
import type { GameRuntime } from './context';

/**
 * The machine wants a refusal as an answer (`success: false` with the server's errorMessage) and a
 * rejection only when no answer came. A 4xx is the server refusing with its `{ error, message }`;
 * no status (network) or a 5xx is no usable answer, so it rejects and the machine shows its own
 * message (SPEC §8).
 */
async function answerOrRefusal<T>(call: Promise<T>): Promise<T | { success: false; errorMessage: string }> {
  try {
    return await call;
  } catch (failure) {
    if (failure instanceof ApiError && failure.status !== undefined && failure.status < 500) {
      return { success: false, errorMessage: failure.message };
    }
    throw failure;
  }
}

/** The mines screen's machine with its HTTP calls provided. */
export function provideMines(runtime: GameRuntime) {
  const { api } = runtime;
  return minesMachine.provide({
    actors: {
      loadLimits: fromPromise(({ input }: { input: LimitsRequest }) => loadLimits(api, input.game, input.currency)),
      loadActiveGame: fromPromise(() =>
        api.get<{ success: boolean; game: ActiveMinesGame | null }>('/mines/get-active-game').then((answer) => answer.game ?? null),
      ),
      placeBet: fromPromise(({ input }: { input: MinesBetRequest }) =>
        answerOrRefusal(
          api.post<MinesBetResponse>('/mines/bet', { betAmount: input.betAmount, minesCount: input.minesCount, currency: input.currency }),
        ),
      ),
      pick: fromPromise(({ input }: { input: MinesPickRequest }) => answerOrRefusal(api.post<MinesPickResponse>('/mines/pick', { tileId: input.tileId }))),
      cashout: fromPromise(() => answerOrRefusal(api.post<MinesCashoutResponse>('/mines/cashout', {}))),
    },
  });
}
