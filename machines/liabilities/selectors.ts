import type { SnapshotFrom } from 'xstate';
import type { liabilitiesMachine } from './machine';

type Snapshot = SnapshotFrom<typeof liabilitiesMachine>;

export const selectLatestSnapshot = (s: Snapshot) => s.context.snapshot;
export const selectSnapshotsLoading = (s: Snapshot) => s.hasTag('loading');
export const selectSnapshotsFailed = (s: Snapshot) => s.hasTag('alert');
export const selectListError = (s: Snapshot) => s.context.listError;
export const selectSignedIn = (s: Snapshot) => s.hasTag('signedIn');
/** The currency whose check runs now, if any. */
export const selectCheckingCurrency = (s: Snapshot) => (s.hasTag('checking') ? s.context.checking : null);
export const selectChecks = (s: Snapshot) => s.context.checks;
