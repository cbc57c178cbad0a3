import type { SnapshotFrom } from 'xstate';
import type { BankrollPool, earnMachine, PlayerInvestment } from './machine';

type Snapshot = SnapshotFrom<typeof earnMachine>;

export const selectEarnLoadState = (s: Snapshot): 'loading' | 'ready' | 'failed' =>
  s.matches({ data: 'failed' }) ? 'failed' : s.matches({ data: 'loading' }) ? 'loading' : 'ready';
export const selectPools = (s: Snapshot): BankrollPool[] => s.context.pools;
export const selectPositions = (s: Snapshot): PlayerInvestment[] => s.context.playerInvestments;
export const selectEarnSignedIn = (s: Snapshot): boolean => s.matches({ session: 'signedIn' });

/** Totals in dollars at the given rates; a pool without a rate counts as 0. */
export function bankrollTotals(pools: BankrollPool[], rates: Readonly<Record<string, number>>) {
  let valueLocked = 0;
  let profit = 0;
  let volume = 0;
  for (const pool of pools) {
    const rate = rates[pool.currency] ?? 0;
    valueLocked += pool.totalStaked * rate;
    profit += pool.totalProfit * rate;
    volume += pool.wagerVolume * rate;
  }
  return { valueLocked, profit, volume };
}
