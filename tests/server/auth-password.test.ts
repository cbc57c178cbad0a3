import { describe, expect, it, vi } from 'vitest';
import { call, linkParams, mails, register, resetMailTo, snapshot } from '../support/auth';
import { authServer } from '../support/authServer';

describe('forgot, reset and change password', () => {
  const auth = authServer();
  const { login, me } = auth;
  const refresh = (refreshToken: string) => call(auth.server, '/auth/refresh-token', { refreshToken });

  async function forgot(email: string) {
    const started = performance.now();
    const answer = await call(auth.server, '/auth/forgot-password', { email });
    return { ...answer, ms: performance.now() - started };
  }

  it('should answer forgot-password alike for a known and an unknown address, mailing only the known one', async () => {
    const account = await register(auth.server);
    const known: number[] = [];
    const unknown: number[] = [];
    let knownBody: unknown;
    let unknownBody: unknown;
    for (let i = 0; i < 5; i += 1) {
      const a = await forgot(account.user.email.toUpperCase());
      const b = await forgot(`ghost${i}@example.com`);
      expect(a.status).toBe(200);
      expect(b.status).toBe(200);
      knownBody = a.body;
      unknownBody = b.body;
      known.push(a.ms);
      unknown.push(b.ms);
    }
    expect(knownBody).toEqual(unknownBody);
    expect(knownBody).toEqual({
      success: true,
      message: 'If an account with this e-mail address exists, a link to reset the password has been sent to it.',
    });
    const median = (values: number[]) => [...values].sort((x, y) => x - y)[2]!;
    expect(Math.abs(median(known) - median(unknown))).toBeLessThan(50);
    // The mail is written after the answer.
    const mail = await resetMailTo(auth.server, account.user.email);
    expect(mails(auth.server).filter((mail) => mail.headers.to?.startsWith('ghost'))).toHaveLength(0);
    expect(mail.headers.subject).toBe('Reset your ACC Casino password');
    expect(mail.link).toMatch(/^http:\/\/localhost:\d+\/reset-password\?email=[^&]+&token=/);
    expect(linkParams(mail).get('email')).toBe(account.user.email);
  });

  it('should reset through the mailed link, end every session, and accept the token only once', async () => {
    const account = await register(auth.server);
    const second = await login(account.user.userName, account.password);
    await forgot(account.user.email);
    const params = linkParams(await resetMailTo(auth.server, account.user.email));
    const reset = await call(auth.server, '/auth/reset-password', { email: params.get('email'), token: params.get('token'), password: 'A brand new passphrase' });
    expect(reset.status).toBe(200);
    expect(reset.body).toEqual({ success: true, message: 'Your password has been reset. Please log in with the new password.' });

    for (const session of [account, second.body]) {
      expect((await me(session.jwt)).status).toBe(401);
      expect((await refresh(session.refreshToken)).status).toBe(401);
    }
    expect((await login(account.user.userName, account.password)).status).toBe(401);
    expect((await login(account.user.userName, 'A brand new passphrase')).status).toBe(200);

    const before = await snapshot(auth.server);
    const replay = await call(auth.server, '/auth/reset-password', { email: params.get('email'), token: params.get('token'), password: 'Yet another passphrase' });
    expect(replay.status).toBe(400);
    expect(replay.body).toEqual({ error: 'invalid_token', message: 'This password reset link is invalid or has expired.' });
    expect(await snapshot(auth.server)).toBe(before);
  });

  it('should refuse an expired, foreign or tampered reset token and a weak password, changing nothing', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2032-03-01T08:00:00Z'));
    const account = await register(auth.server);
    const other = await register(auth.server);
    await forgot(account.user.email);
    const token = linkParams(await resetMailTo(auth.server, account.user.email)).get('token')!;
    const before = await snapshot(auth.server);
    const cases: Array<[Record<string, unknown>, number, string]> = [
      [{ email: other.user.email, token, password: 'Fine new passphrase' }, 400, 'invalid_token'],
      [{ email: 'nobody@example.com', token, password: 'Fine new passphrase' }, 400, 'invalid_token'],
      [{ email: account.user.email, token: token.replace(/.$/, (c) => (c === 'a' ? 'b' : 'a')), password: 'Fine new passphrase' }, 400, 'invalid_token'],
      [{ email: account.user.email, token, password: 'short' }, 400, 'invalid_password'],
      [{ email: account.user.email, token, password: 'iloveyou' }, 400, 'common_password'],
      [{ email: account.user.email, token }, 400, 'bad_request'],
      [{ email: account.user.email, token, password: 12345678 }, 400, 'bad_request'],
      [{ email: account.user.email, token: 'x'.repeat(129), password: 'Fine new passphrase' }, 400, 'bad_request'],
      [{ email: account.user.email, token, password: 'Fine new passphrase', userId: 1 }, 400, 'bad_request'],
    ];
    for (const [payload, status, error] of cases) {
      const answer = await call(auth.server, '/auth/reset-password', payload);
      expect(answer.status, JSON.stringify(payload)).toBe(status);
      expect(answer.body).toMatchObject({ error });
    }
    vi.setSystemTime(new Date('2032-03-01T09:00:01Z'));
    const expired = await call(auth.server, '/auth/reset-password', { email: account.user.email, token, password: 'Fine new passphrase' });
    expect(expired.status).toBe(400);
    expect(await snapshot(auth.server)).toBe(before);
    expect((await call(auth.server, '/auth/forgot-password', { email: 'x'.repeat(255) })).status).toBe(400);
    expect((await call(auth.server, '/auth/forgot-password', {})).status).toBe(400);
  });

  it('should change the password with the old one, ending the other sessions but not this one', async () => {
    const account = await register(auth.server);
    const other = await login(account.user.userName, account.password);
    const changed = await call(auth.server, '/auth/change-password', { oldPassword: account.password, newPassword: 'Correct horse battery', mfaCode: '' }, { token: account.jwt });
    expect(changed.status).toBe(200);
    expect(changed.body).toEqual({ success: true, message: 'Password Changed Successfully' });
    expect((await me(account.jwt)).status).toBe(200);
    expect((await refresh(account.refreshToken)).status).toBe(200);
    expect((await me(other.body.jwt)).status).toBe(401);
    expect((await refresh(other.body.refreshToken)).status).toBe(401);
    expect((await login(account.user.userName, account.password)).status).toBe(401);
    expect((await login(account.user.userName, 'Correct horse battery')).status).toBe(200);
  });

  it('should refuse a wrong old password (403, not 401), a weak or unchanged new one, and a visitor, changing nothing', async () => {
    const account = await register(auth.server);
    const before = await snapshot(auth.server);
    const wrong = await call(auth.server, '/auth/change-password', { oldPassword: 'not my password', newPassword: 'Correct horse battery' }, { token: account.jwt });
    expect(wrong.status).toBe(403);
    expect(wrong.body).toEqual({ error: 'wrong_password', message: 'The current password is incorrect.' });
    const same = await call(auth.server, '/auth/change-password', { oldPassword: account.password, newPassword: account.password }, { token: account.jwt });
    expect(same.status).toBe(400);
    expect(same.body).toMatchObject({ error: 'same_password' });
    for (const payload of [
      { oldPassword: account.password, newPassword: 'short' },
      { oldPassword: account.password, newPassword: 'football' },
      { oldPassword: account.password },
      { oldPassword: account.password, newPassword: 'Correct horse battery', mfaCode: 123456 },
      { oldPassword: account.password, newPassword: 'Correct horse battery', mfaCode: '1234567' },
      { oldPassword: account.password, newPassword: 'z'.repeat(129) },
    ]) {
      expect((await call(auth.server, '/auth/change-password', payload, { token: account.jwt })).status, JSON.stringify(payload)).toBe(400);
    }
    expect((await call(auth.server, '/auth/change-password', { oldPassword: account.password, newPassword: 'Correct horse battery' })).status).toBe(401);
    expect(await snapshot(auth.server)).toBe(before);
    expect((await login(account.user.userName, account.password)).status).toBe(200);
  });
});
