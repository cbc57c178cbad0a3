import type { SnapshotFrom } from 'xstate';
import type { TokenDetails, tokenPageMachine } from './machine';

type Snapshot = SnapshotFrom<typeof tokenPageMachine>;

export const selectTokenDetails = (s: Snapshot): TokenDetails | null => s.context.details;
export const selectTokenLoadState = (s: Snapshot): 'loading' | 'ready' | 'failed' =>
  s.matches('failed') ? 'failed' : s.matches('ready') ? 'ready' : 'loading';
