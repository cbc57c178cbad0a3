import { HttpTransportType, HubConnectionBuilder, LogLevel } from '@microsoft/signalr';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../../src/server/config';
import { call, register } from '../support/auth';
import { authServer } from '../support/authServer';
import { startTestServer } from '../support/server';
import type { TestServer } from '../support/server';

interface Refreshed {
  status: number;
  jwt: string;
  refreshToken: string;
}

const DAY = 24 * 60 * 60 * 1000;

describe('the absolute lifetime of a session', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => server.close());
  afterEach(() => {
    vi.useRealTimers();
  });

  const refresh = (refreshToken: string) => call<Refreshed>(server, '/auth/refresh-token', { refreshToken });
  const me = (jwt: string) => call(server, '/auth/me', undefined, { token: jwt });

  it('should refuse the refresh 30 days after sign-in, however often the token was rotated', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const signIn = Date.parse('2032-03-01T08:00:00Z');
    vi.setSystemTime(signIn);
    const signedIn = await register(server);
    let tokens: { jwt: string; refreshToken: string } = signedIn;
    // Rotated every few days, each token fresh for another 30 days: still the session's clock rules.
    for (const day of [5, 12, 19, 26, 29.99]) {
      vi.setSystemTime(signIn + day * DAY);
      const rotated = await refresh(tokens.refreshToken);
      expect(rotated.status).toBe(200);
      tokens = rotated.body;
    }
    expect((await me(tokens.jwt)).status).toBe(200);

    // Less than 15 minutes later the last access token has not expired, but the session has.
    vi.setSystemTime(signIn + 30 * DAY + 1_000);
    expect((await me(tokens.jwt)).status).toBe(401);
    const refused = await refresh(tokens.refreshToken);
    expect(refused.status).toBe(401);
    expect(refused.body).toEqual({ error: 'session_expired', message: 'Your session has expired. Please log in again.' });
    const session = (await server.app.db.get<{ ended_at: string | null }>('SELECT ended_at FROM sessions WHERE id = ?', [signedIn.sessionId]))!;
    expect(session.ended_at).not.toBeNull();
    // Nor does a retry bring it back.
    expect((await refresh(tokens.refreshToken)).status).toBe(401);
  });

  it('should take the lifetime from SESSION_MAX_AGE_DAYS and refuse a bad value at start', () => {
    expect(loadConfig({}).sessionMaxAgeMs).toBe(30 * DAY);
    expect(loadConfig({ SESSION_MAX_AGE_DAYS: '7' }).sessionMaxAgeMs).toBe(7 * DAY);
    expect(loadConfig({ SESSION_MAX_AGE_DAYS: '0.5' }).sessionMaxAgeMs).toBe(DAY / 2);
    for (const bad of ['0', '-3', 'thirty', '1e3', '4000']) {
      expect(() => loadConfig({ SESSION_MAX_AGE_DAYS: bad })).toThrow(/SESSION_MAX_AGE_DAYS must be a number of days/);
    }
  });
});

describe('a short configured lifetime', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({ sessionMaxAgeMs: 1_500 });
  });
  afterAll(async () => server.close());

  it('should end the session and close its hub connection once the lifetime has passed', async () => {
    const signedIn = await register(server);
    const rotated = await call<Refreshed>(server, '/auth/refresh-token', { refreshToken: signedIn.refreshToken });
    expect(rotated.status).toBe(200);
    const connection = new HubConnectionBuilder()
      .withUrl(`${server.url}/api/socket`, { transport: HttpTransportType.WebSockets, accessTokenFactory: () => rotated.body.jwt })
      .configureLogging(LogLevel.None)
      .build();
    const closed = new Promise<Error | undefined>((resolve) => connection.onclose(resolve));
    await connection.start();
    const deposits: unknown[] = [];
    connection.on('deposit', (payload) => deposits.push(payload));

    await new Promise((resolve) => setTimeout(resolve, 1_600));
    const refused = await call(server, '/auth/refresh-token', { refreshToken: rotated.body.refreshToken });
    expect(refused.status).toBe(401);
    expect(refused.body).toMatchObject({ error: 'session_expired' });
    expect((await closed)?.message).toContain('Your session has ended.');
    server.app.hub.sendToUser(signedIn.user.id, 'deposit', { amount: 1, currency: 'BTC' });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(deposits).toEqual([]);
  });

  it('should close an idle connection when its session reaches the lifetime, with no request to notice it', async () => {
    const signedIn = await register(server);
    const connection = new HubConnectionBuilder()
      .withUrl(`${server.url}/api/socket`, { transport: HttpTransportType.WebSockets, accessTokenFactory: () => signedIn.jwt })
      .configureLogging(LogLevel.None)
      .build();
    const closed = new Promise<Error | undefined>((resolve) => connection.onclose(resolve));
    await connection.start();
    // The hub's timer runs every few seconds (a quarter of the 15 s keep-alive).
    const error = await Promise.race([closed, new Promise<never>((_, reject) => setTimeout(() => reject(new Error('still open')), 8_000))]);
    expect(error?.message).toContain('Your session has ended.');
  }, 15_000);
});

describe('two password changes at once', () => {
  const auth = authServer('192.0.2.');
  const { from, login, me } = auth;

  it('should let exactly one land, refuse the other clearly and end every other session', async () => {
    const account = await register(auth.server);
    const laptop = (await login(account.user.userName, account.password)).body;
    const bystander = (await login(account.user.userName, account.password)).body;
    const passwords = ['Amber kettle 5512 orbit', 'Silver ferry 8830 mosaic'] as const;
    const sessions = [account, laptop] as const;

    const answers = await Promise.all(
      passwords.map((newPassword, i) =>
        call(auth.server, '/auth/change-password', { oldPassword: account.password, newPassword }, { token: sessions[i]!.jwt, ...from() }),
      ),
    );
    const statuses = answers.map((a) => a.status);
    expect([...statuses].sort()).toEqual([200, 409]);
    const winner = statuses.indexOf(200) as 0 | 1;
    const loser = (1 - winner) as 0 | 1;
    expect(answers[loser]!.body).toEqual({
      error: 'password_changed',
      message: 'Your password was changed by another request just now, so this change was not made.',
    });

    expect((await login(account.user.userName, account.password)).status).toBe(401);
    expect((await login(account.user.userName, passwords[loser])).status).toBe(401);
    expect((await login(account.user.userName, passwords[winner])).status).toBe(200);

    expect((await me(sessions[winner]!.jwt)).status).toBe(200);
    expect((await me(sessions[loser]!.jwt)).status).toBe(401);
    expect((await me(bystander.jwt)).status).toBe(401);
  });
});
