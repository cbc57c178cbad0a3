import type { SnapshotFrom } from 'xstate';
import type { responsibleMachine } from './machine';

type Snapshot = SnapshotFrom<typeof responsibleMachine>;

export type ResponsibleView = 'loading' | 'unavailable' | 'page';

export function selectResponsibleView(snapshot: Snapshot): ResponsibleView {
  if (snapshot.matches('unavailable')) return 'unavailable';
  return snapshot.context.state === null ? 'loading' : 'page';
}
export const selectLimits = (snapshot: Snapshot) => snapshot.context.state?.limits ?? [];
export const selectBlock = (snapshot: Snapshot) => snapshot.context.state?.block ?? null;
export const selectLimitForm = (snapshot: Snapshot) => snapshot.context.form;
/** Where the page shows the last answer: under the limits, or under Take a break and Self-exclusion. */
export const selectMessagesTopic = (snapshot: Snapshot) => snapshot.context.topic;
export const selectResponsibleMessages = (snapshot: Snapshot) => ({
  fieldError: snapshot.context.fieldError,
  formError: snapshot.context.formError,
  notice: snapshot.context.notice,
});
/** The break or exclusion the confirmation asks about, while it asks. */
export const selectConfirming = (snapshot: Snapshot) => (snapshot.matches('confirmingBlock') ? snapshot.context.block : null);
export const selectSending = (snapshot: Snapshot) => snapshot.context.sending;
export const selectStartingBlock = (snapshot: Snapshot) => snapshot.matches('startingBlock');
export const selectResponsibleBusy = (snapshot: Snapshot) => snapshot.hasTag('busy');
