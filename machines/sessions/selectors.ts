import type { SnapshotFrom } from 'xstate';
import type { sessionsMachine } from './machine';

type Snapshot = SnapshotFrom<typeof sessionsMachine>;

export type SessionsView = 'loading' | 'unavailable' | 'list';

/** The list shows as soon as there is one (also while it is read again after an ending). */
export function selectSessionsView(snapshot: Snapshot): SessionsView {
  if (snapshot.matches('unavailable')) return 'unavailable';
  return snapshot.context.sessions === null ? 'loading' : 'list';
}
export const selectSessions = (snapshot: Snapshot) => snapshot.context.sessions ?? [];
export const selectEndingId = (snapshot: Snapshot) => snapshot.context.endingId;
export const selectSessionsMessages = (snapshot: Snapshot) => snapshot.context;
export const selectSessionsBusy = (snapshot: Snapshot) => snapshot.hasTag('busy');
