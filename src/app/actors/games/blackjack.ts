import { fromPromise } from 'xstate';
import { blackjackMachine } from '../../../../machines/blackjack/machine';
import type { BlackjackActionRequest, BlackjackActiveGameReply, BlackjackAnswer, BlackjackBetRequest } from '../../../../machines/blackjack/wire';
import type { LimitsRequest } from '../../../../machines/shared/limits';
import { ApiError } from '../../api/client';
import { loadLimits } from './context';
import { outcomeOf } from './outcome';
import type { GameRuntime } from './context';

/** The blackjack screen's machine with its effects provided (HTTP calls, telling the wallet and the feed). */
export function provideBlackjack(runtime: GameRuntime) {
  const { api } = runtime;
  const tell = (systemId: string, event: { type: string } & Record<string, unknown>) => runtime.tell(systemId, event);
  return blackjackMachine.provide({
    actors: {
      loadLimits: fromPromise<Awaited<ReturnType<typeof loadLimits>>, LimitsRequest>(({ input }) => loadLimits(api, input.game, input.currency)),
      loadActiveGame: fromPromise<BlackjackActiveGameReply, void>(() => api.get<BlackjackActiveGameReply>('/blackjack/get-active-game')),
      placeBet: fromPromise(({ input }: { input: BlackjackBetRequest }) =>
        outcomeOf(api.post<BlackjackAnswer>('/blackjack/bet', { betAmount: input.betAmount, currency: input.currency })),
      ),
      // A refused or failed action is only logged, and the player chooses again (SPEC §8).
      act: fromPromise(({ input }: { input: BlackjackActionRequest }) =>
        outcomeOf(api.post<BlackjackAnswer>(`/blackjack/${input.action}`, { activeHand: input.activeHand })),
      ),
    },
    actions: {
      openLogin: () => tell('modals', { type: 'app.openModal', name: 'Auth', params: { tab: 'login' } }),
      reportBalance: (_, params) => tell('wallet', { type: 'game.balanceUpdated', currency: params.currency, balance: params.balance }),
      switchCurrency: (_, params) => tell('wallet', { type: 'game.switchCurrency', currency: params.currency }),
      // The id exactly as the server sent it: the feed matches it against the hub's copy of the same row
      // (a number on the wire, whatever the feed's type says), so converting it would never match.
      announceRound: (_, params) => tell('betsFeed', { type: 'game.animationOver', betId: params.betId }),
      logActionError: (_, params) => {
        const reason = params.error instanceof ApiError ? `${params.error.status ?? 'network'} ${params.error.message}` : params.error;
        console.warn(`blackjack ${params.action} failed:`, reason);
      },
    },
  });
}
