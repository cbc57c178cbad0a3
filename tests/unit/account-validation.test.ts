import { describe, expect, it } from 'vitest';
import { validatePasswordForm } from '../../src/core/accounts/accountForms';
import {
  hasErrors,
  validateLogin,
  validateRegistration,
  validateResetRequest,
  validateTwoFactorCode,
} from '../../src/core/accounts/validation';

/** The account forms' rules as a person meets them: what each field says for what was typed (docs/product.md §5). */
describe('two-factor code', () => {
  it.each([
    ['', '*'],
    ['12345', 'Token must be 6 characters'],
    ['1234567', 'Token must be 6 characters'],
    ['123456', null],
  ])('%j → %j', (code, message) => {
    expect(validateTwoFactorCode(code)).toBe(message);
  });
});

describe('password forms', () => {
  const change = { needsOldPassword: true, needsCode: false };
  const reset = { needsOldPassword: false, needsCode: false };

  it('should mark every empty field of a change-password form with two-factor on as required', () => {
    expect(validatePasswordForm({ oldPassword: '', newPassword: '', confirmPassword: '', mfaCode: '' }, { needsOldPassword: true, needsCode: true })).toEqual({
      oldPassword: '*',
      newPassword: '*',
      confirmPassword: '*',
      mfaCode: '*',
    });
  });

  it('should treat a missing old password or code as empty', () => {
    expect(validatePasswordForm({ newPassword: 'longenough', confirmPassword: 'longenough' }, { needsOldPassword: true, needsCode: true })).toEqual({
      oldPassword: '*',
      mfaCode: '*',
    });
  });

  it('should take a pasted code with spaces around it, as it is sent trimmed, and refuse one of 5 digits', () => {
    const withCode = (mfaCode: string) =>
      validatePasswordForm({ oldPassword: 'old', newPassword: 'longenough', confirmPassword: 'longenough', mfaCode }, { needsOldPassword: true, needsCode: true });
    expect(withCode(' 123456 ')).toEqual({});
    expect(withCode('123456\n')).toEqual({});
    expect(withCode(' 12345 ')).toEqual({ mfaCode: 'Token must be 6 characters' });
    expect(withCode('   ')).toEqual({ mfaCode: '*' });
  });

  it('should ask neither the old password nor the code on a reset', () => {
    expect(validatePasswordForm({ newPassword: 'longenough', confirmPassword: 'longenough' }, reset)).toEqual({});
  });

  it('should refuse a password of 7 characters and accept one of 8', () => {
    expect(validatePasswordForm({ oldPassword: 'old', newPassword: '1234567', confirmPassword: '1234567' }, change)).toEqual({
      newPassword: 'Password must be 8 or more characters.',
      confirmPassword: 'Password must be 8 or more characters.',
    });
    expect(validatePasswordForm({ oldPassword: 'old', newPassword: '12345678', confirmPassword: '12345678' }, change)).toEqual({});
  });

  it('should say the passwords differ only when both are long enough', () => {
    expect(validatePasswordForm({ newPassword: '12345678', confirmPassword: '12345679' }, reset)).toEqual({
      confirmPassword: 'Passwords do not match.',
    });
    // A too-short confirmation is reported as too short, not as different.
    expect(validatePasswordForm({ newPassword: '12345678', confirmPassword: '1234' }, reset)).toEqual({
      confirmPassword: 'Password must be 8 or more characters.',
    });
    expect(validatePasswordForm({ newPassword: '1234', confirmPassword: '12345678' }, reset)).toEqual({
      newPassword: 'Password must be 8 or more characters.',
    });
  });

  it('should check the code of a change with two-factor on', () => {
    expect(validatePasswordForm({ oldPassword: 'old', newPassword: '12345678', confirmPassword: '12345678', mfaCode: '12' }, { needsOldPassword: true, needsCode: true })).toEqual({
      mfaCode: 'Token must be 6 characters',
    });
  });
});

describe('login', () => {
  it('should require both fields, a user name of spaces counting as empty', () => {
    expect(validateLogin({ userName: '   ', password: '' })).toEqual({ userName: '*', password: '*' });
  });

  it('should accept any non-empty password: the server judges it', () => {
    expect(validateLogin({ userName: 'ann', password: 'x' })).toEqual({});
    // A password is taken as typed: spaces are characters of it.
    expect(validateLogin({ userName: 'ann', password: ' ' })).toEqual({});
  });
});

describe('registration', () => {
  const valid = { userName: 'player_1', email: 'a@b.co', password: '12345678' };

  it('should accept a well-formed registration, ignoring spaces around the name and e-mail', () => {
    expect(validateRegistration({ userName: '  player_1 ', email: ' a@b.co  ', password: '12345678' })).toEqual({});
  });

  it('should mark empty fields as required', () => {
    expect(validateRegistration({ userName: ' ', email: ' ', password: '' })).toEqual({ userName: '*', email: '*', password: '*' });
  });

  it.each([
    ['ab', 'User name must be 3 to 20 letters, digits or underscores.'],
    ['abc', null],
    ['a'.repeat(20), null],
    ['a'.repeat(21), 'User name must be 3 to 20 letters, digits or underscores.'],
    ['ann-marie', 'User name must be 3 to 20 letters, digits or underscores.'],
    ['x ann', 'User name must be 3 to 20 letters, digits or underscores.'],
    ['Ann_99', null],
  ])('user name %j → %j', (userName, message) => {
    const errors = validateRegistration({ ...valid, userName });
    expect(errors.userName ?? null).toBe(message);
  });

  it.each([
    ['a@b.co', null],
    // Real addresses have more than one character on each side of the @.
    ['ada.lovelace@mail.example.com', null],
    ['ab.co', 'Enter a valid e-mail address.'],
    ['a@bco', 'Enter a valid e-mail address.'],
    ['a b@c.de', 'Enter a valid e-mail address.'],
    ['@b.co', 'Enter a valid e-mail address.'],
    ['a@b.co x', 'Enter a valid e-mail address.'],
    ['x a@b.co', 'Enter a valid e-mail address.'],
    ['a@.', 'Enter a valid e-mail address.'],
  ])('e-mail %j → %j', (email, message) => {
    const errors = validateRegistration({ ...valid, email });
    expect(errors.email ?? null).toBe(message);
  });

  it('should refuse a short password', () => {
    expect(validateRegistration({ ...valid, password: '1234567' })).toEqual({ password: 'Password must be 8 or more characters.' });
  });
});

describe('password reset request', () => {
  it.each([
    ['', '*'],
    ['  ', '*'],
    ['nope', 'Enter a valid e-mail address.'],
    [' a@b.co ', null],
  ])('%j → %j', (email, message) => {
    expect(validateResetRequest({ email }).email ?? null).toBe(message);
  });
});

describe('hasErrors', () => {
  it('should tell a form with a problem from one without', () => {
    expect(hasErrors(validateLogin({ userName: 'ann', password: 'pw' }))).toBe(false);
    expect(hasErrors(validateLogin({ userName: 'ann', password: '' }))).toBe(true);
  });
});
