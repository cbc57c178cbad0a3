import type { SnapshotFrom } from 'xstate';
import type { transactionsMachine } from './machine';

type Snapshot = SnapshotFrom<typeof transactionsMachine>;

export const selectTransactionRows = (s: Snapshot) => s.context.rows;
export const selectTransactionsLoading = (s: Snapshot) => s.hasTag('loading');
export const selectTransactionsFailed = (s: Snapshot) => s.hasTag('alert');
export const selectLoadingMore = (s: Snapshot) => s.hasTag('loadingMore');
export const selectHasOlderRows = (s: Snapshot) => s.context.nextBefore !== null;
export const selectListError = (s: Snapshot) => s.context.listError;
export const selectDownloading = (s: Snapshot) => s.hasTag('downloading');
export const selectDownloadError = (s: Snapshot) => s.context.downloadError;
/** The bets download (JSON lines or CSV) is the one running. */
export const selectDownloadingBets = (s: Snapshot) => s.hasTag('downloadingBets');
