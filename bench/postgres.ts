// Several instances on PostgreSQL beside one on SQLite, in one run. Run: npm run bench -- postgres
//
// Every server is the real one as `npm run serve` starts it, in a process of its own; the clients
// (one kept-alive socket each: node:http to register and fund the players, prebuilt bytes for the
// bets) run in this process. Printed side by side:
//   sqlite, 1 instance       SQLite (FULL, group commit) in a temporary directory
//   postgres, 1 instance     a throwaway PostgreSQL cluster with its durable defaults (fsync and
//                            synchronous_commit on), one instance
//   postgres, 2 instances    the same cluster, two instances, the clients alternating between them
// each with dice bets/s and p50/p95/p99 for 64 clients betting back to back (64 players, each with
// the demo claim), and then the hub's delivery: a watcher connected to instance A and one to B, bets
// placed through A, the time from sending a bet to each watcher seeing it (B's is cross-instance,
// through LISTEN/NOTIFY). Needs Debian's postgresql; skipped with a message without it.
// BENCH_PG_MS sets each phase's length (default 5 s, after 1 s of warm-up).
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { HubConnectionBuilder, LogLevel } from '@microsoft/signalr';
import { postgresBin, startPostgres } from '../scripts/postgres.mjs';
import { freePort, spawnServer, waitForHealth } from '../tests/support/serverProcess';
import { closedLoop, percentile } from './support/closedLoop';
import { RawHttpConnection, jsonPost } from './support/rawHttp';
import type { Figures } from './support/closedLoop';

const CLIENTS = 64;
const PHASE_MS = Number(process.env.BENCH_PG_MS ?? 5_000);
const WARMUP_MS = 1_000;
const BET = JSON.stringify({ betAmount: 0.05, currency: 'USDT', chance: 49.5, target: 'under' });
const HUB_BETS = 200;

interface Player {
  token: string;
  base: string;
}

const agent = new http.Agent({ keepAlive: true, maxSockets: CLIENTS * 2 });

function request(base: string, route: string, body: string | null, token?: string): Promise<{ status: number; text: string }> {
  const url = new URL(`${base}/api${route}`);
  return new Promise((resolve) => {
    const headers: Record<string, string | number> = {};
    if (token) headers.authorization = `Bearer ${token}`;
    if (body !== null) {
      headers['content-type'] = 'application/json';
      headers['content-length'] = Buffer.byteLength(body);
    }
    const req = http.request({ agent, host: url.hostname, port: url.port, path: url.pathname, method: body === null ? 'GET' : 'POST', headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.once('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }));
      res.once('error', () => resolve({ status: 0, text: '' }));
    });
    req.once('error', () => resolve({ status: 0, text: '' }));
    req.end(body ?? undefined);
  });
}

let counter = 0;
async function fundedPlayer(base: string): Promise<Player> {
  counter += 1;
  const name = `bench_${counter}`;
  const answer = await request(base, '/auth/register', JSON.stringify({ userName: name, email: `${name}@example.com`, password: `Blue-horse ${counter} staples` }));
  if (answer.status !== 200) throw new Error(`register answered ${answer.status}: ${answer.text}`);
  const { jwt } = JSON.parse(answer.text) as { jwt: string };
  const claim = await request(base, '/wallet/claim-demo-funds', JSON.stringify({ currency: 'USDT' }), jwt);
  if (claim.status !== 200) throw new Error(`claim answered ${claim.status}: ${claim.text}`);
  return { token: jwt, base };
}

interface Instances {
  urls: string[];
  stop: () => void;
}

async function startInstances(count: number, env: Record<string, string>, dataDir: string): Promise<Instances> {
  const children: ChildProcess[] = [];
  const urls: string[] = [];
  for (let i = 0; i < count; i++) {
    const port = await freePort();
    children.push(
      await spawnServer({ port, dataDir: path.join(dataDir, `instance-${i}`), env: { STATIC_DIR: '', LOG_LEVEL: 'warn', RATE_LIMIT_SIGNUP_PER_ADDRESS: '100000', ...env }, stdio: ['ignore', 'ignore', 'inherit'] }),
    );
    urls.push(`http://127.0.0.1:${port}`);
  }
  for (const url of urls) if (!(await waitForHealth(url, 60_000))) throw new Error(`${url} did not start`);
  return { urls, stop: () => children.forEach((child) => child.kill('SIGTERM')) };
}

/** 64 players spread over the instances, each betting on the instance it was given. */
async function betPhase(urls: string[]): Promise<Figures> {
  const players: Player[] = [];
  for (let i = 0; i < CLIENTS; i++) players.push(await fundedPlayer(urls[i % urls.length]!));
  // The bets go out on raw kept-alive sockets with prebuilt bytes (support/rawHttp.ts), as bench/dice.ts's:
  // the clients share the 2 cores with the servers and PostgreSQL.
  const clients = players.map((player) => {
    const url = new URL(player.base);
    return {
      connection: new RawHttpConnection(Number(url.port), url.hostname),
      request: jsonPost(url.host, '/api/dice/bet', { authorization: `Bearer ${player.token}` }, JSON.parse(BET)),
    };
  });
  const figures = await closedLoop(clients, async (client) => (await client.connection.send(client.request)) === 200, WARMUP_MS, PHASE_MS);
  for (const client of clients) client.connection.close();
  return figures;
}

function row(label: string, f: Figures): string {
  const sorted = [...f.latenciesMs].sort((a, b) => a - b);
  const ms = (p: number) => percentile(sorted, p).toFixed(1).padStart(9);
  return `${label.padEnd(26)}${(f.bets / f.seconds).toFixed(0).padStart(9)}${ms(50)}${ms(95)}${ms(99)}${String(f.errors).padStart(8)}`;
}

/** Bets through A, one every 20 ms; the time from sending each to a watcher on A and on B seeing it. */
async function hubDelivery(a: string, b: string): Promise<{ local: number[]; remote: number[] }> {
  const watch = async (base: string) => {
    const connection = new HubConnectionBuilder().withUrl(`${base}/api/socket`).configureLogging(LogLevel.None).build();
    const seen = new Map<number, number>();
    connection.on('bet', (bet: { id: number }) => seen.set(bet.id, performance.now()));
    await connection.start();
    return { connection, seen };
  };
  const onA = await watch(a);
  const onB = await watch(b);
  const player = await fundedPlayer(a);
  const sentAt = new Map<number, number>();
  for (let i = 0; i < HUB_BETS; i++) {
    const t0 = performance.now();
    const answer = await request(a, '/dice/bet', BET, player.token);
    if (answer.status === 200) sentAt.set((JSON.parse(answer.text) as { bet: { id: number } }).bet.id, t0);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  await new Promise((resolve) => setTimeout(resolve, 500));
  await Promise.all([onA.connection.stop(), onB.connection.stop()]);
  const delays = (seen: Map<number, number>) => [...sentAt].flatMap(([id, t0]) => (seen.has(id) ? [seen.get(id)! - t0] : [])).sort((x, y) => x - y);
  return { local: delays(onA.seen), remote: delays(onB.seen) };
}

async function main(): Promise<void> {
  if (!postgresBin()) {
    console.log('bench/postgres: skipped, PostgreSQL is not installed (apt-get install -y postgresql)');
    return;
  }
  const giveUp = setTimeout(() => {
    console.error('bench/postgres: gave up after 5 minutes');
    process.exit(1);
  }, 300_000);
  giveUp.unref();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'casino-bench-pg-'));
  const cluster = await startPostgres({ durable: true });
  const running: Instances[] = [];
  try {
    console.log(
      `dice bets over HTTP: ${CLIENTS} clients back to back, ${PHASE_MS / 1000} s per phase after ${WARMUP_MS / 1000} s warm-up; ${os.cpus().length} cores, load average ${os.loadavg().map((n) => n.toFixed(1)).join(' ')} at the start; PostgreSQL with fsync and synchronous_commit on, SQLite with synchronous=FULL`,
    );
    const results: Array<[string, Figures]> = [];

    const sqlite = await startInstances(1, {}, path.join(dataDir, 'sqlite'));
    running.push(sqlite);
    results.push(['sqlite, 1 instance', await betPhase(sqlite.urls)]);
    sqlite.stop();

    const pgEnv = { DATABASE_URL: cluster.url };
    const one = await startInstances(1, { ...pgEnv, DATABASE_SCHEMA: 'bench_one' }, path.join(dataDir, 'pg1'));
    running.push(one);
    results.push(['postgres, 1 instance', await betPhase(one.urls)]);
    one.stop();

    const two = await startInstances(2, { ...pgEnv, DATABASE_SCHEMA: 'bench_two' }, path.join(dataDir, 'pg2'));
    running.push(two);
    results.push(['postgres, 2 instances', await betPhase(two.urls)]);

    console.log(`${'engine'.padEnd(26)}${'bets/s'.padStart(9)}${'p50 ms'.padStart(9)}${'p95 ms'.padStart(9)}${'p99 ms'.padStart(9)}${'errors'.padStart(8)}`);
    for (const [label, figures] of results) console.log(row(label, figures));

    const { local, remote } = await hubDelivery(two.urls[0]!, two.urls[1]!);
    const ms = (list: number[], p: number) => percentile(list, p).toFixed(1);
    console.log(
      `hub delivery, ${HUB_BETS} bets sent through instance A, from sending the bet to the watcher seeing it: ` +
        `on A (same instance) p50 ${ms(local, 50)} ms, p99 ${ms(local, 99)} ms (${local.length} seen); ` +
        `on B (LISTEN/NOTIFY) p50 ${ms(remote, 50)} ms, p99 ${ms(remote, 99)} ms (${remote.length} seen)`,
    );
    console.log(`load average at the end ${os.loadavg().map((n) => n.toFixed(1)).join(' ')}`);
  } finally {
    for (const instances of running) instances.stop();
    agent.destroy();
    await new Promise((resolve) => setTimeout(resolve, 500));
    cluster.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
