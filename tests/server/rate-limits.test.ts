import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../../src/server/config';
import type { RateLimits } from '../../src/server/config';
import { call, mails, newAccount, register } from '../support/auth';
import { startTestServer, withTestServer } from '../support/server';

const START = new Date('2032-03-01T08:00:00Z').getTime();
const at = (ms: number) => vi.setSystemTime(new Date(START + ms));
const from = (n: number) => ({ forwardedFor: `198.51.100.${n}` });

const HOUR = 3_600_000;
const limits = (overrides: Partial<RateLimits>): RateLimits => ({
  windowMs: HOUR,
  signUp: { perAddress: 1000, perAccount: 1000 },
  forgotPassword: { perAddress: 1000, perAccount: 1000 },
  resendConfirmation: { perAddress: 1000, perAccount: 1000 },
  ...overrides,
});
const userCount = async (server: Awaited<ReturnType<typeof startTestServer>>) =>
  (await server.app.db.get<{ n: number }>('SELECT COUNT(*) AS n FROM users'))!.n;

afterEach(() => {
  vi.useRealTimers();
});

describe('rate limits on the calls that hash or mail', () => {
  it('should read the limits from the environment, with defaults, and refuse nonsense', () => {
    const defaults = loadConfig({}).rateLimits;
    expect(defaults.windowMs).toBe(HOUR);
    expect(defaults.signUp).toEqual({ perAddress: 20, perAccount: 3 });
    expect(defaults.forgotPassword).toEqual({ perAddress: 20, perAccount: 3 });
    expect(defaults.resendConfirmation).toEqual({ perAddress: 20, perAccount: 5 });
    const set = loadConfig({ RATE_LIMIT_WINDOW_SECONDS: '60', RATE_LIMIT_SIGNUP_PER_ADDRESS: '7', RATE_LIMIT_FORGOT_PASSWORD_PER_ACCOUNT: '1' }).rateLimits;
    expect(set.windowMs).toBe(60_000);
    expect(set.signUp.perAddress).toBe(7);
    expect(set.forgotPassword.perAccount).toBe(1);
    expect(() => loadConfig({ RATE_LIMIT_SIGNUP_PER_ADDRESS: 'lots' })).toThrow(/RATE_LIMIT_SIGNUP_PER_ADDRESS/);
    expect(() => loadConfig({ RATE_LIMIT_RESEND_CONFIRMATION_PER_ACCOUNT: '0' })).toThrow(/at least 1/);
  });

  it(
    'should refuse the sign-up after the per-address limit with 429 and Retry-After, creating nobody',
    withTestServer({ rateLimits: limits({ signUp: { perAddress: 3, perAccount: 1000 } }) }, async (server) => {
      for (let i = 0; i < 3; i += 1) await register(server, newAccount('flood'));
      const before = await userCount(server);
      const refused = await call(server, '/auth/register', newAccount('flood'));
      expect(refused.status).toBe(429);
      expect(refused.body).toEqual({ error: 'too_many_requests', message: 'Too many requests. Please try again in 60 minutes.' });
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(3590);
      expect(Number(refused.headers.get('retry-after'))).toBeLessThanOrEqual(3600);
      expect(await userCount(server)).toBe(before);
      // Another client is not affected.
      expect((await call(server, '/auth/register', newAccount('other'), from(9))).status).toBe(200);
    }),
  );

  it(
    'should refuse sign-ups for one e-mail address after the per-account limit, from any address',
    withTestServer({ rateLimits: limits({ signUp: { perAddress: 1000, perAccount: 2 } }) }, async (server) => {
      const account = newAccount('same');
      const weak = { ...account, password: 'short' };
      expect((await call(server, '/auth/register', weak, from(1))).status).toBe(400);
      expect((await call(server, '/auth/register', { ...weak, email: account.email.toUpperCase() }, from(2))).status).toBe(400);
      const refused = await call(server, '/auth/register', account, from(3));
      expect(refused.status).toBe(429);
      expect(refused.body).toMatchObject({ error: 'too_many_requests' });
      expect(await userCount(server)).toBe(0);
      expect((await call(server, '/auth/register', newAccount('fresh'), from(3))).status).toBe(200);
    }),
  );

  it(
    'should not let 300 forgot-password requests write 300 mails to one address',
    withTestServer({ rateLimits: limits({ forgotPassword: { perAddress: 1000, perAccount: 3 } }) }, async (server) => {
      const victim = await register(server, newAccount('inbox'));
      const resetMails = () => mails(server).filter((m) => m.headers.to === victim.user.email && /reset/i.test(m.headers.subject ?? '')).length;
      const answers = await Promise.all(
        Array.from({ length: 300 }, (_, i) => call(server, '/auth/forgot-password', { email: victim.user.email }, from(1 + (i % 200)))),
      );
      expect(answers.filter((a) => a.status === 200)).toHaveLength(3);
      const refused = answers.filter((a) => a.status === 429);
      expect(refused).toHaveLength(297);
      expect(refused[0]?.body).toMatchObject({ error: 'too_many_requests' });
      expect(refused[0]?.headers.get('retry-after')).toMatch(/^[0-9]+$/);
      await vi.waitFor(() => expect(resetMails()).toBe(3));
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(resetMails()).toBe(3);
    }),
  );

  it(
    'should refuse forgot-password from one address after the per-address limit, whatever the e-mail',
    withTestServer({ rateLimits: limits({ forgotPassword: { perAddress: 4, perAccount: 1000 } }) }, async (server) => {
      for (let i = 0; i < 4; i += 1) {
        expect((await call(server, '/auth/forgot-password', { email: `nobody${i}@example.com` }, from(5))).status).toBe(200);
      }
      const refused = await call(server, '/auth/forgot-password', { email: 'nobody9@example.com' }, from(5));
      expect(refused.status).toBe(429);
      expect(refused.headers.get('retry-after')).not.toBeNull();
      expect((await call(server, '/auth/forgot-password', { email: 'nobody9@example.com' }, from(6))).status).toBe(200);
    }),
  );

  it('should bound resend-confirmation per account beyond the one-minute cooldown, from any address', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    at(0);
    const server = await startTestServer({ rateLimits: limits({ resendConfirmation: { perAddress: 1000, perAccount: 2 } }) });
    try {
      const player = await register(server, newAccount('resend'));
      const confirmations = () => mails(server).filter((m) => m.headers.to === player.user.email).length;
      await vi.waitFor(() => expect(confirmations()).toBe(1));
      for (let i = 1; i <= 2; i += 1) {
        at(i * 61_000);
        expect((await call(server, '/auth/resend-confirmation', {}, { token: player.jwt, ...from(i) })).status).toBe(200);
      }
      at(3 * 61_000);
      const refused = await call(server, '/auth/resend-confirmation', {}, { token: player.jwt, ...from(3) });
      expect(refused.status).toBe(429);
      expect(refused.body).toMatchObject({ error: 'too_many_requests', message: expect.stringMatching(/^Too many requests\. Please try again in \d+ minutes\.$/) });
      // The window opened with the first resend (at 61 s), so it closes an hour later.
      expect(Number(refused.headers.get('retry-after'))).toBe(3600 - 2 * 61);
      await vi.waitFor(() => expect(confirmations()).toBe(3));
    } finally {
      await server.close();
    }
  });
});
