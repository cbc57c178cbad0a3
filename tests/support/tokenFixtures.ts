import { fromPromise } from 'xstate';
import type { BankrollData, PositionChange } from '../../machines/earn/machine';
import type { MiningData } from '../../machines/mining/machine';
import type { ClaimResult, HistoryItem, StakingPageData } from '../../machines/staking/machine';
import type { TokenDetails } from '../../machines/token/machine';

/** The token screens' figures as the server sends them, shared by their machine tests. */

export const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
export const never = <T>() => fromPromise<T, void>(() => new Promise<T>(() => {}));

export const details: TokenDetails = {
  tokenName: 'ACC Token', tokenSymbol: 'ACC', chainName: 'Ethereum', contractAddress: '0xabc', maxSupply: 100_000_000,
  totalSupply: 1234.5, circulatingSupply: 1000.5, price: 0.05, marketCap: 50.02, totalTokensMined: 1250, totalBurned: 15.5,
  totalLocked: 234, miningLevelNumber: 1, miningDifficulty: 10,
};
export const miningData: MiningData = {
  miningLevels: [{ levelNumber: 1, supply: 500_000, difficulty: 10 }, { levelNumber: 2, supply: 1_000_000, difficulty: 12 }],
  mining: { maxSupply: 100_000_000, totalMined: 1250, unmined: 99_998_750, levelNumber: 1, difficulty: 10, levelSupply: 500_000, minedInLevel: 1250, remainingInLevel: 498_750, exhausted: false },
};
export const stakingData: StakingPageData = {
  pools: [{ currency: 'BTC', totalStaked: 0.5 }], totalLocked: 234, userTotalStaked: 12,
  stakingPayouts: [{ currency: 'BTC', total: 0.00001, claimed: 0.000004 }], dailyPayoutShare: 0.02, unlockFee: 0.01, nextPayoutAt: '2026-11-23T00:00:00.000Z',
};
export const claimResult: ClaimResult = {
  walletBalances: [{ currency: 'BTC', balance: 1 }],
  stakingPayouts: [{ currency: 'BTC', total: 0.00001, claimed: 0.00001 }],
  claimed: [{ currency: 'BTC', amount: 0.000006 }],
};
export const burns: HistoryItem[] = [{ id: 1, date: '2025-01-01T00:00:00Z', amount: 0.025, currency: 'ACC' }];
export const bankroll: BankrollData = {
  pools: [{ currency: 'BTC', totalStaked: 10, totalProfit: 0.1, wagerVolume: 2 }],
  playerInvestments: [{ currency: 'BTC', currentInvestment: 0.0101, principal: 0.01, shareOfTotalBankroll: 0.001 }],
};
export const invested: PositionChange = {
  currency: 'BTC', amount: 0.01, balance: 0.5,
  pool: { currency: 'BTC', totalStaked: 10.01, totalProfit: 0.1, wagerVolume: 2 },
  position: { currency: 'BTC', currentInvestment: 0.0201, principal: 0.02, shareOfTotalBankroll: 0.002 },
};
export const divestedAll: PositionChange = {
  currency: 'BTC', amount: 0.0201, balance: 0.52,
  pool: { currency: 'BTC', totalStaked: 9.99, totalProfit: 0.1, wagerVolume: 2 },
  position: { currency: 'BTC', currentInvestment: 0, principal: 0, shareOfTotalBankroll: 0 },
};
export const stakeChange = { amount: 4, balance: 6, totalLocked: 238, userTotalStaked: 16 };

export function recorder() {
  const calls: Array<[string, unknown]> = [];
  const record = (name: string) => (_: unknown, params?: unknown) => void calls.push([name, params]);
  return { calls, record };
}
