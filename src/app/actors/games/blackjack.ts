import { fromPromise } from 'xstate';
import { blackjackMachine } from '../../../../machines/blackjack/machine';
import type { BlackjackActionRequest, BlackjackAnswer, BlackjackBetRequest, LimitsRequest } from '../../../../machines/blackjack/machine';
import { ApiError } from '../../api/client';
import { loadLimits } from './context';
import type { GameRuntime } from './context';

/**
 * A failed bet as the machine's `betFailureMessage` reads it: a refusal the server answered (4xx)
 * carries its errorMessage (SPEC §8 shows it for 3 s); no answer, or a server fault, carries nothing,
 * so the machine shows 'An error occurred while placing the bet.'.
 */
function betRefusal(failure: unknown): { errorMessage?: string } {
  if (failure instanceof ApiError && failure.status !== undefined && failure.status >= 400 && failure.status < 500) {
    return { errorMessage: failure.message };
  }
  return {};
}

/** The blackjack screen's machine with its effects provided: the HTTP calls and the console. */
export function provideBlackjack(runtime: GameRuntime) {
  const { api } = runtime;
  return blackjackMachine.provide({
    actors: {
      loadLimits: fromPromise<Awaited<ReturnType<typeof loadLimits>>, LimitsRequest>(({ input }) => loadLimits(api, input.game, input.currency)),
      loadActiveGame: fromPromise<BlackjackAnswer>(() => api.get<BlackjackAnswer>('/blackjack/get-active-game')),
      placeBet: fromPromise<BlackjackAnswer, BlackjackBetRequest>(async ({ input }) => {
        try {
          return await api.post<BlackjackAnswer>('/blackjack/bet', { betAmount: input.betAmount, currency: input.currency });
        } catch (failure) {
          throw betRefusal(failure);
        }
      }),
      // A refused action rejects; the machine logs it and the player chooses again (SPEC §8).
      act: fromPromise<BlackjackAnswer, BlackjackActionRequest>(({ input }) =>
        api.post<BlackjackAnswer>(`/blackjack/${input.action}`, { activeHand: input.activeHand }),
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
