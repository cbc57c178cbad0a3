import { describe, expect, it, vi } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import { SignJWT } from 'jose';
import { signLegacyJwt } from '../support/jwt';
import { call, newAccount, register, snapshot } from '../support/auth';
import type { SignedIn } from '../support/auth';
import { authServer } from '../support/authServer';
import { ENGINE } from '../support/server';

interface Refreshed {
  status: number;
  jwt: string;
  refreshToken: string;
}

describe('login, refresh and end-session', () => {
  const auth = authServer();
  const { from, me } = auth;
  /** The secret the server generated on first start: in its data directory on SQLite, in the database on PostgreSQL (shared by every instance). */
  const serverSecret = async () =>
    Buffer.from(
      ENGINE === 'postgres'
        ? (await auth.server.app.db.get<{ value: string }>(`SELECT value FROM server_secrets WHERE name = 'jwt'`))!.value
        : fs.readFileSync(path.join(auth.server.dataDir, 'jwt-secret'), 'utf8').trim(),
      'utf8',
    );
  const refresh = (refreshToken: string) => call<Refreshed>(auth.server, '/auth/refresh-token', { refreshToken });

  it('should sign in by user name or e-mail, in any case, with a new session each time', async () => {
    const account = newAccount('login');
    const registered = await register(auth.server, account);
    for (const userName of [account.userName, account.userName.toUpperCase(), account.email, ` ${account.email.toUpperCase()}`]) {
      const answer = await call<SignedIn>(auth.server, '/auth/login', { userName, password: account.password }, from());
      expect(answer.status, userName).toBe(200);
      expect(answer.body.user).toEqual(registered.user);
      expect(answer.body.sessionId).not.toBe(registered.sessionId);
      expect((await me(answer.body.jwt)).status).toBe(200);
    }
  });

  it('should answer one message for a wrong password and for an unknown account', async () => {
    const account = newAccount('wrong');
    await register(auth.server, account);
    const before = await snapshot(auth.server);
    const wrongPassword = await call(auth.server, '/auth/login', { userName: account.userName, password: 'not the password' }, from());
    const unknownUser = await call(auth.server, '/auth/login', { userName: 'nobody_here', password: account.password }, from());
    expect(wrongPassword.status).toBe(401);
    expect(unknownUser.status).toBe(401);
    expect(wrongPassword.body).toEqual({ error: 'invalid_credentials', message: 'Incorrect user name or password.' });
    expect(unknownUser.body).toEqual(wrongPassword.body);
    expect(await snapshot(auth.server)).toBe(before);
  });

  it('should refuse malformed login bodies with 400 and write nothing', async () => {
    const before = await snapshot(auth.server, ['users', 'sessions', 'refresh_tokens', 'account_tokens', 'login_failures']);
    for (const payload of [
      {},
      { userName: 'someone' },
      { password: 'something' },
      { userName: 5, password: 'something' },
      { userName: 'someone', password: 'something', mfaCode: 123456 },
      { userName: 'someone', password: 'something', mfaCode: '1234567' },
      { userName: 'x'.repeat(255), password: 'something' },
      { userName: 'someone', password: 'y'.repeat(129) },
      { userName: 'someone', password: 'something', remember: true },
      { userName: '', password: '' },
    ]) {
      const answer = await call<{ error: string; message: string }>(auth.server, '/auth/login', payload, from());
      expect(answer.status, JSON.stringify(payload)).toBe(400);
      expect(answer.body.error).toBe('bad_request');
      expect(answer.body.message.length).toBeGreaterThan(5);
    }
    expect(await snapshot(auth.server, ['users', 'sessions', 'refresh_tokens', 'account_tokens', 'login_failures'])).toBe(before);
  });

  it('should rotate the refresh token on every use and give a working access token', async () => {
    const signedIn = await register(auth.server);
    const first = await refresh(signedIn.refreshToken);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ status: 200, jwt: expect.any(String), refreshToken: expect.any(String) });
    expect(first.body.refreshToken).not.toBe(signedIn.refreshToken);
    expect((await me(first.body.jwt)).status).toBe(200);
    const second = await refresh(first.body.refreshToken);
    expect(second.status).toBe(200);
    expect(second.body.refreshToken).not.toBe(first.body.refreshToken);
    const stored = await auth.server.app.db.all('SELECT token_hash FROM refresh_tokens WHERE session_id = ?', [signedIn.sessionId]);
    expect(stored).toHaveLength(3);
    expect(JSON.stringify(stored)).not.toContain(second.body.refreshToken);
  });

  it('should end the whole session when a rotated token is presented again after the grace window', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2031-05-01T10:00:00Z'));
    const signedIn = await register(auth.server);
    const rotated = await refresh(signedIn.refreshToken);
    expect(rotated.status).toBe(200);

    vi.setSystemTime(new Date('2031-05-01T10:00:11Z'));
    const reused = await refresh(signedIn.refreshToken);
    expect(reused.status).toBe(401);
    expect(reused.body).toMatchObject({ error: 'refresh_token_reused' });
    // The thief's copy and the owner's current token are both dead, and so are access tokens.
    expect((await refresh(rotated.body.refreshToken)).status).toBe(401);
    expect((await me(rotated.body.jwt)).status).toBe(401);
    expect((await me(signedIn.jwt)).status).toBe(401);
    const session = (await auth.server.app.db.get<{ ended_at: string | null }>('SELECT ended_at FROM sessions WHERE id = ?', [signedIn.sessionId]))!;
    expect(session.ended_at).not.toBeNull();
  });

  it('should answer a retry within the grace window with the same new pair, without ending the session', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2031-05-02T10:00:00Z'));
    const signedIn = await register(auth.server);
    const [a, b] = await Promise.all([refresh(signedIn.refreshToken), refresh(signedIn.refreshToken)]);
    expect(a.status).toBe(200);
    expect(b.body).toEqual(a.body);

    vi.setSystemTime(new Date('2031-05-02T10:00:09Z'));
    const retried = await refresh(signedIn.refreshToken);
    expect(retried.status).toBe(200);
    expect(retried.body).toEqual(a.body);
    expect((await me(a.body.jwt)).status).toBe(200);

    // The grace box is stored encrypted: neither token appears in the table.
    const dump = JSON.stringify(await auth.server.app.db.all('SELECT * FROM refresh_tokens WHERE session_id = ?', [signedIn.sessionId]));
    expect(dump).not.toContain(a.body.refreshToken);
    expect(dump).not.toContain(signedIn.refreshToken);

    // Once the new token has been used, the old one is a reuse even inside the window.
    const next = await refresh(a.body.refreshToken);
    expect(next.status).toBe(200);
    const late = await refresh(signedIn.refreshToken);
    expect(late.status).toBe(401);
    expect(late.body).toMatchObject({ error: 'refresh_token_reused' });
    expect((await refresh(next.body.refreshToken)).status).toBe(401);
  });

  it('should rotate once when one refresh token arrives several times at once, answering each the same new pair', async () => {
    const signedIn = await register(auth.server);
    const answers = await Promise.all([1, 2, 3, 4, 5, 6].map(() => refresh(signedIn.refreshToken)));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200, 200]);
    for (const answer of answers) expect(answer.body).toEqual(answers[0]!.body);
    const stored = await auth.server.app.db.all('SELECT token_hash FROM refresh_tokens WHERE session_id = ?', [signedIn.sessionId]);
    expect(stored).toHaveLength(2);
    expect((await me(answers[0]!.body.jwt)).status).toBe(200);
    expect((await refresh(answers[0]!.body.refreshToken)).status).toBe(200);
  });

  it('should refuse unknown, malformed and expired refresh tokens with 401 and change nothing', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2031-06-01T00:00:00Z'));
    const signedIn = await register(auth.server);
    const before = await snapshot(auth.server);
    for (const refreshToken of ['A'.repeat(43), `${signedIn.refreshToken.slice(0, -2)}xx`, signedIn.jwt.slice(0, 128)]) {
      const answer = await refresh(refreshToken);
      expect(answer.status).toBe(401);
      expect(answer.body).toEqual({ error: 'invalid_refresh_token', message: 'Your session has expired. Please log in again.' });
    }
    for (const payload of [{}, { refreshToken: 42 }, { refreshToken: '' }, { refreshToken: 'x'.repeat(129) }, { refreshToken: signedIn.refreshToken, extra: 1 }]) {
      expect((await call(auth.server, '/auth/refresh-token', payload)).status).toBe(400);
    }
    vi.setSystemTime(new Date('2031-07-02T00:00:00Z')); // 31 days later
    expect((await refresh(signedIn.refreshToken)).status).toBe(401);
    expect(await snapshot(auth.server)).toBe(before);
  });

  it('should end a session: its refresh token dies at once and its access tokens are refused', async () => {
    const signedIn = await register(auth.server);
    const other = await call<SignedIn>(auth.server, '/auth/login', { userName: signedIn.user.userName, password: signedIn.password }, from());
    const ended = await call(auth.server, '/auth/end-session', { sessionId: signedIn.sessionId }, { token: signedIn.jwt });
    expect(ended.status).toBe(200);
    expect(ended.body).toEqual({ success: true, message: 'Session ended.' });
    expect((await me(signedIn.jwt)).status).toBe(401);
    expect((await refresh(signedIn.refreshToken)).status).toBe(401);
    // The player's other session is untouched.
    expect((await me(other.body.jwt)).status).toBe(200);
    expect((await refresh(other.body.refreshToken)).status).toBe(200);
  });

  it("should refuse to end someone else's session, or without a valid token, and change nothing", async () => {
    const alice = await register(auth.server);
    const mallory = await register(auth.server);
    const before = await snapshot(auth.server);
    const foreign = await call(auth.server, '/auth/end-session', { sessionId: alice.sessionId }, { token: mallory.jwt });
    expect(foreign.status).toBe(404);
    expect(foreign.body).toEqual({ error: 'session_not_found', message: 'No open session with this id belongs to you.' });
    expect((await call(auth.server, '/auth/end-session', { sessionId: alice.sessionId })).status).toBe(401);
    expect((await call(auth.server, '/auth/end-session', {}, { token: mallory.jwt })).status).toBe(400);
    expect((await call(auth.server, '/auth/end-session', { sessionId: 7 }, { token: mallory.jwt })).status).toBe(400);
    expect((await call(auth.server, '/auth/end-session', { sessionId: 'x'.repeat(65) }, { token: mallory.jwt })).status).toBe(400);
    expect(await snapshot(auth.server)).toBe(before);
    expect((await me(alice.jwt)).status).toBe(200);
  });

  it('should refuse forged access tokens: alg none, tampered, wrong secret, expired', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2031-08-01T00:00:00Z'));
    const victim = await register(auth.server);
    const [header, payload, signature] = victim.jwt.split('.') as [string, string, string];
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { sub: string; sid: string; iat: number; exp: number };
    const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const forged = [
      `${b64({ alg: 'none', typ: 'JWT' })}.${payload}.`,
      `${b64({ alg: 'none', typ: 'JWT' })}.${payload}.${signature}`,
      `${header}.${b64({ ...claims, exp: claims.exp + 3600 })}.${signature}`,
      `${b64({ alg: 'HS512', typ: 'JWT' })}.${payload}.${signature}`,
      signLegacyJwt(claims, Buffer.from('not-the-server-secret-but-long-enough-1234')),
      // Properly signed with the server's own secret, but by an algorithm outside the allow-list.
      await new SignJWT({ sid: claims.sid }).setProtectedHeader({ alg: 'HS512', typ: 'JWT' }).setSubject(claims.sub).setIssuedAt(claims.iat).setExpirationTime(claims.exp).sign(await serverSecret()),
    ];
    // A token in the format the server issued before it signed with jose still lets its player in.
    expect((await me(signLegacyJwt(claims, await serverSecret()))).status).toBe(200);
    const before = await snapshot(auth.server);
    for (const token of forged) {
      expect((await me(token)).status, token).toBe(401);
      expect((await call(auth.server, '/auth/end-session', { sessionId: victim.sessionId }, { token })).status).toBe(401);
    }
    vi.setSystemTime(new Date('2031-08-01T00:15:01Z'));
    expect((await me(victim.jwt)).status).toBe(401);
    expect(await snapshot(auth.server)).toBe(before);
  });
});
