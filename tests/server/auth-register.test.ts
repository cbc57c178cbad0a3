import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyPassword } from '../../src/server/auth/passwords';
import { commonPasswordCount } from '../../src/server/auth/passwords';
import { findUserById } from '../../src/server/users/repository';
import { call, lastMailTo, linkParams, mails, newAccount, register, snapshot } from '../support/auth';
import type { SignedIn } from '../support/auth';
import { startTestServer } from '../support/server';
import type { TestServer } from '../support/server';

describe('POST /api/auth/register', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ publicUrl: 'https://casino.example', mailFrom: 'ACC Casino <no-reply@casino.example>' });
  });
  afterAll(async () => server.close());

  it('should create the account, sign it in and answer the user of docs/product.md §3', async () => {
    const account = newAccount('alice');
    const answer = await call<SignedIn>(server, '/auth/register', account);
    expect(answer.status).toBe(200);
    const { user, jwt, refreshToken, sessionId } = answer.body;
    expect(Object.keys(answer.body).sort()).toEqual(['jwt', 'refreshToken', 'sessionId', 'user']);
    expect(user).toEqual({
      id: expect.any(Number),
      userName: account.userName,
      dateJoined: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      email: account.email,
      emailConfirmed: false,
      tfaEnabled: false,
    });
    expect(jwt.split('.')).toHaveLength(3);
    expect(refreshToken).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const me = await call(server, '/auth/me', undefined, { token: jwt });
    expect(me.status).toBe(200);
    expect(me.body).toEqual({ user });

    const stored = (await findUserById(server.app.db, user.id))!;
    expect(stored.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword(stored.passwordHash, account.password)).toBe(true);
    const session = await server.app.db.get('SELECT user_id, ended_at FROM sessions WHERE id = ?', [sessionId]);
    expect(session).toEqual({ user_id: user.id, ended_at: null });
    // Only the hash of the refresh token is kept.
    const dump = JSON.stringify(await server.app.db.all('SELECT * FROM refresh_tokens'));
    expect(dump).not.toContain(refreshToken);
  });

  it('should mail a confirmation link that confirms the address once opened', async () => {
    const signedIn = await register(server, newAccount('bob'));
    const mail = lastMailTo(server, signedIn.user.email);
    expect(mail.headers.from).toMatch(/^ACC Casino <no-reply@casino\.example>$/);
    expect(mail.headers.subject).toBe('Confirm your e-mail address for ACC Casino');
    expect(mail.headers.date).toMatch(/^[A-Z][a-z]{2}, \d\d [A-Z][a-z]{2} \d{4} \d\d:\d\d:\d\d \+0000$/);
    expect(mail.headers['message-id']).toMatch(/^<[0-9a-f]+@casino\.example>$/);
    expect(mail.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(mail.link!.startsWith('https://casino.example/confirm-email?')).toBe(true);
    const params = linkParams(mail);
    expect(params.get('userId')).toBe(String(signedIn.user.id));

    // The page sends what it read from its query string: userId arrives as a string.
    const confirmed = await call(server, '/auth/confirm-email', { userId: params.get('userId'), token: params.get('token') });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body).toEqual({ success: true, message: 'Email Address Confirmed' });
    const me = await call<{ user: SignedIn['user'] }>(server, '/auth/me', undefined, { token: signedIn.jwt });
    expect(me.body.user.emailConfirmed).toBe(true);

    // Opening the same link again is still a success, not an error page.
    const again = await call(server, '/auth/confirm-email', { userId: signedIn.user.id, token: params.get('token') });
    expect(again.status).toBe(200);
    const resend = await call(server, '/auth/resend-confirmation', {}, { token: signedIn.jwt });
    expect(resend.status).toBe(409);
    expect(resend.body).toMatchObject({ error: 'already_confirmed' });
  });

  it('should refuse a wrong, tampered or foreign confirmation token and change nothing', async () => {
    const a = await register(server, newAccount('carol'));
    const b = await register(server, newAccount('dave'));
    const tokenA = linkParams(lastMailTo(server, a.user.email)).get('token')!;
    const before = await snapshot(server);
    for (const payload of [
      { userId: a.user.id, token: `${tokenA.slice(0, -1)}${tokenA.endsWith('A') ? 'B' : 'A'}` },
      { userId: b.user.id, token: tokenA },
      { userId: 999_999, token: tokenA },
    ]) {
      const answer = await call(server, '/auth/confirm-email', payload);
      expect(answer.status).toBe(400);
      expect(answer.body).toEqual({ error: 'invalid_token', message: 'This confirmation link is invalid or has expired.' });
    }
    for (const payload of [{ userId: 'abc', token: tokenA }, { userId: -1, token: tokenA }, { userId: 1.5, token: tokenA }, { token: tokenA }, { userId: a.user.id }]) {
      const answer = await call(server, '/auth/confirm-email', payload);
      expect(answer.status).toBe(400);
    }
    expect(await snapshot(server)).toBe(before);
  });

  it('should resend a confirmation on request, invalidating the earlier link, at most once a minute', async () => {
    const signedIn = await register(server, newAccount('erin'));
    const first = linkParams(lastMailTo(server, signedIn.user.email)).get('token')!;
    const tooSoon = await call(server, '/auth/resend-confirmation', undefined, { token: signedIn.jwt, method: 'POST' });
    expect(tooSoon.status).toBe(429);
    expect(Number(tooSoon.headers.get('retry-after'))).toBeGreaterThan(0);

    await server.app.db.run(`UPDATE account_tokens SET created_at = ? WHERE user_id = ?`, [new Date(Date.now() - 61_000).toISOString(), signedIn.user.id]);
    const count = mails(server).length;
    const resent = await call(server, '/auth/resend-confirmation', undefined, { token: signedIn.jwt, method: 'POST' });
    expect(resent.status).toBe(200);
    expect(mails(server)).toHaveLength(count + 1);
    const second = linkParams(lastMailTo(server, signedIn.user.email)).get('token')!;
    expect(second).not.toBe(first);
    expect((await call(server, '/auth/confirm-email', { userId: signedIn.user.id, token: first })).status).toBe(400);
    expect((await call(server, '/auth/confirm-email', { userId: signedIn.user.id, token: second })).status).toBe(200);

    expect((await call(server, '/auth/resend-confirmation', undefined, { method: 'POST' })).status).toBe(401);
  });

  it('should refuse a taken user name or e-mail, whatever their case, with 409 and change nothing', async () => {
    const taken = await register(server, newAccount('frank'));
    const before = await snapshot(server);
    const name = await call(server, '/auth/register', { ...newAccount('other'), userName: taken.user.userName.toUpperCase() });
    expect(name.status).toBe(409);
    expect(name.body).toEqual({ error: 'user_name_taken', message: 'This user name is already taken.' });
    const email = await call(server, '/auth/register', { ...newAccount('other'), email: ` ${taken.user.email.toUpperCase()} ` });
    expect(email.status).toBe(409);
    expect(email.body).toEqual({ error: 'email_taken', message: 'An account with this e-mail address already exists.' });
    expect(await snapshot(server)).toBe(before);
  });

  it('should let exactly one of several simultaneous sign-ups for one name, or one address, through and answer the others 409', async () => {
    const base = newAccount('race');
    const sameName = await Promise.all(
      [0, 1, 2, 3].map((i) => call(server, '/auth/register', { ...newAccount('racer'), userName: i % 2 ? base.userName.toUpperCase() : base.userName })),
    );
    expect(sameName.map((answer) => answer.status).sort()).toEqual([200, 409, 409, 409]);
    for (const answer of sameName.filter((a) => a.status === 409)) {
      expect(answer.body).toEqual({ error: 'user_name_taken', message: 'This user name is already taken.' });
    }
    const sameEmail = await Promise.all(
      [0, 1, 2, 3].map((i) => call(server, '/auth/register', { ...newAccount('racer'), email: i % 2 ? base.email.toUpperCase() : base.email })),
    );
    expect(sameEmail.map((answer) => answer.status).sort()).toEqual([200, 409, 409, 409]);
    for (const answer of sameEmail.filter((a) => a.status === 409)) {
      expect(answer.body).toEqual({ error: 'email_taken', message: 'An account with this e-mail address already exists.' });
    }
    const rows = await server.app.db.all('SELECT id FROM users WHERE user_name_key = ? OR email_key = ?', [base.userName.toLowerCase(), base.email]);
    expect(rows).toHaveLength(2);
  });

  it('should confirm once when one link is opened several times at once, answering each a success', async () => {
    const signedIn = await register(server, newAccount('twice'));
    const token = linkParams(lastMailTo(server, signedIn.user.email)).get('token');
    const answers = await Promise.all([1, 2, 3, 4].map(() => call(server, '/auth/confirm-email', { userId: signedIn.user.id, token })));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200]);
    const me = await call<{ user: SignedIn['user'] }>(server, '/auth/me', undefined, { token: signedIn.jwt });
    expect(me.body.user.emailConfirmed).toBe(true);
    const used = await server.app.db.all('SELECT used_at FROM account_tokens WHERE user_id = ? AND used_at IS NOT NULL', [signedIn.user.id]);
    expect(used).toHaveLength(1);
  });

  it('should send one mail when several resends arrive at once after the cooldown', async () => {
    const signedIn = await register(server, newAccount('burst'));
    await server.app.db.run(`UPDATE account_tokens SET created_at = ? WHERE user_id = ?`, [new Date(Date.now() - 61_000).toISOString(), signedIn.user.id]);
    const count = mails(server).length;
    const answers = await Promise.all([1, 2, 3, 4].map(() => call(server, '/auth/resend-confirmation', undefined, { token: signedIn.jwt, method: 'POST' })));
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 429, 429, 429]);
    expect(mails(server)).toHaveLength(count + 1);
    const live = await server.app.db.all(`SELECT id FROM account_tokens WHERE user_id = ? AND purpose = 'confirm_email' AND used_at IS NULL`, [signedIn.user.id]);
    expect(live).toHaveLength(1);
  });

  it('should ship a list of at least a thousand common passwords and refuse them in any case', async () => {
    expect(commonPasswordCount()).toBeGreaterThanOrEqual(1000);
    const before = await snapshot(server);
    for (const password of ['password', 'PassWord1', 'qwertyuiop', 'Password123', 'ILOVEYOU1']) {
      const answer = await call(server, '/auth/register', { ...newAccount('common'), password });
      expect(answer.status, password).toBe(400);
      expect(answer.body).toMatchObject({ error: expect.stringMatching(/^(common_password|invalid_password)$/) });
    }
    const common = await call(server, '/auth/register', { ...newAccount('common'), password: 'baseball1' });
    expect(common.body).toEqual({ error: 'common_password', message: 'This password is too common. Please choose a less predictable one.' });
    expect(await snapshot(server)).toBe(before);
  });

  it('should answer every bad input with a 400 and a clear message, writing nothing', async () => {
    const good = newAccount('good');
    const before = await snapshot(server);
    const cases: Array<[unknown, RegExp]> = [
      [{ email: good.email, password: good.password }, /userName is required/],
      [{ userName: good.userName, password: good.password }, /email is required/],
      [{ userName: good.userName, email: good.email }, /password is required/],
      [{ ...good, userName: 42 }, /userName must be string/],
      [{ ...good, password: ['x'] }, /password must be string/],
      [{ ...good, admin: true }, /admin is not allowed/],
      [{ ...good, userName: 'ab' }, /User name must be 3 to 20 characters/],
      [{ ...good, userName: 'a'.repeat(21) }, /userName must NOT have more than 20 characters/],
      [{ ...good, userName: 'bad name!' }, /User name must be 3 to 20 characters/],
      [{ ...good, userName: 'ünïcode' }, /User name must be 3 to 20 characters/],
      [{ ...good, email: 'not-an-email' }, /valid e-mail/],
      [{ ...good, email: 'a@b' }, /valid e-mail/],
      [{ ...good, email: 'a\r\nBcc: x@y.com@example.com' }, /valid e-mail/],
      [{ ...good, email: `${'a'.repeat(250)}@example.com` }, /email must NOT have more than 254 characters/],
      [{ ...good, password: 'short1!' }, /Password must be 8 to 128 characters/],
      [{ ...good, password: 'x'.repeat(129) }, /password must NOT have more than 128 characters/],
      [{ ...good, password: good.email.toUpperCase() }, /must not be your user name or e-mail address/],
      [[good], /body must be object/],
      ['just a string', /body must be object/],
    ];
    for (const [payload, message] of cases) {
      const answer = await call<{ error: string; message: string }>(server, '/auth/register', payload);
      expect(answer.status, JSON.stringify(payload)).toBe(400);
      expect(answer.body.message, JSON.stringify(payload)).toMatch(message);
    }
    const malformed = await call(server, '/auth/register', undefined, { raw: '{"userName": ' });
    expect(malformed.status).toBe(400);
    expect(await snapshot(server)).toBe(before);
  });

  it('should refuse /me without a valid access token', async () => {
    expect((await call(server, '/auth/me')).status).toBe(401);
    expect((await call(server, '/auth/me', undefined, { token: 'nonsense' })).status).toBe(401);
  });
});
