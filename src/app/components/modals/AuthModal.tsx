import type { FormEvent } from 'react';
import {
  selectAuthModalStep,
  selectFieldErrors,
  selectFormError,
} from '../../../../machines/auth/formSelectors';
import { useAuth, useAuthRef, useModalStackRef } from '../../actors/AppActor';
import { Field, FormAlert, TwoFactorCodeField, formValues } from '../forms/Field';
import form from '../forms/Form.module.css';
import styles from './Modal.module.css';
import { TabList } from '../ui/TabList';

/*
 * The Auth modal (docs/product.md §2): Log in and Sign up tabs, and the forgot-password and two-factor code
 * steps. Every form sends its values to the auth actor on submit; the machine validates, calls and
 * keeps the messages. Buttons are enabled by `snapshot.can(...)`, so a request in flight disables them.
 */

type AuthTab = 'login' | 'register';

const tabs: Array<{ id: AuthTab; label: string }> = [
  { id: 'login', label: 'Log in' },
  { id: 'register', label: 'Sign up' },
];

const submitted = (event: FormEvent<HTMLFormElement>) => {
  event.preventDefault();
  return formValues(event.currentTarget);
};

export function AuthModal({ tab }: { tab: AuthTab }) {
  const [step] = useAuth(selectAuthModalStep);
  if (step === 'mfaCode') return <MfaCodeStep />;
  if (step === 'forgotPassword' || step === 'resetRequested') return <ForgotPasswordStep requested={step === 'resetRequested'} />;
  return <AuthTabs tab={tab} />;
}

function AuthTabs({ tab }: { tab: AuthTab }) {
  const modals = useModalStackRef();
  const auth = useAuthRef();
  return (
    <div>
      <TabList
        label="Log in or sign up"
        tabs={tabs}
        selected={tab}
        classes={styles}
        ids={{ tab: (id) => `auth-tab-${id}`, panel: () => 'auth-panel' }}
        onSelect={(id) => {
          modals.send({ type: 'user.openModal', name: 'Auth', params: { tab: id } });
          auth.send({ type: 'user.backToForms' });
        }}
      />
      <div id="auth-panel" role="tabpanel" aria-labelledby={`auth-tab-${tab}`}>
        {tab === 'login' ? <LoginForm /> : <RegisterForm />}
      </div>
    </div>
  );
}

function LoginForm() {
  const [errors, send] = useAuth(selectFieldErrors);
  const [formError] = useAuth(selectFormError);
  const [canSubmit] = useAuth((s) => s.can({ type: 'user.login', userName: '', password: '' }));
  const [busy] = useAuth((s) => s.matches({ signedOut: 'loggingIn' }));
  return (
    <form
      className={form.form}
      noValidate
      aria-label="Log in"
      onSubmit={(event) => {
        const v = submitted(event);
        send({ type: 'user.login', userName: v.userName ?? '', password: v.password ?? '' });
      }}
    >
      <Field label="User name or e-mail" name="userName" autoComplete="username" error={errors.userName} />
      <Field label="Password" name="password" type="password" autoComplete="current-password" error={errors.password} />
      <button type="button" className={form.linkButton} onClick={() => send({ type: 'user.forgotPassword' })}>
        Forgot password?
      </button>
      <FormAlert message={formError} />
      <button type="submit" className={form.submit} disabled={!canSubmit}>
        {busy ? 'Logging in…' : 'Log in'}
      </button>
    </form>
  );
}

function RegisterForm() {
  const [errors, send] = useAuth(selectFieldErrors);
  const [formError] = useAuth(selectFormError);
  const [canSubmit] = useAuth((s) => s.can({ type: 'user.register', userName: '', email: '', password: '' }));
  const [busy] = useAuth((s) => s.matches({ signedOut: 'registering' }));
  return (
    <form
      className={form.form}
      noValidate
      aria-label="Sign up"
      onSubmit={(event) => {
        const v = submitted(event);
        send({ type: 'user.register', userName: v.userName ?? '', email: v.email ?? '', password: v.password ?? '' });
      }}
    >
      <Field label="User name" name="userName" autoComplete="username" error={errors.userName} />
      <Field label="E-mail" name="email" type="email" autoComplete="email" error={errors.email} />
      <Field label="Password" name="password" type="password" autoComplete="new-password" error={errors.password} />
      <p className={form.hint}>3 to 20 letters, digits or underscores; a password of 8 or more characters.</p>
      <FormAlert message={formError} />
      <button type="submit" className={form.submit} disabled={!canSubmit}>
        {busy ? 'Creating your account…' : 'Sign up'}
      </button>
    </form>
  );
}

function MfaCodeStep() {
  const [errors, send] = useAuth(selectFieldErrors);
  const [formError] = useAuth(selectFormError);
  const [canSubmit] = useAuth((s) => s.can({ type: 'user.submitMfaCode', code: '' }));
  const [busy] = useAuth((s) => s.matches({ signedOut: 'verifyingMfaCode' }));
  return (
    <form
      className={form.form}
      noValidate
      aria-label="Two-factor step"
      onSubmit={(event) => send({ type: 'user.submitMfaCode', code: submitted(event).mfaCode ?? '' })}
    >
      <p className={form.hint}>Two-factor authentication is on for this account. Enter the 6-digit code from your authenticator app.</p>
      {/* The step replaces the password form; the code field is where the player continues. */}
      <TwoFactorCodeField error={errors.mfaCode} autoFocus />
      <FormAlert message={formError} />
      <button type="submit" className={form.submit} disabled={!canSubmit}>
        {busy ? 'Checking…' : 'Verify'}
      </button>
      <button type="button" className={form.linkButton} onClick={() => send({ type: 'user.backToForms' })}>
        Back to log in
      </button>
    </form>
  );
}

function ForgotPasswordStep({ requested }: { requested: boolean }) {
  const [errors, send] = useAuth(selectFieldErrors);
  const [formError] = useAuth(selectFormError);
  const [canSubmit] = useAuth((s) => s.can({ type: 'user.requestPasswordReset', email: '' }));
  const [busy] = useAuth((s) => s.matches({ signedOut: 'requestingReset' }));
  if (requested) {
    return (
      <div className={form.form}>
        <p role="status" className={form.notice}>
          If an account uses that address, a link to reset its password is on its way. The link works for one hour.
        </p>
        <button type="button" className={form.secondary} onClick={() => send({ type: 'user.backToForms' })}>
          Back to log in
        </button>
      </div>
    );
  }
  return (
    <form
      className={form.form}
      noValidate
      aria-label="Forgot password"
      onSubmit={(event) => send({ type: 'user.requestPasswordReset', email: submitted(event).email ?? '' })}
    >
      <p className={form.hint}>Enter the e-mail address of your account and we will send you a link to choose a new password.</p>
      <Field label="E-mail" name="email" type="email" autoComplete="email" error={errors.email} autoFocus />
      <FormAlert message={formError} />
      <button type="submit" className={form.submit} disabled={!canSubmit}>
        {busy ? 'Sending…' : 'Send reset link'}
      </button>
      <button type="button" className={form.linkButton} onClick={() => send({ type: 'user.backToForms' })}>
        Back to log in
      </button>
    </form>
  );
}
