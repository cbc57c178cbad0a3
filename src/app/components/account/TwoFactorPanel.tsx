import { useSelector } from '@xstate/react';
import { selectMfaKey, selectTwoFactorMessages, selectTwoFactorView } from '../../../../machines/twoFactor/selectors';
import { useRuntime } from '../../actors/AppActor';
import { Field, FormAlert, FormNotice, formValues } from '../forms/Field';
import form from '../forms/Form.module.css';
import { QrCode } from '../ui/QrCode';
import styles from './Account.module.css';
import type { ActorRefFrom } from 'xstate';
import { SCREEN_IDS } from '../../../../machines/shared/screens';
import { useScreenActor } from '../../adapters/screenActor';
import { provideTwoFactor } from '../../actors/account';

/** Two-factor on the security page: QR code and key with Enable when off, Disable when on. */
export function TwoFactorPanel({ enabledAtStart }: { enabledAtStart: boolean }) {
  const runtime = useRuntime();
  const actor = useScreenActor(SCREEN_IDS.twoFactor, runtime.provided(provideTwoFactor), { enabled: enabledAtStart });
  return actor ? <TwoFactorForm actor={actor} /> : null;
}

function TwoFactorForm({ actor }: { actor: ActorRefFrom<ReturnType<typeof provideTwoFactor>> }) {
  const view = useSelector(actor, selectTwoFactorView);
  const key = useSelector(actor, selectMfaKey);
  const { codeError, formError, notice } = useSelector(actor, selectTwoFactorMessages);
  const canSubmit = useSelector(actor, (s) => s.can({ type: 'user.submitCode', code: '' }));
  const busy = useSelector(actor, (s) => s.hasTag('busy'));

  if (view === 'loading') return <p className={form.hint}>Preparing your two-factor key…</p>;
  if (view === 'unavailable') {
    return (
      <div className={form.form}>
        <FormAlert message={formError} />
        <button type="button" className={form.secondary} onClick={() => actor.send({ type: 'user.retry' })}>
          Try again
        </button>
      </div>
    );
  }
  const enabling = view === 'off';
  return (
    <div className={styles.twoFactor}>
      <p className={styles.status}>
        Two-factor authentication is <strong data-testid="tfa-status">{enabling ? 'off' : 'on'}</strong>.
      </p>
      {enabling && key ? (
        <div className={styles.keyBlock}>
          <div className={styles.qr}>
            <QrCode value={key.uri} label="QR code of your two-factor key" />
          </div>
          <div className={styles.keyText}>
            <p className={form.hint}>Scan the code with an authenticator app, or type in this key:</p>
            <code className={styles.key} data-testid="mfa-key">
              {key.mfaKey}
            </code>
          </div>
        </div>
      ) : null}
      <form
        key={view}
        className={form.form}
        noValidate
        aria-label={enabling ? 'Enable two-factor' : 'Disable two-factor'}
        onSubmit={(event) => {
          event.preventDefault();
          actor.send({ type: 'user.submitCode', code: formValues(event.currentTarget).code ?? '' });
        }}
      >
        <Field
          label="Two-factor code"
          name="code"
          inputMode="numeric"
          autoComplete="one-time-code"
          mono
          error={codeError ?? undefined}
        />
        <FormAlert message={formError} />
        <FormNotice message={notice} />
        <button type="submit" className={form.submit} disabled={!canSubmit}>
          {busy ? 'Checking…' : enabling ? 'Enable' : 'Disable'}
        </button>
      </form>
    </div>
  );
}
