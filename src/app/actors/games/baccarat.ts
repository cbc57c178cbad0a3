import { fromPromise } from 'xstate';
import { baccaratMachine } from '../../../../machines/baccarat/machine';
import type { BaccaratBetRequest, BaccaratBetResponse, PlacedBaccaratBet } from '../../../../machines/baccarat/machine';
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

/** The baccarat screen's machine with its effects provided (HTTP calls, telling the wallet and the feed). */
export function provideBaccarat(runtime: GameRuntime) {
  // Events of other machines (modals, wallet, betsFeed), delivered into the app's actor system.
  const tell = (systemId: 'modals' | 'wallet' | 'betsFeed', event: { type: string; [field: string]: unknown }) => runtime.tell(systemId, event);
  return baccaratMachine.provide({
    actors: {
      loadLimits: fromPromise(({ input }) => loadLimits(runtime.api, input.game, input.currency)),
      placeBet: fromPromise(({ input }) => placeBet(runtime, input)),
    },
    actions: {
      openLogin: () => tell('modals', { type: 'app.openModal', name: 'Auth', params: { tab: 'login' } }),
      adjustBalance: (_, params: { currency: string; delta: number }) =>
        tell('wallet', { type: 'game.balanceAdjusted', currency: params.currency, delta: params.delta }),
      reportBalance: (_, params: { currency: string; balance: number }) =>
        tell('wallet', { type: 'game.balanceUpdated', currency: params.currency, balance: params.balance }),
      reportBet: (_, params: { bet: PlacedBaccaratBet }) => tell('betsFeed', { type: 'game.betPlaced', bet: params.bet }),
      reportAnimationOver: (_, params: { betId: string }) => tell('betsFeed', { type: 'game.animationOver', betId: params.betId }),
    },
  });
}
