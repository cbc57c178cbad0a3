import { fromPromise } from 'xstate';
import { baccaratMachine } from '../../../../machines/baccarat/machine';
import type { PlacedBaccaratBet } from '../../../../machines/baccarat/machine';
import type { BaccaratBetRequest, BaccaratBetResponse } from '../../../../machines/baccarat/wire';
import { outcomeOf } from './outcome';
import { loadLimits } from './context';
import type { GameRuntime } from './context';

/** The baccarat screen's machine with its effects provided (HTTP calls, telling the wallet and the feed). */
export function provideBaccarat(runtime: GameRuntime) {
  // Events of other machines (modals, wallet, betsFeed), delivered into the app's actor system.
  const tell = (systemId: 'modals' | 'wallet' | 'betsFeed', event: { type: string; [field: string]: unknown }) => runtime.tell(systemId, event);
  return baccaratMachine.provide({
    actors: {
      loadLimits: fromPromise(({ input }) => loadLimits(runtime.api, input.game, input.currency)),
      placeBet: fromPromise(({ input }: { input: BaccaratBetRequest }) => outcomeOf(runtime.api.post<BaccaratBetResponse>('/baccarat/bet', input))),
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
