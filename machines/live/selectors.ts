import type { SnapshotFrom } from 'xstate';
import type { liveMachine } from './machine';

type Snapshot = SnapshotFrom<typeof liveMachine>;

export type LiveStatus = 'disconnected' | 'connecting' | 'connected' | 'reconnecting' | 'disconnecting' | 'gaveUp';

/** The five states of docs/product.md §4 plus the one that says the retries are over. */
export const selectLiveStatus = (s: Snapshot): LiveStatus => {
  if (s.matches('disconnected')) return 'disconnected';
  if (s.matches({ session: 'connecting' })) return 'connecting';
  if (s.matches({ session: 'connected' })) return 'connected';
  if (s.matches({ session: 'reconnecting' })) return 'reconnecting';
  if (s.matches({ session: 'disconnecting' })) return 'disconnecting';
  return 'gaveUp';
};
export const selectIsLive = (s: Snapshot): boolean => s.hasTag('live');
export const selectHasGivenUp = (s: Snapshot): boolean => s.matches({ session: 'gaveUp' });
