import { assign, fromPromise } from 'xstate';
import { earnMachine } from '../../../machines/earn/machine';
import { miningMachine } from '../../../machines/mining/machine';
import { stakingMachine } from '../../../machines/staking/machine';
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
  now: () => number;
}

/**
 * The token economy's screens and modals with their effects: the /token calls and the clock. What
 * they tell the modals, the wallet and the pages goes through the app's actor system.
 */
export function provideTokenScreens({ api, now }: TokenScreensRuntime) {
  const token = tokenCalls(api);
  const answer = <T,>(call: Promise<T>) => call as unknown as Promise<Record<string, unknown>>;

  return {
    tokenPage: tokenPageMachine.provide({ actors: { loadTokenDetails: fromPromise(() => token.details()) } }),
    mining: miningMachine.provide({ actors: { loadMining: fromPromise(() => token.mining()) } }),
    staking: stakingMachine.provide({
      actors: {
        loadStakingData: fromPromise(() => token.stakingPage()),
        claimRewards: fromPromise(() => token.claimRewards()),
        loadBurnHistory: fromPromise(() => token.burnHistory()),
        loadPayoutHistory: fromPromise(() => token.payoutHistory()),
        loadStakingHistory: fromPromise(() => token.stakingHistory()),
      },
      actions: { syncClock: assign({ now: () => now() }) },
    }),
    earn: earnMachine.provide({ actors: { loadBankroll: fromPromise(() => token.bankroll()) } }),
    lockTokens: lockTokensMachine.provide({ actors: { submit: fromPromise(({ input }) => answer(token.lock(input.amount))) } }),
    unlockTokens: unlockTokensMachine.provide({ actors: { submit: fromPromise(({ input }) => answer(token.unlock(input.amount))) } }),
    addLiquidity: addLiquidityMachine.provide({
      actors: { submit: fromPromise(({ input }) => answer(token.addLiquidity(input.currency, input.amount))) },
    }),
    removeLiquidity: removeLiquidityMachine.provide({
      actors: { submit: fromPromise(({ input }) => answer(token.removeLiquidity(input.currency, input.amount))) },
    }),
  };
}

export type TokenScreens = ReturnType<typeof provideTokenScreens>;
