import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { HubConnection } from '@microsoft/signalr';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BET_MESSAGES } from '../../src/core/bets/validation';
import { BIGINT } from '../../src/server/db/sql';
import { checkLedger } from '../../src/server/ledger/check';
import { balanceOf, playerAccount } from '../../src/server/ledger/ledger';
import { freePort, spawnServer, waitForHealth } from '../support/serverProcess';
import { ENGINE, TEST_DATABASE_URL, dropTestSchema, openTestDatabase, tempDir, testSchema } from '../support/server';
import type { TestDatabase } from '../support/server';
import { nextEvent, signalr } from './hub-support';

/**
 * Several identical instances of the casino on one PostgreSQL, behind Debian's HAProxy with the
 * configuration operators use (docs/deploy/haproxy.cfg, docs/operations.md). Each instance is the real
 * server as `npm run serve` starts it, in a process of its own, so one can be killed with SIGKILL.
 */
const HAPROXY = '/usr/sbin/haproxy';
const INSTANCES = ['a', 'b', 'c'] as const;

interface Instance {
  name: string;
  url: string;
  process: ChildProcess;
}

interface Answer {
  status: number;
  body: Record<string, unknown>;
}

async function call(base: string, route: string, body?: unknown, token?: string): Promise<Answer> {
  const headers: Record<string, string> = {};
  if (token) headers.authorization = `Bearer ${token}`;
  if (body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(`${base}/api${route}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers,
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : {}) as Record<string, unknown> };
}

let counter = 0;
async function register(base: string): Promise<{ id: number; jwt: string }> {
  counter += 1;
  const name = `multi_${process.pid % 1000}_${counter}`;
  const answer = await call(base, '/auth/register', { userName: name, email: `${name}@example.com`, password: `Blue-horse ${counter} staples` });
  expect(answer.status).toBe(200);
  const { user, jwt } = answer.body as { user: { id: number }; jwt: string };
  return { id: user.id, jwt };
}

// Without HAProxy a developer's run skips these; CI installs it (.ci/run), and there a missing one fails.
const haproxyMissing = !fs.existsSync(HAPROXY);

describe.skipIf(ENGINE !== 'postgres' || (haproxyMissing && !process.env.CI))('several casino instances on one PostgreSQL behind HAProxy', () => {
  const schema = testSchema();
  const instances: Instance[] = [];
  let proxy: ChildProcess | undefined;
  let proxyUrl = '';
  let database: TestDatabase;
  const dataDir = tempDir('casino-multi-');

  const start = async (name: string): Promise<Instance> => {
    const port = await freePort();
    const child = await spawnServer({
      port,
      // Each instance has a data directory of its own: nothing it needs may live there.
      dataDir: path.join(dataDir, name),
      env: {
        DATABASE_URL: TEST_DATABASE_URL!,
        DATABASE_SCHEMA: schema!,
        STATIC_DIR: '',
        LOG_LEVEL: 'warn',
        TRUST_PROXY: 'loopback',
        TOKEN_TEST_HOOKS: '1',
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    return { name, url: `http://127.0.0.1:${port}`, process: child };
  };

  beforeAll(async () => {
    if (haproxyMissing) throw new Error(`HAProxy is not installed at ${HAPROXY} (apt-get install -y haproxy)`);
    // All three start at once: their migrations take turns (an advisory lock), none fails.
    instances.push(...(await Promise.all(INSTANCES.map((name) => start(name)))));
    for (const instance of instances) {
      if (!(await waitForHealth(instance.url, 60_000))) throw new Error(`instance ${instance.name} did not start`);
    }
    const listen = await freePort();
    proxyUrl = `http://127.0.0.1:${listen}`;
    proxy = spawn(HAPROXY, ['-db', '-f', path.resolve('docs/deploy/haproxy.cfg')], {
      env: {
        ...process.env,
        LISTEN: `127.0.0.1:${listen}`,
        ...Object.fromEntries(instances.map((instance) => [`CASINO_${instance.name.toUpperCase()}`, instance.url.replace('http://', '')])),
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    if (!(await waitForHealth(proxyUrl, 15_000))) throw new Error('haproxy did not start');
    database = await openTestDatabase({ schema });
  }, 120_000);

  afterAll(async () => {
    proxy?.kill('SIGKILL');
    for (const instance of instances) instance.process.kill('SIGKILL');
    await database?.close();
    await dropTestSchema(schema);
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('should let a player sign up on one instance and play on the others: sessions, tokens and seeds are shared', async () => {
    const [a, b, c] = instances as [Instance, Instance, Instance];
    const player = await register(a.url);
    // The access token signed by A is accepted by B and C (one JWT secret, kept in the database).
    expect((await call(b.url, '/wallet/claim-demo-funds', { currency: 'USDT' }, player.jwt)).status).toBe(200);
    const seedOnC = await call(c.url, '/casino/get-seed', undefined, player.jwt);
    expect(seedOnC.status).toBe(200);
    const bet = await call(a.url, '/dice/bet', { betAmount: '1', currency: 'USDT', chance: 50, target: 'under' }, player.jwt);
    expect(bet.status).toBe(200);
    // The nonce moved on for every instance: C now shows the next one.
    const after = await call(c.url, '/casino/get-seed', undefined, player.jwt);
    expect((after.body as { nonce: number }).nonce).toBe((seedOnC.body as { nonce: number }).nonce + 1);
  });

  it('should never overdraw one balance when 400 bets race across the three instances, and leave the ledger exact', async () => {
    const player = await register(proxyUrl);
    const claim = await call(proxyUrl, '/wallet/claim-demo-funds', { currency: 'USDT' }, player.jwt);
    expect(claim.status).toBe(200);
    const start = await balanceOf(database.db, playerAccount(player.id, 'USDT'));
    // A wager of 1/100 of the balance: at most 100 of the 400 can be paid for (0.01 % chance: all lose, or nearly).
    const wager = start / 100n;
    const betAmount = (Number(wager) / 1e8).toFixed(8);
    const answers = await Promise.all(
      Array.from({ length: 400 }, (_, i) =>
        call(instances[i % 3]!.url, '/dice/bet', { betAmount, currency: 'USDT', chance: 0.01, target: 'under' }, player.jwt),
      ),
    );
    const accepted = answers.filter((answer) => answer.status === 200);
    const refused = answers.filter((answer) => answer.status !== 200);
    // Every refusal is the balance refusal, a 4xx with the player's message: no 500, no busy.
    for (const answer of refused) {
      expect(answer.status).toBe(400);
      expect(answer.body.message).toBe(BET_MESSAGES.aboveBalance);
    }
    expect(accepted.length).toBeGreaterThanOrEqual(100);
    const paid = accepted.reduce((sum, answer) => sum + BigInt(Math.round(((answer.body.bet as { payout: number }).payout) * 1e8)), 0n);
    const end = await balanceOf(database.db, playerAccount(player.id, 'USDT'));
    expect(end).toBeGreaterThanOrEqual(0n);
    expect(end).toBe(start - wager * BigInt(accepted.length) + paid);
    // One bet row per accepted bet, each with a nonce of its own.
    const rows = await database.db.all<{ nonce: number }>('SELECT nonce FROM bets WHERE user_id = ?', [player.id]);
    expect(rows).toHaveLength(accepted.length);
    expect(new Set(rows.map((row) => row.nonce)).size).toBe(rows.length);
    const report = await checkLedger(database.db);
    expect(report.violations).toEqual([]);
  }, 120_000);

  it('should show a bet placed through instance A to a client of instance B within a second, and connect clients through the proxy', async () => {
    const [a, b] = instances as [Instance, Instance];
    const watcher = signalr(`${b.url}/api/socket`);
    // Through the proxy, negotiation and WebSocket may land on different instances.
    const viaProxy: HubConnection[] = Array.from({ length: 4 }, () => signalr(`${proxyUrl}/api/socket`));
    try {
      await watcher.start();
      await Promise.all(viaProxy.map((connection) => connection.start()));
      const player = await register(a.url);
      expect((await call(a.url, '/wallet/claim-demo-funds', { currency: 'USDT' }, player.jwt)).status).toBe(200);
      const seen = nextEvent(watcher, 'bet');
      const seenViaProxy = viaProxy.map((connection) => nextEvent(connection, 'bet'));
      const sentAt = Date.now();
      const bet = await call(a.url, '/dice/bet', { betAmount: '1', currency: 'USDT', chance: 50, target: 'under' }, player.jwt);
      expect(bet.status).toBe(200);
      const [wire] = (await seen) as [{ id: number }];
      expect(Date.now() - sentAt).toBeLessThan(1_000);
      expect(wire.id).toBe((bet.body.bet as { id: number }).id);
      for (const event of await Promise.all(seenViaProxy)) expect((event[0] as { id: number }).id).toBe(wire.id);
    } finally {
      await Promise.all([watcher, ...viaProxy].map((connection) => connection.stop()));
    }
  });

  it("should deliver a player's deposit event to their connection on B when the money arrives through A", async () => {
    const [a, b] = instances as [Instance, Instance];
    const player = await register(a.url);
    const connection = signalr(`${b.url}/api/socket`, player.jwt);
    try {
      await connection.start();
      const deposit = nextEvent(connection, 'deposit');
      expect((await call(a.url, '/wallet/claim-demo-funds', { currency: 'BTC' }, player.jwt)).status).toBe(200);
      const [event] = (await deposit) as [{ currency: string; amount: number }];
      expect(event.currency).toBe('BTC');
      expect(event.amount).toBeGreaterThan(0);
    } finally {
      await connection.stop();
    }
  });

  it('should count one rate limit across the instances: three reset mails an hour per e-mail address, whichever instance is asked', async () => {
    const email = `limit_${process.pid % 1000}@example.com`;
    // Asked of A, B, C and A again: counted per instance, none would see more than two.
    const answers = [];
    for (const instance of [...instances, instances[0]!]) answers.push(await call(instance.url, '/auth/forgot-password', { email }));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 429]);
    expect(answers[3]!.body.message).toMatch(/^Too many requests\. Please try again in /);
  });

  it('should run the daily payout once when every instance ticks for the same day', async () => {
    const at = '2031-03-04T00:05:00.000Z';
    const runs = await Promise.all(instances.map((instance) => call(instance.url, '/token/run-daily-payout', { at })));
    for (const run of runs) expect(run.status).toBe(200);
    expect(runs.filter((run) => run.body.ran === true)).toHaveLength(1);
    // Ticking again, anywhere, pays nothing more that day.
    const again = await call(instances[1]!.url, '/token/run-daily-payout', { at: '2031-03-04T13:00:00.000Z' });
    expect(again.body.ran).toBe(false);
  });

  it('should lose no acknowledged bet when an instance is killed with SIGKILL under load', async () => {
    const player = await register(proxyUrl);
    expect((await call(proxyUrl, '/wallet/claim-demo-funds', { currency: 'USDT' }, player.jwt)).status).toBe(200);
    const acknowledged = new Map<number, number>();
    let failures = 0;
    let running = true;
    const client = async () => {
      while (running) {
        try {
          const answer = await call(proxyUrl, '/dice/bet', { betAmount: '0.02', currency: 'USDT', chance: 50, target: 'under' }, player.jwt);
          if (answer.status === 200) {
            const bet = answer.body.bet as { id: number; payout: number };
            acknowledged.set(bet.id, bet.payout);
          } else failures += 1;
        } catch {
          failures += 1;
        }
      }
    };
    const clients = Array.from({ length: 16 }, () => client());
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    const victim = instances[2]!;
    victim.process.kill('SIGKILL');
    const countAtKill = acknowledged.size;
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    running = false;
    await Promise.all(clients);
    // Bets went on after the kill, through the two instances left.
    expect(acknowledged.size).toBeGreaterThan(countAtKill);
    const rows = await database.db.all<{ id: bigint; payout: bigint }>(
      `SELECT id, payout FROM bets WHERE user_id = ? ORDER BY id`,
      [player.id],
      BIGINT,
    );
    const stored = new Map(rows.map((row) => [Number(row.id), row.payout]));
    for (const [id, payout] of acknowledged) {
      expect(stored.has(id), `acknowledged bet ${id} is in the database`).toBe(true);
      expect(stored.get(id)).toBe(BigInt(Math.round(payout * 1e8)));
    }
    const report = await checkLedger(database.db);
    expect(report.violations).toEqual([]);
    // Failures are the requests the dying instance never answered; each was refused or cut, never half written.
    expect(failures).toBeLessThan(acknowledged.size);
  }, 60_000);
});
