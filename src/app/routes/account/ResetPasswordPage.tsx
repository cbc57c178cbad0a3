import { useSelector } from '@xstate/react';
import { accountMessages } from '../../../core/accounts/accountForms';
import { selectLinkIncomplete, selectPasswordSucceeded } from '../../../../machines/passwordForm/selectors';
import { useModalStackRef, useRuntime } from '../../actors/AppActor';
import { PasswordForm } from '../../components/account/PasswordForm';
import form from '../../components/forms/Form.module.css';
import styles from '../../components/account/Account.module.css';
import type { ActorRefFrom } from 'xstate';
import { SCREEN_IDS } from '../../../../machines/shared/screens';
import { useScreenActor } from '../../adapters/screenActor';
import { providePasswordForm } from '../../actors/account';

/** /reset-password?email=..&token=.. (docs/product.md §2, §8): a new password without the old one. */
export function ResetPasswordPage({ email, token }: { email: string; token: string }) {
  const runtime = useRuntime();
  const actor = useScreenActor(SCREEN_IDS.passwordForm, runtime.provided(providePasswordForm), { mode: 'reset', email, token });
  return actor ? <ResetPassword actor={actor} email={email} /> : null;
}

function ResetPassword({ actor, email }: { actor: ActorRefFrom<ReturnType<typeof providePasswordForm>>; email: string }) {
  const modals = useModalStackRef();
  const succeeded = useSelector(actor, selectPasswordSucceeded);
  const incomplete = useSelector(actor, selectLinkIncomplete);
  if (incomplete) {
    return (
      <div className={`${styles.card} ${styles.narrow} ${styles.result}`}>
        <h1 className={styles.bad}>This reset link is incomplete</h1>
        <p className={styles.lead}>Open the link from the e-mail exactly as it was sent, or ask for a new one with Forgot password.</p>
      </div>
    );
  }
  if (succeeded) {
    return (
      <div className={`${styles.card} ${styles.narrow} ${styles.result}`}>
        <h1 className={styles.ok}>{accountMessages.passwordReset}</h1>
        <p className={styles.lead}>{accountMessages.passwordResetDetail}</p>
        <button
          type="button"
          className={form.submit}
          onClick={() => modals.send({ type: 'user.openModal', name: 'Auth', params: { tab: 'login' } })}
        >
          Log in
        </button>
      </div>
    );
  }
  return (
    <div className={`${styles.card} ${styles.narrow}`}>
      <h1>Reset password</h1>
      <p className={styles.lead}>Choose a new password{email ? ` for ${email}` : ''}.</p>
      <PasswordForm actor={actor} submitLabel="Reset password" label="Reset password" />
    </div>
  );
}
