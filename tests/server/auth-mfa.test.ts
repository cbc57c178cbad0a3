import { beforeEach, describe, expect, it, vi } from 'vitest';
import { call, linkParams, register, resetMailTo, snapshot, totp } from '../support/auth';
import type { SignedIn } from '../support/auth';
import { authServer } from '../support/authServer';

/** 10 s into a 30-second step, so ±1 step is unambiguous. */
const T0 = Date.UTC(2032, 4, 1, 12, 0, 10);
const step = (n: number) => T0 + n * 30_000;

describe('two-factor authentication', () => {
  const auth = authServer();
  const { login } = auth;
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(step(0));
  });

  /** A registered player with two-factor on; the enable code was used at step 0. */
  async function withMfa() {
    const account = await register(auth.server);
    const key = await call<{ mfaKey: string; uri: string }>(auth.server, '/auth/get-mfa-key', undefined, { token: account.jwt });
    const enabled = await call(auth.server, '/auth/enable-mfa', { mfaCode: await totp(key.body.mfaKey) }, { token: account.jwt });
    expect(enabled.status).toBe(200);
    return { ...account, mfaKey: key.body.mfaKey };
  }

  it('should offer a key with an otpauth URI for the issuer and user name, the same one until it is used', async () => {
    const account = await register(auth.server);
    const first = await call<{ mfaKey: string; uri: string }>(auth.server, '/auth/get-mfa-key', undefined, { token: account.jwt });
    expect(first.status).toBe(200);
    expect(first.body.mfaKey).toMatch(/^[A-Z2-7]{32}$/);
    expect(first.body.uri.startsWith(`otpauth://totp/ACC%20Casino:${encodeURIComponent(account.user.userName)}?`)).toBe(true);
    const uri = new URL(first.body.uri);
    expect(uri.searchParams.get('secret')).toBe(first.body.mfaKey);
    expect(uri.searchParams.get('issuer')).toBe('ACC Casino');
    const again = await call<{ mfaKey: string }>(auth.server, '/auth/get-mfa-key', undefined, { token: account.jwt });
    expect(again.body.mfaKey).toBe(first.body.mfaKey);
    expect((await call(auth.server, '/auth/get-mfa-key')).status).toBe(401);
  });

  it('should enable with a current code, and then ask for a code at login', async () => {
    const account = await withMfa();
    const me = await call<{ user: SignedIn['user'] }>(auth.server, '/auth/me', undefined, { token: account.jwt });
    expect(me.body.user.tfaEnabled).toBe(true);
    expect((await call(auth.server, '/auth/get-mfa-key', undefined, { token: account.jwt })).status).toBe(409);

    const noCode = await login(account.user.userName, account.password);
    expect(noCode.status).toBe(401);
    expect(noCode.body).toEqual({ error: 'mfa_required', message: 'Enter the 6-digit code from your authenticator app.' });
    const emptyCode = await login(account.user.userName, account.password, '');
    expect(emptyCode.body).toMatchObject({ error: 'mfa_required' });
    const wrongCode = await login(account.user.userName, account.password, '000000');
    expect(wrongCode.status).toBe(401);
    expect(wrongCode.body).toEqual({ error: 'mfa_invalid', message: 'The two-factor code is not valid. Enter the current code from your authenticator app.' });
    // A wrong password with a code still gets the one credentials message.
    expect((await login(account.user.userName, 'bad password', await totp(account.mfaKey, step(1)))).body).toMatchObject({ error: 'invalid_credentials' });

    vi.setSystemTime(step(1));
    const ok = await login(account.user.userName, account.password, await totp(account.mfaKey));
    expect(ok.status).toBe(200);
    expect(ok.body.user.tfaEnabled).toBe(true);
  });

  it('should accept each code only once, with one step of drift either way', async () => {
    const account = await withMfa();
    // The step used to enable (step 0) cannot be used again.
    expect((await login(account.user.userName, account.password, await totp(account.mfaKey, step(0)))).body).toMatchObject({ error: 'mfa_invalid' });

    vi.setSystemTime(step(2));
    const early = await totp(account.mfaKey, step(3)); // a phone clock one step ahead
    expect((await login(account.user.userName, account.password, early)).status).toBe(200);
    expect((await login(account.user.userName, account.password, early)).body).toMatchObject({ error: 'mfa_invalid' });

    vi.setSystemTime(step(6));
    expect((await login(account.user.userName, account.password, await totp(account.mfaKey, step(4)))).body).toMatchObject({ error: 'mfa_invalid' }); // two steps late
    const late = await totp(account.mfaKey, step(5)); // one step late
    expect((await login(account.user.userName, account.password, late)).status).toBe(200);
    expect((await login(account.user.userName, account.password, late)).body).toMatchObject({ error: 'mfa_invalid' });
  });

  it('should refuse a wrong enable code with 403 and leave two-factor off', async () => {
    const account = await register(auth.server);
    const key = await call<{ mfaKey: string }>(auth.server, '/auth/get-mfa-key', undefined, { token: account.jwt });
    const before = await snapshot(auth.server);
    const code = await totp(key.body.mfaKey);
    const wrong = code === '123456' ? '654321' : '123456';
    const answer = await call(auth.server, '/auth/enable-mfa', { mfaCode: wrong }, { token: account.jwt });
    expect(answer.status).toBe(403);
    expect(answer.body).toMatchObject({ error: 'mfa_invalid' });
    for (const payload of [{}, { mfaCode: 123456 }, { mfaCode: '1234567' }, { mfaCode: '' }, { mfaCode: code, extra: true }]) {
      expect((await call(auth.server, '/auth/enable-mfa', payload, { token: account.jwt })).status, JSON.stringify(payload)).toBe(400);
    }
    expect((await call(auth.server, '/auth/enable-mfa', { mfaCode: code })).status).toBe(401);
    expect(await snapshot(auth.server)).toBe(before);
    expect((await login(account.user.userName, account.password)).status).toBe(200);
  });

  it('should disable with a fresh code and answer a new key for the next enable', async () => {
    const account = await withMfa();
    vi.setSystemTime(step(1));
    const replayed = await call(auth.server, '/auth/disable-mfa', { mfaCode: await totp(account.mfaKey, step(0)) }, { token: account.jwt });
    expect(replayed.status).toBe(403);
    const disabled = await call<{ mfaKey: string; uri: string }>(auth.server, '/auth/disable-mfa', { mfaCode: await totp(account.mfaKey) }, { token: account.jwt });
    expect(disabled.status).toBe(200);
    expect(disabled.body.mfaKey).toMatch(/^[A-Z2-7]{32}$/);
    expect(disabled.body.mfaKey).not.toBe(account.mfaKey);
    expect(disabled.body.uri).toContain(`secret=${disabled.body.mfaKey}`);
    expect((await login(account.user.userName, account.password)).status).toBe(200);
    expect((await call(auth.server, '/auth/disable-mfa', { mfaCode: '123456' }, { token: account.jwt })).status).toBe(409);
    // The new key works right away, even within the step the old key's code was used in.
    const reEnabled = await call(auth.server, '/auth/enable-mfa', { mfaCode: await totp(disabled.body.mfaKey) }, { token: account.jwt });
    expect(reEnabled.status).toBe(200);
  });

  it('should need the code to change the password while two-factor is on', async () => {
    const account = await withMfa();
    vi.setSystemTime(step(1));
    const before = await snapshot(auth.server);
    const noCode = await call(auth.server, '/auth/change-password', { oldPassword: account.password, newPassword: 'Correct horse battery', mfaCode: '' }, { token: account.jwt });
    expect(noCode.status).toBe(403);
    expect(noCode.body).toMatchObject({ error: 'mfa_required' });
    const wrongCode = await call(auth.server, '/auth/change-password', { oldPassword: account.password, newPassword: 'Correct horse battery', mfaCode: '000000' }, { token: account.jwt });
    expect(wrongCode.body).toMatchObject({ error: 'mfa_invalid' });
    expect(await snapshot(auth.server)).toBe(before);
    const changed = await call(
      auth.server,
      '/auth/change-password',
      { oldPassword: account.password, newPassword: 'Correct horse battery', mfaCode: await totp(account.mfaKey) },
      { token: account.jwt },
    );
    expect(changed.status).toBe(200);
  });

  it('should still ask for the code at the next login after a password reset', async () => {
    const account = await withMfa();
    await call(auth.server, '/auth/forgot-password', { email: account.user.email });
    const params = linkParams(await resetMailTo(auth.server, account.user.email));
    const reset = await call(auth.server, '/auth/reset-password', { email: params.get('email'), token: params.get('token'), password: 'Reset and still safe' });
    expect(reset.status).toBe(200);
    expect((await login(account.user.userName, 'Reset and still safe')).body).toMatchObject({ error: 'mfa_required' });
    vi.setSystemTime(step(1));
    expect((await login(account.user.userName, 'Reset and still safe', await totp(account.mfaKey))).status).toBe(200);
  });
});
