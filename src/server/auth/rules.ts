import { AppError } from '../errors';
import { AUTH_MESSAGES as M } from './messages';
import { PASSWORD_MAX, PASSWORD_MIN, isCommonPassword } from './passwords';

export const USER_NAME_PATTERN = /^[A-Za-z0-9_]{3,20}$/;
/** Practical check: one @, no spaces or control characters (it goes into mail headers), a dotted domain. */
const EMAIL_PATTERN = /^[^\s@<>()",;:\\[\]\p{Cc}]+@[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)+$/u;
export const EMAIL_MAX = 254;

const invalid = (code: string, message: string) => new AppError(400, code, message);

export function checkUserName(userName: string): void {
  if (!USER_NAME_PATTERN.test(userName)) throw invalid('invalid_user_name', M.invalidUserName);
}

export function checkEmail(email: string): void {
  if (email.length > EMAIL_MAX || !EMAIL_PATTERN.test(email)) throw invalid('invalid_email', M.invalidEmail);
}

/** Rules for any password a player chooses: sign-up, reset and change. */
export function checkNewPassword(password: string, account: { userName?: string; email?: string } = {}): void {
  const length = [...password].length;
  if (length < PASSWORD_MIN || length > PASSWORD_MAX) throw invalid('invalid_password', M.passwordLength);
  if (isCommonPassword(password)) throw invalid('common_password', M.commonPassword);
  const lower = password.toLowerCase();
  if ((account.userName && lower === account.userName.toLowerCase()) || (account.email && lower === account.email.trim().toLowerCase())) {
    throw invalid('invalid_password', M.passwordLikeName);
  }
}
