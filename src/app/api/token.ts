import type { BankrollData, PositionChange } from '../../../machines/earn/machine';
import type { MiningData } from '../../../machines/mining/machine';
import type { ClaimResult, HistoryItem, StakeChange, StakingPageData } from '../../../machines/staking/machine';
import type { TokenDetails } from '../../../machines/token/machine';
import type { ApiClient } from './client';

/**
 * The /token calls (SPEC §7, docs/api.md "Token"), typed. The public reads go with the bearer token
 * when there is one: the server adds the player's own figures (stake, rewards, positions).
 */
export function tokenCalls(api: ApiClient) {
  return {
    details: () => api.get<{ tokenDetails: TokenDetails }>('/token/get-token-details').then((a) => a.tokenDetails),
    mining: () => api.get<MiningData>('/token/get-mining-levels'),
    stakingPage: () => api.get<StakingPageData>('/token/get-staking-page-data'),
    burnHistory: () => api.get<{ burnHistory: HistoryItem[] }>('/token/get-burn-history').then((a) => a.burnHistory),
    payoutHistory: () => api.get<{ payoutHistory: HistoryItem[] }>('/token/get-payout-history').then((a) => a.payoutHistory),
    stakingHistory: () => api.get<{ stakingHistory: HistoryItem[] }>('/token/get-staking-history').then((a) => a.stakingHistory),
    claimRewards: () => api.post<ClaimResult>('/token/claim-rewards', {}),
    lock: (amount: string) => api.post<StakeChange>('/token/lock', { amount }),
    unlock: (amount: string) => api.post<StakeChange>('/token/unlock', { amount }),
    bankroll: () => api.get<BankrollData>('/token/get-bankroll-page-data'),
    addLiquidity: (currency: string, amount: string) =>
      api.post<PositionChange>('/token/add-liquidity', { currency, amount }),
    removeLiquidity: (currency: string, amount: string) =>
      api.post<PositionChange>('/token/remove-liquidity', { currency, amount }),
  };
}
