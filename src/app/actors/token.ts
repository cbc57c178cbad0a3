import { assign, fromPromise } from 'xstate';
import type { EventObject } from 'xstate';
import { earnMachine } from '../../../machines/earn/machine';
import type { PositionChange } from '../../../machines/earn/machine';
import { miningMachine } from '../../../machines/mining/machine';
import { stakingMachine } from '../../../machines/staking/machine';
import type { StakeChange } from '../../../machines/staking/machine';
import { tokenPageMachine } from '../../../machines/token/machine';
import {
  addLiquidityMachine,
  lockTokensMachine,
  removeLiquidityMachine,
  unlockTokensMachine,
} from '../../../machines/tokenAction/machine';
import type { ApiClient } from '../api/client';
import { tokenCalls } from '../api/token';

export interface TokenScreensRuntime {
  api: ApiClient;
  /** Sends into the app's actor system by systemId (a screen's actor lives in a system of its own). */
  tell: (systemId: string, event: EventObject & Record<string, unknown>) => void;
}

/**
 * The token economy's screens and modals with their effects: the /token calls, and telling the
 * app-wide actors (modals, wallet) and the pages (staking, earn) what happened.
 */
export function provideTokenScreens({ api, tell }: TokenScreensRuntime) {
  const token = tokenCalls(api);
  const openLogin = () => tell('modals', { type: 'app.openModal', name: 'Auth', params: { tab: 'login' } });
  const openModal = (_: unknown, params: { name: string; params: Record<string, string | number> }) =>
    tell('modals', { type: 'app.openModal', name: params.name, params: params.params });
  const closeModal = (name: string) => () => tell('modals', { type: 'app.closeModal', name });
  /** The wallet reads every balance again (claims pay several currencies; mining lands in ACC). */
  const reloadWallet = () => tell('wallet', { type: 'cashier.fundsMoved', currency: 'ACC' });
  const reportBalance = (currency: string, balance: unknown) => {
    if (typeof balance === 'number') tell('wallet', { type: 'game.balanceUpdated', currency, balance });
  };
  /** The modals hand the server's answer to the page as the event the hub sends for it (same shape, absolute figures). */
  const stakeAnswer = (type: 'server.lockedTokens' | 'server.unlockedTokens') => (_: unknown, params: { result: Record<string, unknown> }) => {
    const payload = params.result as unknown as StakeChange;
    tell('staking', { type, payload });
    reportBalance('ACC', payload.balance);
  };
  const positionAnswer = (type: 'server.invested' | 'server.divested') => (_: unknown, params: { result: Record<string, unknown> }) => {
    const payload = params.result as unknown as PositionChange;
    tell('earn', { type, payload });
    reportBalance(payload.currency, payload.balance);
  };

  return {
    tokenPage: tokenPageMachine.provide({ actors: { loadTokenDetails: fromPromise(() => token.details()) } }),
    mining: miningMachine.provide({
      actors: { loadMining: fromPromise(() => token.mining()) },
      actions: { refreshWallet: reloadWallet },
    }),
    staking: stakingMachine.provide({
      actors: {
        loadStakingData: fromPromise(() => token.stakingPage()),
        claimRewards: fromPromise(() => token.claimRewards()),
        loadBurnHistory: fromPromise(() => token.burnHistory()),
        loadPayoutHistory: fromPromise(() => token.payoutHistory()),
        loadStakingHistory: fromPromise(() => token.stakingHistory()),
      },
      actions: {
        syncClock: assign({ now: () => Date.now() }),
        openLogin,
        openModal,
        reportBalance: (_, params) => reportBalance(params.currency, params.balance),
        reloadWallet,
      },
    }),
    earn: earnMachine.provide({
      actors: { loadBankroll: fromPromise(() => token.bankroll()) },
      actions: { openLogin, openModal },
    }),
    lockTokens: lockTokensMachine.provide({
      actors: { submit: fromPromise(({ input }) => token.lock(input.amount) as unknown as Promise<Record<string, unknown>>) },
      actions: { announceResult: stakeAnswer('server.lockedTokens'), closeModal: closeModal('LockTokens') },
    }),
    unlockTokens: unlockTokensMachine.provide({
      actors: { submit: fromPromise(({ input }) => token.unlock(input.amount) as unknown as Promise<Record<string, unknown>>) },
      actions: { announceResult: stakeAnswer('server.unlockedTokens'), closeModal: closeModal('UnlockTokens') },
    }),
    addLiquidity: addLiquidityMachine.provide({
      actors: {
        submit: fromPromise(({ input }) => token.addLiquidity(input.currency, input.amount) as unknown as Promise<Record<string, unknown>>),
      },
      actions: { announceResult: positionAnswer('server.invested'), closeModal: closeModal('AddLiquidity') },
    }),
    removeLiquidity: removeLiquidityMachine.provide({
      actors: {
        submit: fromPromise(({ input }) => token.removeLiquidity(input.currency, input.amount) as unknown as Promise<Record<string, unknown>>),
      },
      actions: { announceResult: positionAnswer('server.divested'), closeModal: closeModal('RemoveLiquidity') },
    }),
  };
}

export type TokenScreens = ReturnType<typeof provideTokenScreens>;
