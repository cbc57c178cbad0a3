import type { SnapshotFrom } from 'xstate';
import { formatCrypto } from '../../src/core/money';
import { DEMO_MESSAGES } from './machine';
import type { cashierMachine } from './machine';

type Snapshot = SnapshotFrom<typeof cashierMachine>;

export const selectTab = (s: Snapshot): 'deposit' | 'withdraw' => (s.matches('withdraw') ? 'withdraw' : 'deposit');
export const selectCopied = (s: Snapshot) => s.hasTag('copied');
export const selectAddressState = (s: Snapshot): 'loading' | 'shown' | 'unavailable' =>
  s.matches({ deposit: { address: 'loading' } }) ? 'loading' : s.matches({ deposit: { address: 'unavailable' } }) ? 'unavailable' : 'shown';
export const selectDemoOffered = (s: Snapshot) => s.matches('deposit') && s.hasTag('demoVisible');
/** The server does not hand out this currency (ACC): the panel says so and shows no button. */
export const selectDemoNotForCurrency = (s: Snapshot) => s.matches({ deposit: { demo: 'notForThisCurrency' } });
/** The one demo message shown: the credit, the wait in words, or the server's refusal. */
export const selectDemoNotice = (s: Snapshot): { kind: 'status' | 'alert'; text: string; detail?: string } | null => {
  const { context } = s;
  if (s.matches({ deposit: { demo: 'notForThisCurrency' } })) return { kind: 'status', text: DEMO_MESSAGES.notDemoCurrency(context.currency) };
  if (s.matches({ deposit: { demo: 'claimed' } }) && context.lastClaim) {
    return {
      kind: 'status',
      text: DEMO_MESSAGES.claimed(formatCrypto(context.lastClaim.amount), context.lastClaim.currency),
      detail: DEMO_MESSAGES.nextIn(context.demoWaitSeconds),
    };
  }
  if (s.matches({ deposit: { demo: 'waiting' } })) return { kind: 'alert', text: DEMO_MESSAGES.nextIn(context.demoWaitSeconds) };
  if (s.matches({ deposit: { demo: 'refused' } }) && context.demoMessage) return { kind: 'alert', text: context.demoMessage };
  return null;
};
export const selectCanClaimDemo = (s: Snapshot) => s.can({ type: 'user.claimDemoFunds' });
export const selectClaiming = (s: Snapshot) => s.matches({ deposit: { demo: 'claiming' } });
export const selectSubmitting = (s: Snapshot) => s.matches({ withdraw: { form: 'submitting' } });
export const selectWithdrawalsLoading = (s: Snapshot) => s.matches({ withdraw: { list: 'loading' } });
