/**
 * Account form rules and their messages (docs/product.md §5, §8, §9). Pure: the machines validate with these,
 * the components only show what the machines keep.
 */

export const PASSWORD_MIN_LENGTH = 8;
export const TWO_FACTOR_CODE_LENGTH = 6;

/** The marker an empty required field gets (docs/product.md §5). */
export const REQUIRED = '*';

/** The sign-in forms' messages; the account pages' are in accountForms.ts, which loads with those pages. */
export const messages = {
  passwordTooShort: 'Password must be 8 or more characters.',
  codeLength: 'Token must be 6 characters',
  // Sign-in and sign-up messages are not given by docs/product.md; these are ours.
  userNameRule: 'User name must be 3 to 20 letters, digits or underscores.',
  emailRule: 'Enter a valid e-mail address.',
  unreachable: 'Could not reach the casino. Please check your connection and try again.',
  somethingWentWrong: 'Something went wrong. Please try again.',
} as const;

/** Field name → message; a field without a problem is absent. */
export type FieldErrors<F extends string = string> = Partial<Record<F, string>>;

const USER_NAME = /^[A-Za-z0-9_]{3,20}$/;
// Deliberately loose: the server is the judge; this only catches obvious slips before a round trip.
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function compact<F extends string>(errors: Record<F, string | null>): FieldErrors<F> {
  const out: FieldErrors<F> = {};
  for (const [field, message] of Object.entries(errors) as Array<[F, string | null]>) if (message) out[field] = message;
  return out;
}

export const required = (value: string) => (value === '' ? REQUIRED : null);

export const passwordLength = (value: string) =>
  value === '' ? REQUIRED : value.length < PASSWORD_MIN_LENGTH ? messages.passwordTooShort : null;

export function validateTwoFactorCode(code: string): string | null {
  if (code === '') return REQUIRED;
  return code.length !== TWO_FACTOR_CODE_LENGTH ? messages.codeLength : null;
}

export type LoginField = 'userName' | 'password';
export function validateLogin(values: { userName: string; password: string }): FieldErrors<LoginField> {
  return compact<LoginField>({ userName: required(values.userName.trim()), password: required(values.password) });
}

export type RegisterField = 'userName' | 'email' | 'password';
export function validateRegistration(values: { userName: string; email: string; password: string }): FieldErrors<RegisterField> {
  const userName = values.userName.trim();
  const email = values.email.trim();
  return compact<RegisterField>({
    userName: userName === '' ? REQUIRED : USER_NAME.test(userName) ? null : messages.userNameRule,
    email: email === '' ? REQUIRED : EMAIL.test(email) ? null : messages.emailRule,
    password: passwordLength(values.password),
  });
}

export type ResetRequestField = 'email';
export function validateResetRequest(values: { email: string }): FieldErrors<ResetRequestField> {
  const email = values.email.trim();
  return compact<ResetRequestField>({ email: email === '' ? REQUIRED : EMAIL.test(email) ? null : messages.emailRule });
}

export const hasErrors = (errors: FieldErrors): boolean => Object.keys(errors).length > 0;
