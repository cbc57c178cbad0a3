import type { SnapshotFrom } from 'xstate';
import type { authMachine } from './machine';

type Snapshot = SnapshotFrom<typeof authMachine>;

// The Auth modal's own selectors are in formSelectors.ts: they load with the modal, not with the first page.

export const selectIsSignedIn = (snapshot: Snapshot): boolean => snapshot.hasTag('signedIn');
export const selectIsRestoring = (snapshot: Snapshot): boolean => snapshot.hasTag('restoring');
export const selectIsBusy = (snapshot: Snapshot): boolean => snapshot.hasTag('busy');
export const selectUser = (snapshot: Snapshot) => snapshot.context.user;
