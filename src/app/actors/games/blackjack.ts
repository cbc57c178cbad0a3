import { fromPromise } from 'xstate';
import { blackjackMachine } from '../../../../machines/blackjack/machine';
import type { BlackjackActionRequest, BlackjackActiveGameReply, BlackjackAnswer, BlackjackBetRequest } from '../../../../machines/blackjack/wire';
import type { LimitsRequest } from '../../../../machines/shared/limits';
import { ApiError } from '../../api/client';
import { loadLimits } from './context';
import { outcomeOf } from './outcome';
import type { GameRuntime } from './context';

/** The blackjack screen's machine with its effects provided: the HTTP calls and the console. */
export function provideBlackjack(runtime: GameRuntime) {
  const { api } = runtime;
  return blackjackMachine.provide({
    actors: {
      loadLimits: fromPromise<Awaited<ReturnType<typeof loadLimits>>, LimitsRequest>(({ input }) => loadLimits(api, input.game, input.currency)),
      loadActiveGame: fromPromise<BlackjackActiveGameReply, void>(() => api.get<BlackjackActiveGameReply>('/blackjack/get-active-game')),
      placeBet: fromPromise(({ input }: { input: BlackjackBetRequest }) =>
        outcomeOf(api.post<BlackjackAnswer>('/blackjack/bet', { betAmount: input.betAmount, currency: input.currency })),
      ),
      // A refused or failed action is only logged, and the player chooses again (docs/product.md §8).
      act: fromPromise(({ input }: { input: BlackjackActionRequest }) =>
        outcomeOf(api.post<BlackjackAnswer>(`/blackjack/${input.action}`, { activeHand: input.activeHand })),
      ),
    },
    actions: {
      logActionError: (_, params) => {
        const reason = params.error instanceof ApiError ? `${params.error.status ?? 'network'} ${params.error.message}` : params.error;
        console.warn(`blackjack ${params.action} failed:`, reason);
      },
    },
  });
}
