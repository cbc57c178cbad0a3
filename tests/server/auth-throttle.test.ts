import { afterEach, describe, expect, it, vi } from 'vitest';
import { call, newAccount, register } from '../support/auth';
import { startTestServer, tempDir } from '../support/server';

const START = new Date('2032-01-10T12:00:00Z').getTime();
const at = (ms: number) => vi.setSystemTime(new Date(START + ms));

afterEach(() => {
  vi.useRealTimers();
});

describe('sign-in throttle', () => {
  it('should refuse an account after 5 failures in 15 minutes, from any address, until they age out', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    at(0);
    const server = await startTestServer();
    try {
      const account = newAccount('target');
      await register(server, account);
      for (let i = 1; i <= 5; i += 1) {
        at(i * 60_000);
        const answer = await call(server, '/auth/login', { userName: account.userName, password: `guess ${i}` }, { forwardedFor: `203.0.113.${i}` });
        expect(answer.status, `attempt ${i}`).toBe(401);
      }
      // The right password does not help now, and neither does another address or the e-mail as name.
      at(6 * 60_000);
      const refused = await call(server, '/auth/login', { userName: account.email, password: account.password }, { forwardedFor: '203.0.113.99' });
      expect(refused.status).toBe(429);
      expect(refused.body).toEqual({ error: 'too_many_attempts', message: 'Too many failed attempts. Please try again in 10 minutes.' });
      // The first failure (at minute 1) ages out at minute 16.
      expect(refused.headers.get('retry-after')).toBe(String(10 * 60));

      at(16 * 60_000 - 30_000);
      const soon = await call(server, '/auth/login', { userName: account.userName, password: account.password });
      expect(soon.status).toBe(429);
      expect(soon.headers.get('retry-after')).toBe('30');
      expect(soon.body).toMatchObject({ message: 'Too many failed attempts. Please try again in 30 seconds.' });

      at(16 * 60_000 + 1);
      const allowed = await call(server, '/auth/login', { userName: account.userName, password: account.password });
      expect(allowed.status).toBe(200);
      // A success clears the account's count: five fresh mistakes are allowed again.
      for (let i = 1; i <= 5; i += 1) {
        expect((await call(server, '/auth/login', { userName: account.userName, password: 'nope nope' }, { forwardedFor: `192.0.2.${i}` })).status).toBe(401);
      }
      expect((await call(server, '/auth/login', { userName: account.userName, password: account.password }, { forwardedFor: '192.0.2.50' })).status).toBe(429);
    } finally {
      await server.close();
    }
  });

  it('should refuse one address after 5 failures across different accounts (header-less, from 127.0.0.1)', async () => {
    const server = await startTestServer();
    try {
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
    } finally {
      await server.close();
    }
  });

  it('should count the address a trusted proxy appended, not the one a client wrote into X-Forwarded-For', async () => {
    const server = await startTestServer();
    try {
      for (let i = 1; i <= 5; i += 1) {
        const spoofed = `10.${i}.${i}.${i}, 198.51.100.77`;
        expect((await call(server, '/auth/login', { userName: `nobody_${i}`, password: 'whatever1' }, { forwardedFor: spoofed })).status).toBe(401);
      }
      const again = await call(server, '/auth/login', { userName: 'nobody_x', password: 'whatever1' }, { forwardedFor: '203.0.113.1, 198.51.100.77' });
      expect(again.status).toBe(429);
      const elsewhere = await call(server, '/auth/login', { userName: 'nobody_x', password: 'whatever1' }, { forwardedFor: '198.51.100.78' });
      expect(elsewhere.status).toBe(401);
    } finally {
      await server.close();
    }
  });

  it('should keep counting across a restart', async () => {
    const dataDir = tempDir();
    const first = await startTestServer({ dataDir });
    const account = newAccount('restart');
    await register(first, account);
    for (let i = 1; i <= 5; i += 1) {
      expect((await call(first, '/auth/login', { userName: account.userName, password: 'bad guess!' }, { forwardedFor: `192.0.2.${i}` })).status).toBe(401);
    }
    await first.app.close();
    const second = await startTestServer({ dataDir });
    try {
      const refused = await call(second, '/auth/login', { userName: account.userName, password: account.password }, { forwardedFor: '192.0.2.77' });
      expect(refused.status).toBe(429);
      expect(refused.headers.get('retry-after')).not.toBeNull();
    } finally {
      await second.close();
    }
  });
});
