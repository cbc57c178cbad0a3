import { HubConnectionBuilder, HttpTransportType, LogLevel } from '@microsoft/signalr';
import type { HubConnection } from '@microsoft/signalr';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/config';
import { signedInUser } from '../support/wallet';
import { startTestServer } from '../support/server';
import type { TestServer } from '../support/server';

const defaults = loadConfig({}).hubAdmission;

interface Negotiated {
  status: number;
  retryAfter: string | null;
  body: Record<string, unknown>;
}

async function negotiate(server: TestServer, headers: Record<string, string> = {}): Promise<Negotiated> {
  const response = await fetch(`${server.url}/api/socket/negotiate?negotiateVersion=1`, { method: 'POST', headers });
  return { status: response.status, retryAfter: response.headers.get('retry-after'), body: (await response.json()) as Record<string, unknown> };
}

/** `count` anonymous negotiations, `parallel` at a time, none of which ever connects. */
async function flood(server: TestServer, count: number, headersOf: (i: number) => Record<string, string> = () => ({}), parallel = 50) {
  const answers: Negotiated[] = [];
  for (let start = 0; start < count; start += parallel) {
    const batch = Array.from({ length: Math.min(parallel, count - start) }, (_, k) => negotiate(server, headersOf(start + k)));
    answers.push(...(await Promise.all(batch)));
  }
  return answers;
}

const player = signedInUser;

describe('hub negotiate admission', () => {
  let server: TestServer | undefined;
  const open: HubConnection[] = [];
  afterEach(async () => {
    await Promise.all(open.splice(0).map((c) => c.stop()));
    await server?.close();
    server = undefined;
  });

  function connect(s: TestServer, token: string): HubConnection {
    const connection = new HubConnectionBuilder()
      .withUrl(`${s.url}/api/socket`, { transport: HttpTransportType.WebSockets, accessTokenFactory: () => token })
      .configureLogging(LogLevel.None)
      .build();
    open.push(connection);
    return connection;
  }

  async function playerGetsBetPromptly(s: TestServer) {
    const alice = await player(s, `alice_${Math.random().toString(36).slice(2, 8)}`);
    const negotiated = await negotiate(s, { authorization: `Bearer ${alice.token}` });
    expect(negotiated.status).toBe(200);
    const connection = connect(s, alice.token);
    const received = new Promise<{ at: number; bet: unknown }>((resolve) => connection.on('bet', (bet) => resolve({ at: performance.now(), bet })));
    await connection.start();
    const sent = performance.now();
    s.app.hub.broadcast('bet', { id: 42, gameName: 'Dice' });
    const { at, bet } = await received;
    expect(bet).toEqual({ id: 42, gameName: 'Dice' });
    expect(at - sent).toBeLessThan(500);
  }

  it('should answer a flood of anonymous negotiations from one address with 429s, while a player negotiates, connects and hears a bet', async () => {
    server = await startTestServer();
    const answers = await flood(server, 300);
    const admitted = answers.filter((a) => a.status === 200);
    const refused = answers.filter((a) => a.status === 429);
    expect(admitted).toHaveLength(defaults.pendingPerAddress);
    expect(refused).toHaveLength(300 - defaults.pendingPerAddress);
    expect(refused[0]?.body).toEqual({ error: 'too_many_requests', message: 'Too many requests. Please try again in 10 seconds.' });
    expect(refused[0]?.retryAfter).toBe('10');
    await playerGetsBetPromptly(server);
  });

  it('should keep a separate budget for players: anonymous negotiations from many addresses never use it up', async () => {
    server = await startTestServer({ hubAdmission: { ...defaults, pendingPerAddress: 5, pendingAnonymous: 40 } });
    // 20 addresses (through the trusted loopback proxy) x 10 tries: 40 admitted in all, then refusals.
    const answers = await flood(server, 200, (i) => ({ 'x-forwarded-for': `203.0.113.${i % 20}` }));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(40);
    expect(answers.filter((a) => a.status === 200 || a.status === 429 || a.status === 503)).toHaveLength(200);
    await playerGetsBetPromptly(server);
  });

  it('should forget unused negotiations after their time, admitting the address again', async () => {
    server = await startTestServer({ hubAdmission: { ...defaults, pendingPerAddress: 3, ttlMs: 1000 } });
    const first = await flood(server, 4);
    expect(first.map((a) => a.status)).toEqual([200, 200, 200, 429]);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect((await negotiate(server)).status).toBe(200);
  });

  it('should free a place when a negotiation is used to connect', async () => {
    server = await startTestServer({ hubAdmission: { ...defaults, pendingPerUser: 1 } });
    const bob = await player(server, 'bob_admission');
    // The official client negotiates, then connects with the token it got: one pending at a time.
    for (let i = 0; i < 3; i += 1) {
      const connection = connect(server, bob.token);
      await connection.start();
      await connection.stop();
    }
    expect((await negotiate(server, { authorization: `Bearer ${bob.token}` })).status).toBe(200);
    expect((await negotiate(server, { authorization: `Bearer ${bob.token}` })).status).toBe(429);
  });
});
