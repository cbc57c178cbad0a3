import type { SnapshotFrom } from 'xstate';
import type { twoFactorMachine } from './machine';

type Snapshot = SnapshotFrom<typeof twoFactorMachine>;

export type TwoFactorView = 'loading' | 'unavailable' | 'off' | 'on';

export function selectTwoFactorView(snapshot: Snapshot): TwoFactorView {
  if (snapshot.matches('on') || snapshot.matches('disabling')) return 'on';
  if (snapshot.matches('off') || snapshot.matches('enabling')) return 'off';
  if (snapshot.matches('keyUnavailable')) return 'unavailable';
  return 'loading';
}
export const selectMfaKey = (snapshot: Snapshot) => snapshot.context.key;
export const selectTwoFactorMessages = (snapshot: Snapshot) => snapshot.context;
