import type { SnapshotFrom } from 'xstate';
import { summaryLines } from '../../src/core/fairness/bulkVerify';
import type { BulkProgress, bulkVerifyMachine, BulkSummary } from './machine';

type Snapshot = SnapshotFrom<typeof bulkVerifyMachine>;

export type BulkStage = 'idle' | 'verifying' | 'done' | 'failed';
const STAGES: readonly BulkStage[] = ['verifying', 'done', 'failed'];

export const selectStage = (s: Snapshot): BulkStage => STAGES.find((stage) => s.matches(stage)) ?? 'idle';
export const selectFileName = (s: Snapshot): string | null => s.context.fileName;
export const selectProgress = (s: Snapshot): BulkProgress => s.context.progress;
/** How much of the file has been read, 0 to 100, rounded down (an empty file is read at once). */
export const selectPercentRead = (s: Snapshot): number => {
  const { bytesRead, totalBytes } = s.context.progress;
  return totalBytes === 0 ? 0 : Math.min(100, Math.floor((bytesRead * 100) / totalBytes));
};
export const selectSummary = (s: Snapshot): BulkSummary | null => s.context.summary;
/** The summary in the CLI's words. */
export const selectSummaryLines = (s: Snapshot) => (s.context.summary ? summaryLines(s.context.summary) : null);
export const selectError = (s: Snapshot): string | null => s.context.error;
export const selectDragOver = (s: Snapshot): boolean => s.context.dragOver;
export const selectIsBusy = (s: Snapshot): boolean => s.hasTag('busy');
/** Every revealed bet matched (the CLI's exit code 0). */
export const selectAllMatched = (s: Snapshot): boolean => s.context.summary !== null && s.context.summary.mismatches.length === 0;
