import type { SnapshotFrom } from 'xstate';
import { decimalToUnits, unitsToNumber } from '../../src/core/money';
import { DEFAULT_DAILY_PAYOUT_SHARE, msUntilNextMidnightUtc } from './machine';
import type { HistoryItem, HistoryTab, StakingPageData, stakingMachine } from './machine';

type Snapshot = SnapshotFrom<typeof stakingMachine>;

export const selectStakingData = (s: Snapshot): StakingPageData | null => s.context.data;
export const selectStakingLoadState = (s: Snapshot): 'loading' | 'ready' | 'failed' =>
  s.matches({ data: 'failed' }) ? 'failed' : s.matches({ data: 'loading' }) ? 'loading' : 'ready';
export const selectStakingSignedIn = (s: Snapshot): boolean => s.matches({ session: 'signedIn' });
export const selectClaiming = (s: Snapshot): boolean => s.hasTag('claiming');

export const selectHistoryTab = (s: Snapshot): HistoryTab =>
  s.matches({ history: { tab: 'staking' } }) ? 'staking' : s.matches({ history: { tab: 'payout' } }) ? 'payout' : 'burn';

/** The shown tab's rows and whether they are loading, loaded or failed. */
export function selectShownHistory(s: Snapshot): { tab: HistoryTab; status: 'loading' | 'loaded' | 'failed'; items: HistoryItem[] } {
  const tab = selectHistoryTab(s);
  const items = tab === 'burn' ? s.context.burnHistory : tab === 'payout' ? s.context.payoutHistory : s.context.stakingHistory;
  const status = s.matches({ history: { [tab]: 'failed' } }) ? 'failed' : s.matches({ history: { [tab]: 'loaded' } }) ? 'loaded' : 'loading';
  return { tab, status, items };
}

/** Countdown to the next midnight UTC as HH:MM:SS. */
export function selectCountdown(s: Snapshot): string {
  const total = Math.floor(msUntilNextMidnightUtc(s.context.now) / 1000);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(Math.floor(total / 3600))}:${pad(Math.floor((total % 3600) / 60))}:${pad(total % 60)}`;
}

/** docs/product.md §9: the next payout of a pool is shown as 2% of its value, floored to the base unit. */
export function nextPayoutOf(poolValue: number, share: number = DEFAULT_DAILY_PAYOUT_SHARE): number {
  const shareUnits = decimalToUnits(share);
  return unitsToNumber((decimalToUnits(poolValue) * shareUnits) / 100_000_000n);
}

export const availableReward = (p: { total: number; claimed: number }): number =>
  unitsToNumber(decimalToUnits(p.total) - decimalToUnits(p.claimed));
