import type { SnapshotFrom } from 'xstate';
import type { MiningData, miningMachine } from './machine';

type Snapshot = SnapshotFrom<typeof miningMachine>;

export const selectMiningData = (s: Snapshot): MiningData | null => s.context.data;
export const selectMiningLoadState = (s: Snapshot): 'loading' | 'ready' | 'failed' =>
  s.matches('failed') ? 'failed' : s.hasTag('loading') ? 'loading' : 'ready';

/** Share of the current level already mined, 0..1 (1 once everything is mined). */
export function levelProgress(data: MiningData): number {
  const { mining } = data;
  if (mining.exhausted) return 1;
  if (mining.levelSupply <= 0) return 0;
  return Math.min(1, Math.max(0, mining.minedInLevel / mining.levelSupply));
}
