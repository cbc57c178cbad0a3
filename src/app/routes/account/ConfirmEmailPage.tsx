import { useActorRef, useSelector } from '@xstate/react';
import { messages } from '../../../core/accounts/validation';
import { useRuntime } from '../../actors/AppActor';
import { provideConfirmEmail } from '../../actors/account';
import styles from '../../components/account/Account.module.css';

/** /confirm-email?userId=..&token=.. (SPEC §2, §8). */
export function ConfirmEmailPage({ userId, token }: { userId: string | null; token: string | null }) {
  const runtime = useRuntime();
  const actor = useActorRef(runtime.provided(provideConfirmEmail), { input: { userId, token } });
  const state = useSelector(actor, (s) => (s.matches('confirmed') ? 'confirmed' : s.matches('failed') ? 'failed' : 'checking'));
  return (
    <div className={`${styles.card} ${styles.narrow} ${styles.result}`} aria-live="polite">
      {state === 'checking' ? <p className={styles.lead}>Confirming your e-mail address…</p> : null}
      {state === 'confirmed' ? <h1 className={styles.ok}>{messages.emailConfirmed}</h1> : null}
      {state === 'failed' ? (
        <>
          <h1 className={styles.bad}>{messages.emailConfirmFailed}</h1>
          <p className={styles.lead}>{messages.emailConfirmFailedHint}</p>
        </>
      ) : null}
    </div>
  );
}
