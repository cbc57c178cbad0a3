import { afterEach, describe, expect, it, vi } from 'vitest';
import { call, newAccount, register, totp } from '../support/auth';
import { startTestServer, tempDir, withTestServer } from '../support/server';

const START = new Date('2032-01-10T12:00:00Z').getTime();
const at = (ms: number) => vi.setSystemTime(new Date(START + ms));

afterEach(() => {
  vi.useRealTimers();
});

describe('sign-in throttle', () => {
  it('should refuse an address after 5 failures in 15 minutes until they age out, with the right password too', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    at(0);
    const server = await startTestServer();
    try {
      const account = newAccount('target');
      await register(server, account);
      const attacker = { forwardedFor: '203.0.113.66' };
      for (let i = 1; i <= 5; i += 1) {
        at(i * 60_000);
        const answer = await call(server, '/auth/login', { userName: account.userName, password: `guess ${i}` }, attacker);
        expect(answer.status, `attempt ${i}`).toBe(401);
      }
      // From that address the right password does not help now, with the name or the e-mail.
      at(6 * 60_000);
      const refused = await call(server, '/auth/login', { userName: account.email, password: account.password }, attacker);
      expect(refused.status).toBe(429);
      expect(refused.body).toEqual({ error: 'too_many_attempts', message: 'Too many failed attempts. Please try again in 10 minutes.' });
      // The first failure (at minute 1) ages out at minute 16.
      expect(refused.headers.get('retry-after')).toBe(String(10 * 60));

      at(16 * 60_000 - 30_000);
      const soon = await call(server, '/auth/login', { userName: account.userName, password: account.password }, attacker);
      expect(soon.status).toBe(429);
      expect(soon.headers.get('retry-after')).toBe('30');
      expect(soon.body).toMatchObject({ message: 'Too many failed attempts. Please try again in 30 seconds.' });

      at(16 * 60_000 + 1);
      const allowed = await call(server, '/auth/login', { userName: account.userName, password: account.password }, attacker);
      expect(allowed.status).toBe(200);
    } finally {
      await server.close();
    }
  });

  it(
    'should not lock the owner out: failures from many addresses leave the account open, the owner from another address gets in',
    withTestServer({}, async (server) => {
      const owner = await register(server, newAccount('owner'));
      // A distributed attacker: 5 wrong passwords from each of 4 addresses (20 against one account).
      for (let a = 1; a <= 4; a += 1) {
        for (let i = 1; i <= 5; i += 1) {
          const answer = await call(server, '/auth/login', { userName: owner.user.userName, password: `guess ${a}-${i}` }, { forwardedFor: `203.0.113.${a}` });
          expect(answer.status).toBe(401);
        }
        expect((await call(server, '/auth/login', { userName: owner.user.userName, password: owner.password }, { forwardedFor: `203.0.113.${a}` })).status).toBe(429);
      }
      const home = await call<{ user: { id: number } }>(server, '/auth/login', { userName: owner.user.userName, password: owner.password }, { forwardedFor: '198.51.100.10' });
      expect(home.status).toBe(200);
      expect(home.body.user.id).toBe(owner.user.id);
    }),
  );

  it(
    "should let the owner in with password and two-factor code even from the attacker's address, and nobody with less",
    withTestServer({}, async (server) => {
      const owner = await register(server, newAccount('mfaowner'));
      const key = await call<{ mfaKey: string }>(server, '/auth/get-mfa-key', undefined, { token: owner.jwt });
      expect((await call(server, '/auth/enable-mfa', { mfaCode: await totp(key.body.mfaKey) }, { token: owner.jwt })).status).toBe(200);
      const attacker = { forwardedFor: '203.0.113.77' };
      for (let i = 1; i <= 5; i += 1) {
        expect((await call(server, '/auth/login', { userName: owner.user.userName, password: `guess ${i}` }, attacker)).status).toBe(401);
      }
      // A later step than the one enable-mfa used: each step is accepted once.
      const code = await totp(key.body.mfaKey, Date.now() + 30_000);
      // Password alone, or a right code with a wrong password, or a wrong code: the same 429, nothing learned.
      const passwordOnly = await call(server, '/auth/login', { userName: owner.user.userName, password: owner.password }, attacker);
      expect(passwordOnly.status).toBe(429);
      const wrongPassword = await call(server, '/auth/login', { userName: owner.user.userName, password: 'not the one', mfaCode: code }, attacker);
      expect(wrongPassword.status).toBe(429);
      expect(wrongPassword.body).toEqual(passwordOnly.body);
      const wrongCode = await call(server, '/auth/login', { userName: owner.user.userName, password: owner.password, mfaCode: '000000' === code ? '111111' : '000000' }, attacker);
      expect(wrongCode.status).toBe(429);

      const both = await call<{ user: { id: number } }>(server, '/auth/login', { userName: owner.user.userName, password: owner.password, mfaCode: code }, attacker);
      expect(both.status).toBe(200);
      expect(both.body.user.id).toBe(owner.user.id);
      // The code is spent: replaying it from the throttled address is refused.
      expect((await call(server, '/auth/login', { userName: owner.user.userName, password: owner.password, mfaCode: code }, attacker)).status).toBe(429);
    }),
  );

  it(
    'should refuse one address after 5 failures across different accounts (header-less, from 127.0.0.1)',
    withTestServer({}, async (server) => {
      const victim = newAccount('victim');
      await register(server, victim);
      for (let i = 1; i <= 5; i += 1) {
        expect((await call(server, '/auth/login', { userName: `someone_${i}`, password: 'whatever1' })).status).toBe(401);
      }
      const refused = await call(server, '/auth/login', { userName: victim.userName, password: victim.password });
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(14 * 60);
      expect(Number(refused.headers.get('retry-after'))).toBeLessThanOrEqual(15 * 60);
      expect(refused.body).toMatchObject({ error: 'too_many_attempts', message: 'Too many failed attempts. Please try again in 15 minutes.' });
      // The account itself is not blocked: the same player from another address gets in.
      expect((await call(server, '/auth/login', { userName: victim.userName, password: victim.password }, { forwardedFor: '203.0.113.200' })).status).toBe(200);
    }),
  );

  it(
    'should count the address a trusted proxy appended, not the one a client wrote into X-Forwarded-For',
    withTestServer({}, async (server) => {
      for (let i = 1; i <= 5; i += 1) {
        const spoofed = `10.${i}.${i}.${i}, 198.51.100.77`;
        expect((await call(server, '/auth/login', { userName: `nobody_${i}`, password: 'whatever1' }, { forwardedFor: spoofed })).status).toBe(401);
      }
      const again = await call(server, '/auth/login', { userName: 'nobody_x', password: 'whatever1' }, { forwardedFor: '203.0.113.1, 198.51.100.77' });
      expect(again.status).toBe(429);
      const elsewhere = await call(server, '/auth/login', { userName: 'nobody_x', password: 'whatever1' }, { forwardedFor: '198.51.100.78' });
      expect(elsewhere.status).toBe(401);
    }),
  );

  it(
    'should let no more than 5 of many simultaneous wrong guesses from one address be checked, refusing the rest',
    withTestServer({}, async (server) => {
      const account = await register(server, newAccount('burst'));
      const attacker = { forwardedFor: '203.0.113.99' };
      const answers = await Promise.all(
        Array.from({ length: 12 }, (_, i) => call(server, '/auth/login', { userName: account.user.userName, password: `guess ${i}` }, attacker)),
      );
      const statuses = answers.map((answer) => answer.status);
      expect(statuses.filter((status) => status === 401)).toHaveLength(5);
      expect(statuses.filter((status) => status === 429)).toHaveLength(7);
      expect((await call(server, '/auth/login', { userName: account.user.userName, password: account.password }, attacker)).status).toBe(429);
      // A right password among simultaneous attempts is not left counted as a failure.
      const other = { forwardedFor: '203.0.113.98' };
      const mixed = await Promise.all([
        call(server, '/auth/login', { userName: account.user.userName, password: account.password }, other),
        call(server, '/auth/login', { userName: account.user.userName, password: 'wrong one' }, other),
      ]);
      expect(mixed.map((answer) => answer.status)).toEqual([200, 401]);
      const counted = await server.app.db.all('SELECT id FROM login_failures WHERE throttle_key = ?', ['ip:203.0.113.98']);
      expect(counted).toHaveLength(1);
    }),
  );

  it('should keep counting across a restart', async () => {
    const dataDir = tempDir();
    const first = await startTestServer({ dataDir });
    const account = newAccount('restart');
    await register(first, account);
    for (let i = 1; i <= 5; i += 1) {
      expect((await call(first, '/auth/login', { userName: account.userName, password: 'bad guess!' }, { forwardedFor: '192.0.2.7' })).status).toBe(401);
    }
    await first.app.close();
    // Same data directory, and on PostgreSQL the same schema: the same database, restarted.
    const second = await startTestServer({ dataDir, databaseSchema: first.config.databaseSchema });
    try {
      const refused = await call(second, '/auth/login', { userName: account.userName, password: account.password }, { forwardedFor: '192.0.2.7' });
      expect(refused.status).toBe(429);
      expect(refused.headers.get('retry-after')).not.toBeNull();
    } finally {
      await second.close();
    }
  });
});
