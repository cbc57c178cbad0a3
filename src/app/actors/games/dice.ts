import { fromPromise } from 'xstate';
import { diceMachine } from '../../../../machines/dice/machine';
import type { DiceBetRequest, DiceBetResponse } from '../../../../machines/dice/wire';
import type { BetsFeedEvent } from '../../../../machines/betsFeed/machine';
import type { ModalStackEvent } from '../../../../machines/modalStack/machine';
import { SYSTEM_IDS } from '../../../../machines/shared/system';
import type { WalletEvent } from '../../../../machines/wallet/machine';
import { outcomeOf } from './outcome';
import { loadLimits } from './context';
import type { GameRuntime } from './context';

/**
 * The dice screen's machine with its effects provided. A screen's actor has its own actor system,
 * so the effects that reach the app's modals, wallet and bets feed go through `runtime.tell`.
 */
export function provideDice(runtime: GameRuntime) {
  return diceMachine.provide({
    actors: {
      loadLimits: fromPromise(({ input }) => loadLimits(runtime.api, input.game, input.currency)),
      placeBet: fromPromise(({ input }: { input: DiceBetRequest }) => outcomeOf(runtime.api.post<DiceBetResponse>('/dice/bet', input))),
    },
    actions: {
      openLogin: () => {
        const event: ModalStackEvent = { type: 'app.openModal', name: 'Auth', params: { tab: 'login' } };
        runtime.tell(SYSTEM_IDS.modals, event);
      },
      reportBalance: (_, params) => {
        const event: WalletEvent = { type: 'game.balanceUpdated', currency: params.currency, balance: params.balance };
        runtime.tell(SYSTEM_IDS.wallet, event);
      },
      reportBet: (_, params) => {
        const event: BetsFeedEvent = { type: 'game.betPlaced', bet: params.bet };
        runtime.tell(SYSTEM_IDS.betsFeed, event);
      },
    },
  });
}
