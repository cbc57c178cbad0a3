import { onTestFinished } from 'vitest';
import { Value } from 'typebox/value';
import { ErrorReply } from '../../src/core/contracts/common';
import { contractFor } from '../../src/core/contracts/routes';

/**
 * An in-memory stand-in for the API in component tests (jsdom): routes answer by path, the
 * background reads that every screen makes (rates, wallets, the bets feed) get fixed answers and are
 * left out of `calls`, so a test sees only the calls of the flow it exercises. Every answer is checked
 * against its route's contract (src/core/contracts), so a fake cannot drift from the server. The e2e
 * tests play against the real server.
 */

/**
 * What is wrong with a fake answer, measured against the contract of its route, or null when it is
 * what the server could answer. A status the contract does not list must be an error the one error
 * handler can give (a 5xx, a 413), so it is held to ErrorReply.
 */
export function contractBreach(method: string, path: string, status: number, body: unknown): string | null {
  const contract = contractFor(method, path);
  if (!contract) {
    return `the fake API answered ${method} ${path}, a route with no contract in src/core/contracts/routes.ts`;
  }
  const schema = contract.response[status] ?? (status >= 400 ? ErrorReply : undefined);
  if (!schema) return `the fake reply to ${method} ${path} has status ${status}, which its contract does not declare`;
  if (Value.Check(schema, body)) return null;
  const first = Value.Errors(schema, body)[0];
  const where = first?.instancePath || '/';
  return `the fake reply to ${method} ${path} (${status}) breaks its contract at ${where}: ${first?.message ?? 'does not match'}`;
}

/**
 * Fails the running test with every breach once it ends; the breach is also thrown from fetch, but
 * the app may catch that as a network failure, and a test must not pass on a drifted fake.
 */
function breachReporter(): (breach: string) => never {
  const breaches: string[] = [];
  try {
    onTestFinished(() => {
      if (breaches.length) throw new Error(breaches.join('\n'));
    });
  } catch {
    // Outside a running test (a describe-level fake): the thrown breach is all there is.
  }
  return (breach) => {
    breaches.push(breach);
    throw new Error(breach);
  };
}

/** `headers`: what the server sends beside the body (a 429's Retry-After). */
export type Reply = { status: number; body: unknown; headers?: Record<string, string> } | 'no response';
export type Route = (body: Record<string, unknown>, query: URLSearchParams) => Reply | Promise<Reply>;

export interface RecordedCall {
  path: string;
  body: Record<string, unknown>;
  auth: string | null;
}

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { ...headers, 'content-type': 'application/json' } });

export function fakeApi(routes: Record<string, Route>, background: Record<string, unknown> = {}) {
  const calls: RecordedCall[] = [];
  const breach = breachReporter();
  const fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const path = url.pathname.replace(/^\/api/, '');
    const method = (init?.method ?? 'GET').toUpperCase();
    const body = init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : {};
    const answer = (status: number, replyBody: unknown, headers?: Record<string, string>) => {
      const problem = contractBreach(method, path, status, replyBody);
      return problem ? breach(problem) : json(status, replyBody, headers);
    };
    if (path in background && !routes[path]) return answer(200, background[path]);
    calls.push({ path, body, auth: new Headers(init?.headers).get('authorization') });
    const route = routes[path];
    if (!route) return json(404, { error: 'not_found', message: 'Not found' });
    const reply = await route(body, url.searchParams);
    if (reply === 'no response') throw new TypeError('Failed to fetch');
    return answer(reply.status, reply.body, reply.headers);
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
