import type { SnapshotFrom } from 'xstate';
import type { statsMachine } from './machine';

type Snapshot = SnapshotFrom<typeof statsMachine>;

export const selectStatsOpen = (s: Snapshot) => s.hasTag('open');
export const selectStatsLoading = (s: Snapshot) => s.hasTag('loading');
export const selectStatsFailed = (s: Snapshot) => s.hasTag('alert');
export const selectStatsError = (s: Snapshot) => s.context.error;
export const selectStatsTab = (s: Snapshot) => s.context.tab;
export const selectStatsCurrency = (s: Snapshot) => s.context.currency;
export const selectStats = (s: Snapshot) => s.context.stats;
export const selectShownTotals = (s: Snapshot) => (s.context.stats ? s.context.stats[s.context.tab] : null);
