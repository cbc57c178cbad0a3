import type { Reply } from '../../core/contracts/common';
import type * as Token from '../../core/contracts/token';
import type { HistoryItem, StakingPageData } from '../../../machines/staking/machine';
import type { ApiClient } from './client';

/**
 * The /token calls, typed by their contracts (src/core/contracts/token.ts). The public reads go with
 * the bearer token when there is one: the server adds the player's own figures (stake, rewards, positions).
 */
export function tokenCalls(api: ApiClient) {
  return {
    details: () => api.get<Reply<typeof Token.getTokenDetails>>('/token/get-token-details').then((a) => a.tokenDetails),
    mining: () => api.get<Reply<typeof Token.getMiningLevels>>('/token/get-mining-levels'),
    // The staking screen's types also take the hub's events; each contract reply fits them.
    stakingPage: (): Promise<StakingPageData> => api.get<Reply<typeof Token.getStakingPageData>>('/token/get-staking-page-data'),
    burnHistory: () => api.get<Reply<typeof Token.getBurnHistory>>('/token/get-burn-history').then((a) => a.burnHistory),
    payoutHistory: (): Promise<HistoryItem[]> => api.get<Reply<typeof Token.getPayoutHistory>>('/token/get-payout-history').then((a) => a.payoutHistory),
    stakingHistory: (): Promise<HistoryItem[]> => api.get<Reply<typeof Token.getStakingHistory>>('/token/get-staking-history').then((a) => a.stakingHistory),
    claimRewards: () => api.post<Reply<typeof Token.claimRewards>>('/token/claim-rewards', {}),
    lock: (amount: string) => api.post<Reply<typeof Token.lock>>('/token/lock', { amount }),
    unlock: (amount: string) => api.post<Reply<typeof Token.unlock>>('/token/unlock', { amount }),
    bankroll: () => api.get<Reply<typeof Token.getBankrollPageData>>('/token/get-bankroll-page-data'),
    addLiquidity: (currency: string, amount: string) => api.post<Reply<typeof Token.addLiquidity>>('/token/add-liquidity', { currency, amount }),
    removeLiquidity: (currency: string, amount: string) =>
      api.post<Reply<typeof Token.removeLiquidity>>('/token/remove-liquidity', { currency, amount }),
  };
}
