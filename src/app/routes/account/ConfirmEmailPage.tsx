import { useSelector } from '@xstate/react';
import { accountMessages } from '../../../core/accounts/accountForms';
import { useRuntime } from '../../actors/AppActor';
import styles from '../../components/account/Account.module.css';
import type { ActorRefFrom } from 'xstate';
import { SCREEN_IDS } from '../../../../machines/shared/screens';
import { useScreenActor } from '../../adapters/screenActor';
import { provideConfirmEmail } from '../../actors/account';

/** /confirm-email?userId=..&token=.. (docs/product.md §2, §8). */
export function ConfirmEmailPage({ userId, token }: { userId: string | null; token: string | null }) {
  const runtime = useRuntime();
  const actor = useScreenActor(SCREEN_IDS.confirmEmail, runtime.provided(provideConfirmEmail), { userId, token });
  return actor ? <Confirmation actor={actor} /> : null;
}

function Confirmation({ actor }: { actor: ActorRefFrom<ReturnType<typeof provideConfirmEmail>> }) {
  const state = useSelector(actor, (s) =>
    s.matches('confirmed') ? 'confirmed' : s.matches('failed') ? 'failed' : s.matches('incomplete') ? 'incomplete' : 'checking',
  );
  return (
    <div className={`${styles.card} ${styles.narrow} ${styles.result}`} aria-live="polite">
      {state === 'checking' ? <p className={styles.lead}>Confirming your e-mail address…</p> : null}
      {state === 'confirmed' ? <h1 className={styles.ok}>{accountMessages.emailConfirmed}</h1> : null}
      {state === 'incomplete' ? (
        <>
          <h1 className={styles.bad}>This confirmation link is incomplete</h1>
          <p className={styles.lead}>Open the link from the e-mail exactly as it was sent, or ask for a new one on your account page.</p>
        </>
      ) : null}
      {state === 'failed' ? (
        <>
          <h1 className={styles.bad}>{accountMessages.emailConfirmFailed}</h1>
          <p className={styles.lead}>{accountMessages.emailConfirmFailedHint}</p>
        </>
      ) : null}
    </div>
  );
}
