/**
 * An in-memory stand-in for the API in component tests (jsdom): routes answer by path, the
 * background reads that every screen makes (rates, wallets, the bets feed) get fixed answers and are
 * left out of `calls`, so a test sees only the calls of the flow it exercises. The e2e tests play
 * against the real server.
 */

export type Reply = { status: number; body: unknown } | 'no response';
export type Route = (body: Record<string, unknown>, query: URLSearchParams) => Reply | Promise<Reply>;

export interface RecordedCall {
  path: string;
  body: Record<string, unknown>;
  auth: string | null;
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

export function fakeApi(routes: Record<string, Route>, background: Record<string, unknown> = {}) {
  const calls: RecordedCall[] = [];
  const fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const path = url.pathname.replace(/^\/api/, '');
    const body = init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : {};
    if (path in background && !routes[path]) return json(200, background[path]);
    calls.push({ path, body, auth: new Headers(init?.headers).get('authorization') });
    const route = routes[path];
    const reply = route ? await route(body, url.searchParams) : { status: 404, body: { error: 'not_found', message: 'Not found' } };
    if (reply === 'no response') throw new TypeError('Failed to fetch');
    return json(reply.status, reply.body);
  }) as typeof globalThis.fetch;
  return { fetch, calls };
}

export function memoryStorage(initial: Record<string, string> = {}): Storage {
  const data = new Map(Object.entries(initial));
  return {
    get length() {
      return data.size;
    },
    key: (i) => [...data.keys()][i] ?? null,
    getItem: (k) => data.get(k) ?? null,
    setItem: (k, v) => void data.set(k, String(v)),
    removeItem: (k) => void data.delete(k),
    clear: () => data.clear(),
  };
}
