import type { SnapshotFrom } from 'xstate';
import type { authMachine } from './machine';

/** What the Auth modal reads of the auth actor: a module of its own, so it loads with the modal's chunk. */

type Snapshot = SnapshotFrom<typeof authMachine>;

/** Which part of the Auth modal is on screen; 'forms' means the Log in / Sign up tab decides. */
export type AuthModalStep = 'forms' | 'mfaCode' | 'forgotPassword' | 'resetRequested';

export const selectFieldErrors = (snapshot: Snapshot) => snapshot.context.fieldErrors;
export const selectFormError = (snapshot: Snapshot) => snapshot.context.formError;

export function selectAuthModalStep(snapshot: Snapshot): AuthModalStep {
  if (snapshot.matches({ signedOut: 'awaitingMfaCode' }) || snapshot.matches({ signedOut: 'verifyingMfaCode' })) return 'mfaCode';
  if (snapshot.matches({ signedOut: 'forgotPassword' }) || snapshot.matches({ signedOut: 'requestingReset' })) return 'forgotPassword';
  if (snapshot.matches({ signedOut: 'resetRequested' })) return 'resetRequested';
  return 'forms';
}
