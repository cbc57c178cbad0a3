import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { passwordFormMachine } from '../../../../machines/passwordForm/machine';
import {
  selectPasswordFieldErrors,
  selectPasswordFormError,
  selectPasswordFormKey,
} from '../../../../machines/passwordForm/selectors';
import { Field, FormAlert, TwoFactorCodeField, formValues } from '../forms/Field';
import styles from '../forms/Form.module.css';

type PasswordFormRef = ActorRefFrom<typeof passwordFormMachine>;

/** The fields of the change- and reset-password forms; what they show comes from the passwordForm actor. */
export function PasswordForm({ actor, submitLabel, label }: { actor: PasswordFormRef; submitLabel: string; label: string }) {
  const errors = useSelector(actor, selectPasswordFieldErrors);
  const formError = useSelector(actor, selectPasswordFormError);
  // A fresh, empty form after each success.
  const formKey = useSelector(actor, selectPasswordFormKey);
  const form = useSelector(actor, (s) => s.context.form);
  const canSubmit = useSelector(actor, (s) => s.can({ type: 'user.submit', newPassword: '', confirmPassword: '' }));
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const isChange = form.mode === 'change';
  return (
    <form
      key={formKey}
      className={styles.form}
      noValidate
      aria-label={label}
      onSubmit={(event) => {
        event.preventDefault();
        const v = formValues(event.currentTarget);
        actor.send({
          type: 'user.submit',
          ...(isChange ? { oldPassword: v.oldPassword ?? '' } : {}),
          newPassword: v.newPassword ?? '',
          confirmPassword: v.confirmPassword ?? '',
          ...(isChange && form.needsCode ? { mfaCode: v.mfaCode ?? '' } : {}),
        });
      }}
    >
      {isChange ? (
        <Field label="Old password" name="oldPassword" type="password" autoComplete="current-password" error={errors.oldPassword} />
      ) : null}
      <Field label="New password" name="newPassword" type="password" autoComplete="new-password" error={errors.newPassword} />
      <Field
        label="Confirm new password"
        name="confirmPassword"
        type="password"
        autoComplete="new-password"
        error={errors.confirmPassword}
      />
      {isChange && form.needsCode ? <TwoFactorCodeField error={errors.mfaCode} /> : null}
      <FormAlert message={formError} />
      <button type="submit" className={styles.submit} disabled={!canSubmit}>
        {busy ? 'Saving…' : submitLabel}
      </button>
    </form>
  );
}
