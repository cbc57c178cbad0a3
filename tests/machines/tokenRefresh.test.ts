import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { tokenRefreshMachine } from '../../machines/tokenRefresh/machine';
import { ApiError, createApiClient } from '../../src/app/api/client';
import type { RefreshResult } from '../../src/core/accounts/session';
import { ada } from '../support/authFixtures';
import { pathSuite } from '../support/pathTesting';
import { tokenRefreshPaths } from './tokenRefresh.paths';

const loggedIn = (accessToken = 'jwt-1', refreshToken = 'refresh-1') =>
  ({ type: 'auth.loggedIn', user: ada, tokens: { accessToken, refreshToken } }) as const;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A fake API host: /data answers 200 to the current access token and 401 otherwise; the refresh
 * endpoint rotates both tokens (or refuses). Responses come back with small random delays so 401s
 * arrive before, during and after the refresh.
 */
function fakeHost(options: { refreshFails?: boolean } = {}) {
  const host = { accessToken: 'jwt-2', refreshToken: 'refresh-1', refreshCalls: 0, dataCalls: 0, generation: 2 };
  const json = (status: number, body: unknown) =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  const fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://casino.test');
    const headers = new Headers(init?.headers);
    expect(init?.credentials).toBe('omit');
    await pause(Math.random() * 5);
    if (url.pathname === '/api/auth/refresh-token') {
      host.refreshCalls += 1;
      expect(headers.get('authorization')).toBeNull();
      const body = JSON.parse(String(init?.body)) as { refreshToken: string };
      await pause(10);
      if (options.refreshFails || body.refreshToken !== host.refreshToken) {
        return json(401, { error: 'invalid_refresh_token', message: 'Please log in again.' });
      }
      host.generation += 1;
      host.accessToken = `jwt-${host.generation}`;
      host.refreshToken = `refresh-${host.generation}`;
      return json(200, { status: 200, jwt: host.accessToken, refreshToken: host.refreshToken });
    }
    host.dataCalls += 1;
    if (headers.get('authorization') !== `Bearer ${host.accessToken}`) {
      return json(401, { error: 'unauthorized', message: 'Please log in to continue.' });
    }
    return json(200, { ok: true, n: url.searchParams.get('n') });
  }) as typeof globalThis.fetch;
  return { host, fetch };
}

/** The coordinator as the app runs it, with the API client driving it. */
function coordinatedClient(options: { refreshFails?: boolean } = {}) {
  const { host, fetch } = fakeHost(options);
  const announced: string[] = [];
  // The client finds the coordinator lazily, per request, as in the app.
  const client = createApiClient({ baseURL: 'http://casino.test/api', fetch, coordinator: () => coordinator });
  const coordinator = createActor(
    tokenRefreshMachine.provide({
      actors: {
        refreshSession: fromPromise(({ input }) =>
          client.post<RefreshResult>('/auth/refresh-token', { refreshToken: input.refreshToken }, { authorize: false }),
        ),
      },
      actions: {
        announceRenewed: ({ context }) => announced.push(`renewed ${context.tokens?.accessToken}`),
        announceExpired: () => announced.push('expired'),
      },
    }),
  ).start();
  // The client holds jwt-1, which the host has already replaced by jwt-2: every request hits 401 first.
  coordinator.send(loggedIn('jwt-1', 'refresh-1'));
  return { host, client, coordinator, announced };
}

describe('token refresh coordination', () => {
  it('should make exactly one refresh call for 50 concurrent requests that hit 401, and retry them all', async () => {
    const { host, client, coordinator, announced } = coordinatedClient();
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, n) => client.get<{ ok: boolean; n: string }>('/data', { query: { n } })),
    );
    expect(host.refreshCalls).toBe(1);
    expect(results.map((r) => r.n)).toEqual(Array.from({ length: 50 }, (_, n) => String(n)));
    // Each request was sent twice: once with the old token, once with the new one.
    expect(host.dataCalls).toBe(100);
    expect(coordinator.getSnapshot().value).toBe('ready');
    expect(coordinator.getSnapshot().context).toEqual({ tokens: { accessToken: 'jwt-3', refreshToken: 'refresh-3' }, waiting: [] });
    expect(announced).toEqual(['renewed jwt-3']);
  });

  it('should retry at once, without another refresh, a request whose 401 arrives after the refresh finished', async () => {
    const { host, client } = coordinatedClient();
    await client.get('/data');
    expect(host.refreshCalls).toBe(1);
    // The host rotates again behind our back; this request goes out with jwt-3 and refreshes once more.
    host.accessToken = 'jwt-99';
    host.refreshToken = 'refresh-3';
    await Promise.all(Array.from({ length: 20 }, () => client.get('/data')));
    expect(host.refreshCalls).toBe(2);
  });

  it('should fail every waiting request with the 401 when the refresh fails, and announce the session expired once', async () => {
    const { host, client, coordinator, announced } = coordinatedClient({ refreshFails: true });
    const outcomes = await Promise.allSettled(Array.from({ length: 50 }, () => client.get('/data')));
    expect(host.refreshCalls).toBe(1);
    expect(outcomes.every((o) => o.status === 'rejected')).toBe(true);
    const errors = outcomes.map((o) => (o as PromiseRejectedResult).reason as ApiError);
    expect(errors.every((e) => e instanceof ApiError && e.status === 401)).toBe(true);
    expect(announced).toEqual(['expired']);
    expect(coordinator.getSnapshot().value).toBe('signedOut');
    // Signed out now: requests go without a token, and a 401 is the answer.
    await expect(client.get('/data')).rejects.toMatchObject({ status: 401 });
    expect(host.refreshCalls).toBe(1);
  });

  it('should send no bearer token and never refresh for calls that create a session', async () => {
    const { host, client } = coordinatedClient();
    await expect(client.post('/data', {}, { authorize: false })).rejects.toMatchObject({ status: 401, error: 'unauthorized' });
    expect(host.refreshCalls).toBe(0);
  });

  it('should report an unreachable host as an ApiError without a status', async () => {
    const client = createApiClient({
      baseURL: 'http://casino.test/api',
      fetch: (async () => {
        throw new TypeError('fetch failed');
      }) as typeof globalThis.fetch,
      coordinator: () => undefined,
    });
    await expect(client.get('/data')).rejects.toMatchObject({ name: 'ApiError', status: undefined });
  });

  it('should fail the waiting requests when the player logs out during a refresh', () => {
    const failed: number[][] = [];
    const actor = createActor(
      tokenRefreshMachine.provide({
        actors: { refreshSession: fromPromise(() => new Promise<RefreshResult>(() => {})) },
        actions: { announceRenewed: () => {}, announceExpired: () => {} },
      }),
    ).start();
    actor.on('request.fail', (event) => failed.push(event.requestIds));
    actor.send(loggedIn());
    actor.send({ type: 'request.unauthorized', requestId: 1, accessToken: 'jwt-1' });
    actor.send({ type: 'request.unauthorized', requestId: 2, accessToken: 'jwt-1' });
    actor.send({ type: 'auth.loggedOut' });
    expect(failed).toEqual([[1, 2]]);
    expect(actor.getSnapshot().context).toEqual({ tokens: null, waiting: [] });
  });
});

/**
 * The coordinator alone, as the API client and auth see it: what it emits to the client
 * (request.retry / request.fail), what it announces to auth, and the refresh calls it makes. Its
 * tokens are read too: the API client sends every request with `context.tokens.accessToken`
 * (src/app/api/client.ts), so they are its interface, not an internal detail.
 */
function bareCoordinator() {
  const refreshes: Array<{ refreshToken: string; answer: (output: RefreshResult | undefined) => void; fail: () => void }> = [];
  const said: unknown[] = [];
  const announced: unknown[] = [];
  const actor = createActor(
    tokenRefreshMachine.provide({
      actors: {
        refreshSession: fromPromise<RefreshResult, { refreshToken: string }>(
          ({ input }) =>
            new Promise<RefreshResult>((resolve, reject) => {
              refreshes.push({ refreshToken: input.refreshToken, answer: (output) => resolve(output as RefreshResult), fail: () => reject(new Error('offline')) });
            }),
        ),
      },
      actions: {
        announceRenewed: ({ context }) => announced.push({ renewed: context.tokens }),
        announceExpired: () => announced.push('expired'),
      },
    }),
  ).start();
  actor.on('request.retry', (event) => said.push({ retry: event.requestIds, with: event.accessToken }));
  actor.on('request.fail', (event) => said.push({ fail: event.requestIds }));
  const unauthorized = (requestId: number, accessToken: string) => actor.send({ type: 'request.unauthorized', requestId, accessToken });
  /** The token the API client would put on its next request. */
  const bearer = () => actor.getSnapshot().context.tokens?.accessToken ?? null;
  return { actor, refreshes, said, announced, unauthorized, bearer };
}

describe('token refresh coordination, event by event', () => {
  it('should send requests with the tokens of a new login made while signed in', () => {
    const { actor, said, announced, unauthorized, bearer, refreshes } = bareCoordinator();
    actor.send(loggedIn('jwt-1', 'refresh-1'));
    actor.send(loggedIn('jwt-5', 'refresh-5'));
    expect(bearer()).toBe('jwt-5');
    // A request that went out with the old login's token is simply sent again with the new one.
    unauthorized(1, 'jwt-1');
    expect(said).toEqual([{ retry: [1], with: 'jwt-5' }]);
    expect(refreshes).toHaveLength(0);
    // A 401 to the new token refreshes with the new login's refresh token.
    unauthorized(2, 'jwt-5');
    expect(refreshes.map((r) => r.refreshToken)).toEqual(['refresh-5']);
    // auth made the login itself: nothing to tell it.
    expect(announced).toEqual([]);
  });

  it('should send requests without a token after a logout, and fail their 401 without refreshing', () => {
    const { actor, said, announced, unauthorized, bearer, refreshes } = bareCoordinator();
    actor.send(loggedIn());
    actor.send({ type: 'auth.loggedOut' });
    expect(bearer()).toBeNull();
    unauthorized(1, 'jwt-1');
    expect(said).toEqual([{ fail: [1] }]);
    expect(refreshes).toHaveLength(0);
    expect(announced).toEqual([]);
  });

  it.each([
    ['status 401 with both tokens', { status: 401, jwt: 'jwt-2', refreshToken: 'refresh-2' }],
    ['status 200 without an access token', { status: 200, refreshToken: 'refresh-2' }],
    ['status 200 without a refresh token', { status: 200, jwt: 'jwt-2' }],
    ['no answer at all', undefined],
  ])('should treat a refresh answered with %s as expired: the waiting requests fail and the next login starts afresh', async (_, output) => {
    const { actor, said, announced, unauthorized, bearer, refreshes } = bareCoordinator();
    actor.send(loggedIn());
    unauthorized(1, 'jwt-1');
    unauthorized(2, 'jwt-1');
    refreshes[0]!.answer(output as RefreshResult | undefined);
    await pause(0);
    expect(said).toEqual([{ fail: [1, 2] }]);
    expect(announced).toEqual(['expired']);
    expect(bearer()).toBeNull();
    // After logging in again, a new 401 waits alone for its refresh: the failed requests are gone.
    actor.send(loggedIn('jwt-7', 'refresh-7'));
    unauthorized(3, 'jwt-7');
    expect(refreshes.map((r) => r.refreshToken)).toEqual(['refresh-1', 'refresh-7']);
    refreshes[1]!.answer({ status: 200, jwt: 'jwt-8', refreshToken: 'refresh-8' } as RefreshResult);
    await pause(0);
    expect(said.slice(1)).toEqual([{ retry: [3], with: 'jwt-8' }]);
    expect(announced.slice(-1)).toEqual([{ renewed: { accessToken: 'jwt-8', refreshToken: 'refresh-8' } }]);
  });

  it('should fail the waiting requests when the refresh call itself fails, and forget them', async () => {
    const { actor, said, announced, unauthorized, bearer, refreshes } = bareCoordinator();
    actor.send(loggedIn());
    unauthorized(1, 'jwt-1');
    refreshes[0]!.fail();
    await pause(0);
    expect(said).toEqual([{ fail: [1] }]);
    expect(announced).toEqual(['expired']);
    expect(bearer()).toBeNull();
    actor.send(loggedIn('jwt-7', 'refresh-7'));
    unauthorized(3, 'jwt-7');
    refreshes[1]!.answer({ status: 200, jwt: 'jwt-8', refreshToken: 'refresh-8' } as RefreshResult);
    await pause(0);
    expect(said.slice(1)).toEqual([{ retry: [3], with: 'jwt-8' }]);
    expect(announced.slice(-1)).toEqual([{ renewed: { accessToken: 'jwt-8', refreshToken: 'refresh-8' } }]);
  });

  it('should retry the waiting requests with the tokens of a login made during the refresh, once', async () => {
    const { actor, said, announced, unauthorized, bearer, refreshes } = bareCoordinator();
    actor.send(loggedIn());
    unauthorized(1, 'jwt-1');
    unauthorized(2, 'jwt-1');
    actor.send(loggedIn('jwt-5', 'refresh-5'));
    expect(said).toEqual([{ retry: [1, 2], with: 'jwt-5' }]);
    expect(bearer()).toBe('jwt-5');
    // The next 401 to the new token waits alone for a refresh made with the new refresh token.
    unauthorized(3, 'jwt-5');
    expect(refreshes.map((r) => r.refreshToken)).toEqual(['refresh-1', 'refresh-5']);
    refreshes[1]!.answer({ status: 200, jwt: 'jwt-6', refreshToken: 'refresh-6' } as RefreshResult);
    await pause(0);
    expect(said.slice(1)).toEqual([{ retry: [3], with: 'jwt-6' }]);
    expect(announced.slice(-1)).toEqual([{ renewed: { accessToken: 'jwt-6', refreshToken: 'refresh-6' } }]);
  });
});

pathSuite(tokenRefreshPaths);
