import { HttpTransportType, HubConnectionBuilder, HubConnectionState, LogLevel } from '@microsoft/signalr';
import type { HubConnection } from '@microsoft/signalr';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { call, newAccount, register, snapshot } from '../support/auth';
import type { SignedIn } from '../support/auth';
import { authServer } from '../support/authServer';

interface Listed {
  sessionId: string;
  device: string;
  ipAddress: string | null;
  startedAt: string;
  lastActiveAt: string;
  current: boolean;
}

const CHROME_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';

describe('the sessions a player can see and end', () => {
  const auth = authServer('192.0.2.');
  const open: HubConnection[] = [];
  afterAll(async () => {
    await Promise.all(open.map((connection) => connection.stop()));
  });

  const list = (jwt: string) => call<{ sessions: Listed[] }>(auth.server, '/auth/get-sessions', undefined, { token: jwt });
  const signIn = async (account: { userName: string; password: string }, userAgent: string, forwardedFor: string) => {
    const answer = await call<SignedIn>(auth.server, '/auth/login', { userName: account.userName, password: account.password }, { userAgent, forwardedFor });
    expect(answer.status).toBe(200);
    return answer.body;
  };

  it('should list the open sessions with device, address and times, the caller\'s own first and marked current', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-03-01T10:00:00.000Z'));
    const account = newAccount('list');
    const signUp = await call<SignedIn>(auth.server, '/auth/register', account, { userAgent: 'curl/8.5.0', forwardedFor: '192.0.2.200' });
    expect(signUp.status).toBe(200);
    vi.setSystemTime(new Date('2026-03-01T10:01:00.000Z'));
    const laptop = await signIn(account, CHROME_WINDOWS, '192.0.2.201');
    vi.setSystemTime(new Date('2026-03-01T10:02:00.000Z'));
    const phone = await signIn(account, SAFARI_IPHONE, '2001:db8::7');

    const seen = await list(laptop.jwt);
    expect(seen.status).toBe(200);
    expect(seen.body.sessions).toEqual([
      { sessionId: laptop.sessionId, device: 'Chrome on Windows', ipAddress: '192.0.2.201', startedAt: '2026-03-01T10:01:00.000Z', lastActiveAt: '2026-03-01T10:01:00.000Z', current: true },
      { sessionId: phone.sessionId, device: 'Safari on iPhone', ipAddress: '2001:db8::7', startedAt: '2026-03-01T10:02:00.000Z', lastActiveAt: '2026-03-01T10:02:00.000Z', current: false },
      { sessionId: signUp.body.sessionId, device: 'Unknown device', ipAddress: '192.0.2.200', startedAt: '2026-03-01T10:00:00.000Z', lastActiveAt: '2026-03-01T10:00:00.000Z', current: false },
    ]);
    // Seen from the phone, the phone is the current one.
    expect((await list(phone.jwt)).body.sessions.map((s) => [s.sessionId, s.current])).toEqual([
      [phone.sessionId, true],
      [laptop.sessionId, false],
      [signUp.body.sessionId, false],
    ]);
  });

  it('should move last activity on a token refresh, not on other calls', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-04-01T08:00:00.000Z'));
    const account = await register(auth.server, newAccount('active'));
    vi.setSystemTime(new Date('2026-04-01T08:05:00.000Z'));
    expect((await auth.me(account.jwt)).status).toBe(200);
    expect((await list(account.jwt)).body.sessions[0]).toMatchObject({ startedAt: '2026-04-01T08:00:00.000Z', lastActiveAt: '2026-04-01T08:00:00.000Z' });

    vi.setSystemTime(new Date('2026-04-01T08:20:00.000Z'));
    const refreshed = await call<{ jwt: string }>(auth.server, '/auth/refresh-token', { refreshToken: account.refreshToken });
    expect(refreshed.status).toBe(200);
    expect((await list(refreshed.body.jwt)).body.sessions).toEqual([
      expect.objectContaining({ sessionId: account.sessionId, startedAt: '2026-04-01T08:00:00.000Z', lastActiveAt: '2026-04-01T08:20:00.000Z', current: true }),
    ]);
  });

  it('should show a session opened before devices were recorded as an unknown device', async () => {
    const account = await register(auth.server, newAccount('legacy'));
    await auth.server.app.db.run('UPDATE sessions SET device = NULL, ip_address = NULL, last_active_at = NULL WHERE id = ?', [account.sessionId]);
    const [listed] = (await list(account.jwt)).body.sessions;
    expect(listed).toMatchObject({ sessionId: account.sessionId, device: 'Unknown device', ipAddress: null, current: true });
    expect(listed!.lastActiveAt).toBe(listed!.startedAt);
  });

  it('should leave out ended sessions and refuse a visitor', async () => {
    const account = await register(auth.server, newAccount('ended'));
    const second = await signIn({ userName: account.user.userName, password: account.password }, CHROME_WINDOWS, '192.0.2.203');
    expect((await call(auth.server, '/auth/end-session', { sessionId: second.sessionId }, { token: account.jwt })).status).toBe(200);
    expect((await list(account.jwt)).body.sessions.map((s) => s.sessionId)).toEqual([account.sessionId]);

    const visitor = await call(auth.server, '/auth/get-sessions');
    expect(visitor.status).toBe(401);
    expect((await call(auth.server, '/auth/end-other-sessions', {})).status).toBe(401);
  });

  it("should answer another player's session id as an unknown one and change nothing", async () => {
    const alice = await register(auth.server, newAccount('alice'));
    const bob = await register(auth.server, newAccount('bob'));
    const before = await snapshot(auth.server);
    const theirs = await call(auth.server, '/auth/end-session', { sessionId: bob.sessionId }, { token: alice.jwt });
    const unknown = await call(auth.server, '/auth/end-session', { sessionId: 'no-such-session' }, { token: alice.jwt });
    expect(theirs.status).toBe(404);
    expect(theirs.body).toEqual({ error: 'session_not_found', message: 'No open session with this id belongs to you.' });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual(theirs.body);
    expect(await snapshot(auth.server)).toBe(before);
    expect((await auth.me(bob.jwt)).status).toBe(200);
    expect((await list(bob.jwt)).body.sessions.map((s) => s.sessionId)).toEqual([bob.sessionId]);
  });

  it('should sign this device out when it ends its own session, like Log out', async () => {
    const account = await register(auth.server, newAccount('self'));
    const ended = await call(auth.server, '/auth/end-session', { sessionId: account.sessionId }, { token: account.jwt });
    expect(ended.status).toBe(200);
    expect((await auth.me(account.jwt)).status).toBe(401);
    expect((await call(auth.server, '/auth/refresh-token', { refreshToken: account.refreshToken })).status).toBe(401);
  });

  it('should end every other session at once, close their hub connections, and keep this one', async () => {
    const account = await register(auth.server, newAccount('others'));
    const laptop = await signIn({ userName: account.user.userName, password: account.password }, CHROME_WINDOWS, '192.0.2.204');
    const phone = await signIn({ userName: account.user.userName, password: account.password }, SAFARI_IPHONE, '192.0.2.205');
    const stranger = await register(auth.server, newAccount('stranger'));
    const live = async (jwt: string) => {
      const connection = new HubConnectionBuilder()
        .withUrl(`${auth.server.url}/api/socket`, { transport: HttpTransportType.WebSockets, accessTokenFactory: () => jwt })
        .configureLogging(LogLevel.None)
        .build();
      open.push(connection);
      const closed = new Promise<Error | undefined>((resolve) => connection.onclose(resolve));
      await connection.start();
      return { connection, closed };
    };
    const phoneLink = await live(phone.jwt);
    const hereLink = await live(account.jwt);

    const answer = await call(auth.server, '/auth/end-other-sessions', {}, { token: account.jwt });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ success: true, message: 'Every other session has been ended.', ended: 2 });
    const error = await Promise.race([phoneLink.closed, new Promise<never>((_, reject) => setTimeout(() => reject(new Error('hub still open')), 1_000))]);
    expect(error?.message).toContain('Your session has ended.');
    expect(hereLink.connection.state).toBe(HubConnectionState.Connected);

    expect((await auth.me(laptop.jwt)).status).toBe(401);
    expect((await call(auth.server, '/auth/refresh-token', { refreshToken: phone.refreshToken })).status).toBe(401);
    expect((await list(account.jwt)).body.sessions.map((s) => s.sessionId)).toEqual([account.sessionId]);
    expect((await auth.me(stranger.jwt)).status).toBe(200);

    // Nothing left to end: the same answer, none ended.
    expect((await call(auth.server, '/auth/end-other-sessions', undefined, { token: account.jwt, method: 'POST' })).body).toMatchObject({ ended: 0 });
    const extra = await call(auth.server, '/auth/end-other-sessions', { all: true }, { token: account.jwt });
    expect(extra.status).toBe(400);
  });
});
