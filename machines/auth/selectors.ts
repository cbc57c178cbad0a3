import type { SnapshotFrom } from 'xstate';
import type { authMachine } from './machine';

type Snapshot = SnapshotFrom<typeof authMachine>;

/** Which part of the Auth modal is on screen; 'forms' means the Log in / Sign up tab decides. */
export type AuthModalStep = 'forms' | 'mfaCode' | 'forgotPassword' | 'resetRequested';

export const selectIsSignedIn = (snapshot: Snapshot): boolean => snapshot.hasTag('signedIn');
export const selectIsRestoring = (snapshot: Snapshot): boolean => snapshot.hasTag('restoring');
export const selectIsBusy = (snapshot: Snapshot): boolean => snapshot.hasTag('busy');
export const selectUser = (snapshot: Snapshot) => snapshot.context.user;
export const selectFieldErrors = (snapshot: Snapshot) => snapshot.context.fieldErrors;
export const selectFormError = (snapshot: Snapshot) => snapshot.context.formError;

export function selectAuthModalStep(snapshot: Snapshot): AuthModalStep {
  if (snapshot.matches({ signedOut: 'awaitingMfaCode' }) || snapshot.matches({ signedOut: 'verifyingMfaCode' })) return 'mfaCode';
  if (snapshot.matches({ signedOut: 'forgotPassword' }) || snapshot.matches({ signedOut: 'requestingReset' })) return 'forgotPassword';
  if (snapshot.matches({ signedOut: 'resetRequested' })) return 'resetRequested';
  return 'forms';
}
