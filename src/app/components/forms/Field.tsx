import { useId } from 'react';
import type { InputHTMLAttributes } from 'react';
import { REQUIRED } from '../../../core/accounts/validation';
import styles from './Form.module.css';

interface FieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'className'> {
  label: string;
  name: string;
  /** From the machine: '*' marks an empty required field, anything else is a message. */
  error?: string | undefined;
  mono?: boolean;
}

/** A labelled input with the machine's verdict on it; it holds no state of its own. */
export function Field({ label, name, error, mono, type = 'text', ...input }: FieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className={styles.field}>
      <div className={styles.labelRow}>
        <label htmlFor={id} className={styles.label}>
          {label}
        </label>
        {error === REQUIRED ? (
          <span className={styles.marker} id={errorId} data-testid={`${name}-required`}>
            <span aria-hidden="true">*</span>
            <span className="visually-hidden">Required</span>
          </span>
        ) : null}
      </div>
      <input
        {...input}
        id={id}
        name={name}
        type={type}
        className={`${styles.input} ${mono ? styles.code : ''}`}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
      />
      {error && error !== REQUIRED ? (
        <p id={errorId} className={styles.fieldError}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** The submitted values of a form as strings, for the event the form sends. */
export function formValues(form: HTMLFormElement): Record<string, string> {
  const values: Record<string, string> = {};
  new FormData(form).forEach((value, key) => {
    values[key] = typeof value === 'string' ? value : '';
  });
  return values;
}

/** The 6-digit authenticator code asked by the two-factor login step and by a password change. */
export function TwoFactorCodeField({ error, autoFocus }: { error?: string | undefined; autoFocus?: boolean }) {
  return <Field label="Two-factor code" name="mfaCode" inputMode="numeric" autoComplete="one-time-code" mono error={error} autoFocus={autoFocus} />;
}

export function FormAlert({ message }: { message: string | null }) {
  return message ? (
    <p role="alert" className={styles.alert}>
      {message}
    </p>
  ) : null;
}

export function FormNotice({ message }: { message: string | null }) {
  return message ? (
    <p role="status" className={styles.notice}>
      {message}
    </p>
  ) : null;
}
