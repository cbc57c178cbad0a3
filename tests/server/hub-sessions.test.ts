import { HttpTransportType, HubConnectionBuilder, HubConnectionState, LogLevel } from '@microsoft/signalr';
import type { HubConnection } from '@microsoft/signalr';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, linkParams, register, resetMailTo } from '../support/auth';
import type { SignedIn } from '../support/auth';
import { startTestServer } from '../support/server';
import type { TestServer } from '../support/server';

/**
 * Ending a session (logout, refresh-token reuse, password change or reset) must reach the live hub
 * at once: the session's connections close and hear no private event any more, while the player's
 * other sessions keep theirs.
 */
describe('the live hub follows the sessions', () => {
  let server: TestServer;
  let address = 0;
  const from = () => ({ forwardedFor: `203.0.113.${++address}` });
  const open: HubConnection[] = [];

  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await Promise.all(open.map((c) => c.stop()));
    await server.close();
  });

  interface Live {
    connection: HubConnection;
    deposits: unknown[];
    closedWith: Promise<Error | undefined>;
  }

  async function live(jwt: string): Promise<Live> {
    const connection = new HubConnectionBuilder()
      .withUrl(`${server.url}/api/socket`, { transport: HttpTransportType.WebSockets, accessTokenFactory: () => jwt })
      .configureLogging(LogLevel.None)
      .build();
    open.push(connection);
    const deposits: unknown[] = [];
    connection.on('deposit', (payload) => deposits.push(payload));
    const closedWith = new Promise<Error | undefined>((resolve) => connection.onclose(resolve));
    await connection.start();
    return { connection, deposits, closedWith };
  }

  async function login(account: SignedIn & { password: string }): Promise<SignedIn> {
    const answer = await call<SignedIn>(server, '/auth/login', { userName: account.user.userName, password: account.password }, from());
    expect(answer.status).toBe(200);
    return answer.body;
  }

  let txCounter = 0;
  /** A chain deposit credited as the watcher does it (ledger, then the live event), then a beat for the frames. */
  async function deposit(userId: number, amount: number): Promise<void> {
    const result = await server.app.wallet.creditDeposit(userId, 'BTC', BigInt(Math.round(amount * 1e8)), `tx-hub-sessions-${++txCounter}`);
    expect(result.credited).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 150));
  }

  const noLongerThan = <T>(promise: Promise<T>, ms: number) =>
    Promise.race([promise, new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`not within ${ms} ms`)), ms))]);

  it('should close the connections of a logged-out session at once and keep the other session live', async () => {
    const account = await register(server);
    const other = await login(account);
    const ending = await live(account.jwt);
    const staying = await live(other.jwt);

    const answer = await call(server, '/auth/end-session', { sessionId: account.sessionId }, { token: account.jwt });
    expect(answer.status).toBe(200);
    const error = await noLongerThan(ending.closedWith, 1_000);
    expect(error?.message).toContain('Your session has ended.');

    await deposit(account.user.id, 0.25);
    expect(ending.deposits).toEqual([]);
    expect(staying.deposits).toEqual([{ amount: 0.25, currency: 'BTC', balance: 0.25 }]);
    expect(staying.connection.state).toBe(HubConnectionState.Connected);
  });

  it('should refuse a new hub connection and API calls with an access token of an ended session', async () => {
    const account = await register(server);
    expect((await call(server, '/auth/end-session', { sessionId: account.sessionId }, { token: account.jwt })).status).toBe(200);
    await expect(live(account.jwt)).rejects.toThrow(/401/);
    expect((await call(server, '/wallet/get-wallets', undefined, { token: account.jwt })).status).toBe(401);
  });

  it('should close the connections of a session ended by refresh-token reuse', async () => {
    const account = await register(server);
    const watched = await live(account.jwt);
    const first = await call<{ refreshToken: string }>(server, '/auth/refresh-token', { refreshToken: account.refreshToken });
    expect(first.status).toBe(200);
    // The successor has been used too, so the first token coming back is a theft, not a lost answer.
    expect((await call(server, '/auth/refresh-token', { refreshToken: first.body.refreshToken })).status).toBe(200);
    const reused = await call(server, '/auth/refresh-token', { refreshToken: account.refreshToken });
    expect(reused.status).toBe(401);
    expect(reused.body).toMatchObject({ error: 'refresh_token_reused' });

    await noLongerThan(watched.closedWith, 1_000);
    await deposit(account.user.id, 1);
    expect(watched.deposits).toEqual([]);
  });

  it('should close every other session on a password change, and every session on a reset', async () => {
    const account = await register(server);
    const laptop = await login(account);
    const phone = await login(account);
    const here = await live(account.jwt);
    const there = await live(laptop.jwt);
    const alsoThere = await live(phone.jwt);

    const changed = await call(
      server,
      '/auth/change-password',
      { oldPassword: account.password, newPassword: 'Quiet meadow 4417 lanterns' },
      { token: account.jwt },
    );
    expect(changed.status).toBe(200);
    await noLongerThan(Promise.all([there.closedWith, alsoThere.closedWith]), 1_000);
    await deposit(account.user.id, 2);
    expect(there.deposits).toEqual([]);
    expect(alsoThere.deposits).toEqual([]);
    expect(here.deposits).toEqual([{ amount: 2, currency: 'BTC', balance: 2 }]);

    expect((await call(server, '/auth/forgot-password', { email: account.user.email }, from())).status).toBe(200);
    // Written after the answer (forgot-password answers first): waited for.
    const params = linkParams(await resetMailTo(server, account.user.email));
    const reset = await call(server, '/auth/reset-password', {
      email: params.get('email'),
      token: params.get('token'),
      password: 'Another calm 9023 harbour',
    });
    expect(reset.status).toBe(200);
    await noLongerThan(here.closedWith, 1_000);
    await deposit(account.user.id, 3);
    expect(here.deposits).toEqual([{ amount: 2, currency: 'BTC', balance: 2 }]);
  });
});
