import { selectUser } from '../../../../machines/auth/selectors';
import { useAuth, useRuntime } from '../../actors/AppActor';
import { PasswordForm } from '../../components/account/PasswordForm';
import { SessionsPanel } from '../../components/account/SessionsPanel';
import { TwoFactorPanel } from '../../components/account/TwoFactorPanel';
import { FormNotice } from '../../components/forms/Field';
import { accountMessages } from '../../../core/accounts/accountForms';
import { useSelector } from '@xstate/react';
import { selectPasswordSucceeded } from '../../../../machines/passwordForm/selectors';
import styles from '../../components/account/Account.module.css';
import form from '../../components/forms/Form.module.css';
import type { ActorRefFrom } from 'xstate';
import { SCREEN_IDS } from '../../../../machines/shared/screens';
import { useScreenActor } from '../../adapters/screenActor';
import { providePasswordForm, provideResendConfirmation } from '../../actors/account';

/** /account, the security page (docs/product.md §2): change password, two-factor and the open sessions. Login only. */
export function AccountPage() {
  const [user] = useAuth(selectUser);
  if (!user) return null;
  return (
    <div className={styles.page}>
      <h1>Account</h1>
      <p className={styles.lead}>
        Signed in as <strong>{user.userName}</strong> ({user.email}
        {user.emailConfirmed ? '' : ', not confirmed yet'}).
      </p>
      {user.emailConfirmed ? null : <ResendConfirmation />}
      <div className={styles.grid}>
        <section className={styles.card} aria-labelledby="change-password-heading">
          <h2 id="change-password-heading">Change password</h2>
          {/* The code field follows two-factor: a new form (and actor) when it is switched. */}
          <ChangePassword key={String(user.tfaEnabled)} needsCode={user.tfaEnabled} />
        </section>
        <section className={styles.card} aria-labelledby="two-factor-heading">
          <h2 id="two-factor-heading">Two-factor authentication</h2>
          <TwoFactorPanel enabledAtStart={user.tfaEnabled} />
        </section>
        <section className={`${styles.card} ${styles.wide}`} aria-labelledby="sessions-heading">
          <h2 id="sessions-heading">Sessions</h2>
          <SessionsPanel />
        </section>
      </div>
    </div>
  );
}

function ChangePassword({ needsCode }: { needsCode: boolean }) {
  const runtime = useRuntime();
  const actor = useScreenActor(SCREEN_IDS.passwordForm, runtime.provided(providePasswordForm), { mode: 'change', needsCode });
  return actor ? <ChangePasswordForm actor={actor} /> : null;
}

function ChangePasswordForm({ actor }: { actor: ActorRefFrom<ReturnType<typeof providePasswordForm>> }) {
  const succeeded = useSelector(actor, selectPasswordSucceeded);
  return (
    <>
      <FormNotice message={succeeded ? accountMessages.passwordChanged : null} />
      <PasswordForm actor={actor} submitLabel="Change password" label="Change password" />
    </>
  );
}

/** Offered while the address is not confirmed: asks the server for a new link. */
function ResendConfirmation() {
  const runtime = useRuntime();
  const actor = useScreenActor(SCREEN_IDS.resendConfirmation, runtime.provided(provideResendConfirmation));
  return actor ? <ResendButton actor={actor} /> : null;
}

function ResendButton({ actor }: { actor: ActorRefFrom<ReturnType<typeof provideResendConfirmation>> }) {
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const message = useSelector(actor, (s) => s.context.message);
  const refused = useSelector(actor, (s) => s.hasTag('alert'));
  return (
    <div className={styles.resend}>
      <button type="button" className={styles.resendButton} disabled={busy} onClick={() => actor.send({ type: 'user.resend' })}>
        {busy ? 'Sending…' : 'Resend confirmation e-mail'}
      </button>
      {message ? (
        <p className={refused ? form.alert : form.notice} role={refused ? 'alert' : 'status'}>
          {message}
        </p>
      ) : null}
    </div>
  );
}
