import { compact, passwordLength, required, validateTwoFactorCode } from './validation';
import type { FieldErrors } from './validation';

/**
 * The account pages' form rule and messages (docs/product.md §5, §9): change and reset password, two-factor,
 * the e-mail confirmation. A module of its own beside validation.ts, so they load with those pages and
 * not with the first page.
 */
export const accountMessages = {
  passwordsDiffer: 'Passwords do not match.',
  passwordChanged: 'Password Changed Successfully',
  passwordChangeFailed: 'Error changing password. Please try again later',
  twoFactorChanged: '2 Factor settings changed',
  twoFactorFailed: 'An error occurred, please try again later.',
  emailConfirmed: 'Email Address Confirmed',
  emailConfirmFailed: 'Error Confirming Email Address',
  emailConfirmFailedHint: 'Please contact support for assistance.',
  passwordReset: 'Password Reset!',
  passwordResetDetail: 'You have successfully reset your password.',
} as const;

export interface PasswordFormValues {
  oldPassword?: string;
  newPassword: string;
  confirmPassword: string;
  mfaCode?: string;
}
export type PasswordField = 'oldPassword' | 'newPassword' | 'confirmPassword' | 'mfaCode';

/**
 * Change-password (with old password, and the code when two-factor is on) and reset-password
 * (neither) share one rule set (docs/product.md §5).
 */
export function validatePasswordForm(
  values: PasswordFormValues,
  form: { needsOldPassword: boolean; needsCode: boolean },
): FieldErrors<PasswordField> {
  const newError = passwordLength(values.newPassword);
  let confirmError = passwordLength(values.confirmPassword);
  if (!newError && !confirmError && values.newPassword !== values.confirmPassword) confirmError = accountMessages.passwordsDiffer;
  return compact<PasswordField>({
    oldPassword: form.needsOldPassword ? required(values.oldPassword ?? '') : null,
    newPassword: newError,
    confirmPassword: confirmError,
    // The code is sent trimmed (machines/passwordForm), so it is checked trimmed, as the login's and the two-factor panel's are.
    mfaCode: form.needsCode ? validateTwoFactorCode((values.mfaCode ?? '').trim()) : null,
  });
}

