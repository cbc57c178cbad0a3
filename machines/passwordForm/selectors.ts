import type { SnapshotFrom } from 'xstate';
import type { passwordFormMachine } from './machine';

type Snapshot = SnapshotFrom<typeof passwordFormMachine>;

export const selectPasswordFieldErrors = (snapshot: Snapshot) => snapshot.context.fieldErrors;
export const selectPasswordFormError = (snapshot: Snapshot) => snapshot.context.formError;
export const selectPasswordSucceeded = (snapshot: Snapshot) => snapshot.matches('succeeded');
export const selectPasswordFormKey = (snapshot: Snapshot) => snapshot.context.completed;

/** The reset page was opened from a link without its e-mail or token. */
export const selectLinkIncomplete = (s: Snapshot): boolean => s.matches('linkIncomplete');
