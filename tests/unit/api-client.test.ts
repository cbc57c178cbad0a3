import { describe, expect, it } from 'vitest';
import { ApiError, createApiClient } from '../../src/app/api/client';

/**
 * The SPA's HTTP client on the platform's fetch (it replaced ofetch, docs/performance.md "Page"): what
 * the screens rely on besides the 401 refresh (tests/machines/tokenRefresh.test.ts): the URL and query
 * it builds, JSON both ways, the server's `{ error, message }` and Retry-After on a refusal, no cookies,
 * no retry, and a timeout that turns a silent server into an unreachable one.
 */
interface Seen {
  url: string;
  init: RequestInit;
}

function clientAnswering(answer: (seen: Seen) => Response | Promise<Response>, timeoutMs?: number) {
  const seen: Seen[] = [];
  const fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const call = { url: String(input), init: init ?? {} };
    seen.push(call);
    return answer(call);
  }) as typeof globalThis.fetch;
  const client = createApiClient({ baseURL: 'http://casino.test/api/', fetch, coordinator: () => undefined, ...(timeoutMs ? { timeoutMs } : {}) });
  return { client, seen };
}

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json; charset=utf-8', ...headers } });

describe('the API client', () => {
  it('should put the path under the base and send only the defined query values', async () => {
    const { client, seen } = clientAnswering(() => json(200, { ok: true }));
    await expect(client.get('/casino/get-seed', { query: { clientSeed: 'a b&c', nonce: 3, hidden: false, absent: undefined } })).resolves.toEqual({ ok: true });
    expect(seen[0]!.url).toBe('http://casino.test/api/casino/get-seed?clientSeed=a+b%26c&nonce=3&hidden=false');
    expect(seen[0]!.init.method).toBe('GET');
    expect(seen[0]!.init.body).toBeUndefined();
    expect(seen[0]!.init.credentials).toBe('omit');
  });

  it('should send a body as JSON with its content type, and a call without one bare', async () => {
    const { client, seen } = clientAnswering(() => json(200, {}));
    await client.post('/dice/bet', { amount: 1, currency: 'BTC' });
    await client.post('/auth/logout');
    const [withBody, withoutBody] = seen;
    expect(withBody!.init.body).toBe('{"amount":1,"currency":"BTC"}');
    expect(new Headers(withBody!.init.headers).get('content-type')).toBe('application/json');
    expect(withoutBody!.init.body).toBeUndefined();
    expect(new Headers(withoutBody!.init.headers).has('content-type')).toBe(false);
  });

  it('should read an answer without a body as undefined and a text answer as text', async () => {
    const { client } = clientAnswering(({ url }) =>
      url.endsWith('/empty') ? new Response(null, { status: 204 }) : new Response('pong', { headers: { 'content-type': 'text/plain' } }),
    );
    await expect(client.get('/empty')).resolves.toBeUndefined();
    await expect(client.get('/ping')).resolves.toBe('pong');
  });

  it('should answer a download asked as a blob with the body as it came, and still word a refusal', async () => {
    const { client } = clientAnswering(({ url }) =>
      url.includes('format=csv') ? json(400, { error: 'invalid_format', message: 'Format must be jsonl or csv.' }) : new Response('{"id":1}\n', { headers: { 'content-type': 'application/x-ndjson' } }),
    );
    const body = await client.get<Blob>('/casino/export-bets', { query: { format: 'jsonl' }, responseType: 'blob' });
    expect(await body.text()).toBe('{"id":1}\n');
    const refusal = await client.get('/casino/export-bets', { query: { format: 'csv' }, responseType: 'blob' }).catch((error: unknown) => error);
    expect(refusal).toMatchObject({ status: 400, error: 'invalid_format', message: 'Format must be jsonl or csv.' });
  });

  it("should reject a refusal with the server's error, message and Retry-After, once", async () => {
    const { client, seen } = clientAnswering(() => json(429, { error: 'too_many_requests', message: 'Slow down' }, { 'retry-after': '42' }));
    const refusal = await client.post('/auth/login', { email: 'a@b.c' }).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(ApiError);
    expect(refusal).toMatchObject({ status: 429, error: 'too_many_requests', message: 'Slow down', retryAfter: 42 });
    expect(seen).toHaveLength(1);
  });

  it('should word a server fault without a JSON body by its status', async () => {
    const { client } = clientAnswering(() => new Response('<html>bad gateway</html>', { status: 502, statusText: 'Bad Gateway', headers: { 'content-type': 'text/html' } }));
    await expect(client.get('/wallet/get-wallets')).rejects.toMatchObject({ name: 'ApiError', status: 502, message: 'Bad Gateway', error: undefined });
  });

  it('should abort a call the server does not answer in time and report it as unreachable', async () => {
    const { client, seen } = clientAnswering(
      ({ init }) =>
        new Promise<Response>((_, reject) => {
          init.signal!.addEventListener('abort', () => reject(init.signal!.reason as Error));
        }),
      50,
    );
    await expect(client.get('/casino/get-bets')).rejects.toMatchObject({ name: 'ApiError', status: undefined, error: 'network' });
    expect(seen[0]!.init.signal!.aborted).toBe(true);
  });
});
