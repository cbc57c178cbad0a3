import type { SnapshotFrom } from 'xstate';
import type { cashierMachine } from './machine';

type Snapshot = SnapshotFrom<typeof cashierMachine>;

export const selectTab = (s: Snapshot): 'deposit' | 'withdraw' => (s.matches('withdraw') ? 'withdraw' : 'deposit');
export const selectCopied = (s: Snapshot) => s.hasTag('copied');
export const selectAddressState = (s: Snapshot): 'loading' | 'shown' | 'unavailable' =>
  s.matches({ deposit: { address: 'loading' } }) ? 'loading' : s.matches({ deposit: { address: 'unavailable' } }) ? 'unavailable' : 'shown';
export const selectDemoOffered = (s: Snapshot) => s.matches('deposit') && !s.matches({ deposit: { demo: 'off' } }) && !s.matches({ deposit: { demo: 'checking' } });
export const selectClaiming = (s: Snapshot) => s.matches({ deposit: { demo: 'claiming' } });
export const selectSubmitting = (s: Snapshot) => s.matches({ withdraw: { form: 'submitting' } });
export const selectWithdrawalsLoading = (s: Snapshot) => s.matches({ withdraw: { list: 'loading' } });
