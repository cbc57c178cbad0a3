// Dice bet throughput and latency. Run: npm run bench -- dice (bundled, as production runs the server;
// npx tsx bench/dice.ts runs it from source, about 6% fewer bets a second: docs/performance.md)
//
// The real server runs in this process on loopback with a temporary data directory; 64 players are
// funded through the demo claim. Three ways to write a bet, side by side, each under PRAGMA
// synchronous=FULL (each commit waits for the disk: the default) and NORMAL (commits reach the disk
// at checkpoints):
//   raw     the least a dice bet needs, as one transaction of prepared statements called in this
//           process on a better-sqlite3 connection of its own to the server's SQLite file: read the
//           balance, conditional debit, nonce, bet row, transfer row, two ledger entries, credit. No
//           limits, no roll, no hooks, no async layer: the floor the database sets (SQLite only).
//   direct  the route's own transaction (diceBetTransaction, imported from src/server/routes/dice.ts)
//           called in this process inside app.db.transaction, one bet after another: limits, checks,
//           nonce, roll, bet row, ledger transfers, settlement hooks (mining, rewards pool, bankroll pool).
//   http    64 concurrent clients POST /api/dice/bet over keep-alive HTTP: routing, bearer check,
//           schema, the same transaction in a group commit (one fsync per batch, each answered once
//           its batch is durable), serialisation. The clients (one kept-alive socket each, writing
//           prebuilt request bytes: support/rawHttp.ts) run in a forked child process, so their own
//           work does not share the server's event loop; only 200 answers count as bets.
// So direct ÷ raw is what the game logic costs over the bare writes, and http ÷ direct what the
// server layers and the network cost. Set BENCH_DIR to measure on the disk DATA_DIR will use. Each
// phase runs for a fixed time (BENCH_DICE_MS, default 5 s); the whole run gives up after 3 minutes.
// BENCH_SEED_MODE=instant plays every bet in instant reveal (each player on a hash chain, docs/fairness.md).
import { fork } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance as nodePerformance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import BetterSqlite3 from 'better-sqlite3';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/server/app';
import { groupCommitOf } from '../src/server/db/database';

import { loadConfig } from '../src/server/config';
import { createFirstSeeds, loadSeeds, setSeedMode } from '../src/server/fairness/seeds';
import { diceBetTransaction } from '../src/server/routes/dice';
import { insertUser } from '../src/server/users/repository';
import { closedLoop, percentile } from './support/closedLoop';
import { RawHttpConnection, jsonPost } from './support/rawHttp';
import type { Figures } from './support/closedLoop';

const CLIENTS = 64;
const PHASE_MS = Number(process.env.BENCH_DICE_MS ?? 5_000);
const WARMUP_MS = 1_000;
const BET = { betAmount: 0.05, currency: 'USDT', chance: 49.5, target: 'under' as const };
const SEED_MODE = process.env.BENCH_SEED_MODE === 'instant' ? 'instant' : 'classic';

interface Player {
  id: number;
  token: string;
}

// ---------------------------------------------------------------- client process (http phase)

async function runClients(): Promise<void> {
  const { url, players } = JSON.parse(process.argv[3]!) as { url: string; players: Player[] };
  const target = new URL(`${url}/api/dice/bet`);
  // One kept-alive socket per client writing its request prebuilt as bytes, reading back the status
  // line and Content-Length only (support/rawHttp.ts): node:http's client spent 0.2 to 0.27 ms of CPU
  // an answer (fetch more than the server), this one 0.04 to 0.08, and on 2 cores the clients' CPU
  // is taken from the server.
  const clients = players.map((player) => ({
    connection: new RawHttpConnection(Number(target.port), target.hostname),
    request: jsonPost(target.host, target.pathname, { authorization: `Bearer ${player.token}` }, BET),
  }));
  const figures = await closedLoop(clients, async (client) => (await client.connection.send(client.request)) === 200, WARMUP_MS, PHASE_MS);
  for (const client of clients) client.connection.close();
  process.send?.(figures, () => process.exit(0));
}

function httpPhase(url: string, players: Player[]): Promise<Figures> {
  return new Promise((resolve, reject) => {
    const child = fork(fileURLToPath(import.meta.url), ['clients', JSON.stringify({ url, players })]);
    child.once('message', (figures) => resolve(figures as Figures));
    child.once('error', reject);
    child.once('exit', (code) => code !== 0 && reject(new Error(`clients exited with ${code}`)));
  });
}

// ---------------------------------------------------------------- server process

/**
 * The minimal transaction: what any dice bet must write, with nothing else. It books a real, if
 * one-unit, losing bet (player → house, transfer row and both entries, bet row, nonce), so the
 * ledger stays exact and the later phases run on the same tables. It runs on a connection of its
 * own to the server's SQLite file (the server's connection sits idle meanwhile).
 */
function rawBet(db: BetterSqlite3.Database): (userId: number) => void {
  const balance = db.prepare('SELECT id, balance FROM ledger_accounts WHERE holder = ? AND currency = ?').safeIntegers(true);
  const debit = db.prepare('UPDATE ledger_accounts SET balance = balance - ? WHERE id = ? AND balance >= ?');
  const credit = db.prepare(`UPDATE ledger_accounts SET balance = balance + ? WHERE holder = 'house' AND currency = ? RETURNING id`).safeIntegers(true);
  const nonce = db.prepare(`UPDATE seed_pairs SET nonce = nonce + 1 WHERE user_id = ? AND status = 'active' RETURNING id, nonce - 1 AS nonce`);
  const bet = db.prepare(
    `INSERT INTO bets (user_id, game, currency, wager, payout, seed_pair_id, nonce, outcome, wager_usd_cents, payout_usd_cents, created_at)
     VALUES (?, 'Dice', ?, ?, 0, ?, ?, '{}', 0, 0, ?)`,
  );
  const transferRow = db.prepare('INSERT INTO ledger_transfers (currency, amount, kind, ref, created_at) VALUES (?, ?, ?, ?, ?)');
  const entry = db.prepare('INSERT INTO ledger_entries (transfer_id, account_id, currency, amount, kind, ref, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)');
  const wager = 1n;
  const currency = BET.currency;
  const place = db.transaction((userId: number) => {
    const now = new Date().toISOString();
    const player = balance.get(`player:${userId}`, currency) as { id: bigint; balance: bigint };
    if (player.balance < wager || debit.run(wager, player.id, wager).changes !== 1) throw new Error('insufficient funds');
    const seed = nonce.get(userId) as { id: number; nonce: number };
    const betId = bet.run(userId, currency, wager, seed.id, seed.nonce, now).lastInsertRowid;
    const house = credit.get(wager, currency) as { id: bigint };
    const ref = `dice:${betId}`;
    const transferId = transferRow.run(currency, wager, 'bet', ref, now).lastInsertRowid;
    entry.run(transferId, player.id, currency, -wager, 'bet', ref, now);
    entry.run(transferId, house.id, currency, wager, 'bet', ref, now);
  });
  return (userId) => place(userId);
}

/** The route's own transaction, called as the route calls it (its input already parsed), in a transaction of its own. */
function directBet(app: FastifyInstance): (userId: number) => Promise<void> {
  const placeBet = diceBetTransaction(app);
  const wager = app.bets.wager(BET.betAmount);
  return async (userId) => {
    await app.db.transaction((tx) => placeBet(tx, userId, wager, BET.currency, BET.chance, BET.target));
  };
}

/** Places bets one after another in this process until the phase ends; the first second is warm-up. */
async function serialPhase(players: Player[], place: (userId: number) => void | Promise<void>): Promise<Figures> {
  const latenciesMs: number[] = [];
  let errors = 0;
  const started = performance.now();
  const measureFrom = started + WARMUP_MS;
  const end = measureFrom + PHASE_MS;
  for (let i = 0; ; i++) {
    const t0 = performance.now();
    if (t0 >= end) break;
    try {
      await place(players[i % players.length]!.id);
      if (t0 >= measureFrom) latenciesMs.push(performance.now() - t0);
    } catch {
      if (t0 >= measureFrom) errors += 1;
    }
  }
  return { bets: latenciesMs.length, errors, seconds: (performance.now() - measureFrom) / 1000, latenciesMs };
}

const NO_FIGURES: Figures = { bets: 0, errors: 0, seconds: 1, latenciesMs: [] };

const rateOf = (f: Figures) => f.bets / f.seconds;
const p99Of = (f: Figures) => percentile([...f.latenciesMs].sort((a, b) => a - b), 99);
const pct = (part: number, whole: number) => `${((100 * part) / whole).toFixed(0)}%`;

function row(label: string, f: Figures, baseline?: number): string {
  const sorted = [...f.latenciesMs].sort((a, b) => a - b);
  const rate = f.bets / f.seconds;
  const ms = (p: number) => percentile(sorted, p).toFixed(3).padStart(9);
  const ratio = baseline ? pct(rate, baseline).padStart(10) : '         –';
  return `${label.padEnd(30)}${rate.toFixed(0).padStart(9)}${ms(50)}${ms(95)}${ms(99)}${String(f.errors).padStart(8)}${ratio}`;
}

async function main(): Promise<void> {
  const giveUp = setTimeout(() => {
    console.error('bench/dice: gave up after 3 minutes');
    process.exit(1);
  }, 180_000);
  giveUp.unref();
  const dataDir = fs.mkdtempSync(path.join(process.env.BENCH_DIR ?? os.tmpdir(), 'casino-bench-dice-'));
  const config = {
    ...loadConfig({ PORT: '0', DATA_DIR: dataDir, STATIC_DIR: '', LOG_LEVEL: 'silent', SQLITE_SYNCHRONOUS: process.env.SQLITE_SYNCHRONOUS }),
    dataDir,
  };
  const app = await buildApp({ config, logger: false });
  try {
    await app.listen({ host: '127.0.0.1', port: 0 });
    const address = app.server.address();
    if (!address || typeof address === 'string') throw new Error('no TCP address');
    const url = `http://127.0.0.1:${address.port}`;

    // 64 players, each funded with the demo claim ($100 of USDT) over HTTP like a player would.
    const players: Player[] = [];
    for (let i = 0; i < CLIENTS; i++) {
      const user = await insertUser(app.db, { userName: `bench_${i}`, email: `bench_${i}@example.com`, passwordHash: 'x' });
      if (!user) throw new Error(`could not create bench_${i}`);
      await createFirstSeeds(app.db, user.id);
      if (SEED_MODE === 'instant') {
        await loadSeeds(app.db, user.id);
        await setSeedMode(app.db, user.id, 'instant', async () => {});
      }
      const session = await app.db.transaction((tx) => app.auth.openSession(tx, user.id));
      players.push({ id: user.id, token: await app.auth.issueAccessToken(user.id, session) });
    }
    await Promise.all(
      players.map(async (player) => {
        const response = await fetch(`${url}/api/wallet/claim-demo-funds`, {
          method: 'POST',
          headers: { authorization: `Bearer ${player.token}`, 'content-type': 'application/json' },
          body: JSON.stringify({ currency: BET.currency }),
        });
        if (response.status !== 200) throw new Error(`demo claim answered ${response.status}: ${await response.text()}`);
      }),
    );

    const load = os.loadavg().map((n) => n.toFixed(1)).join(' ');
    console.log(`dice bets (${SEED_MODE} seeds): ${CLIENTS} players, ${BET.betAmount} ${BET.currency} at ${BET.chance}% ${BET.target}, ${PHASE_MS / 1000} s per phase after ${WARMUP_MS / 1000} s warm-up, ${os.cpus().length} cores, load average ${load} at the start (other work on the machine lowers every figure)`);
    const figures: Record<string, Record<'FULL' | 'NORMAL', Figures>> = { raw: {} as never, direct: {} as never, http: {} as never };
    // SQLite: the raw phase's own connection to the server's file, and the server's group commit.
    const sqlite = app.db.engine === 'sqlite';
    const file = sqlite ? new BetterSqlite3(path.join(dataDir, 'casino.sqlite')) : null;
    file?.pragma('journal_mode = WAL');
    file?.pragma('busy_timeout = 5000');
    const groupCommit = groupCommitOf(app.db);
    try {
      for (const mode of ['FULL', 'NORMAL'] as const) {
        // The server's FULL is its group commit's (the log synced off the event loop, db/logSync.ts).
        if (groupCommit) groupCommit.synchronous = mode;
        file?.pragma(`synchronous = ${mode}`);
        figures.raw![mode] = file ? await serialPhase(players, rawBet(file)) : NO_FIGURES;
        figures.direct![mode] = await serialPhase(players, directBet(app));
        const batchesBefore = groupCommit?.batches ?? 0;
        const cpuBefore = process.cpuUsage();
        // How busy the server's one thread is, sampled each quarter second (the clients' start, when it idles, sits in the first samples).
        const loopSamples: number[] = [];
        let loopLast = nodePerformance.eventLoopUtilization();
        const loopTimer = setInterval(() => {
          const now = nodePerformance.eventLoopUtilization();
          loopSamples.push(nodePerformance.eventLoopUtilization(now, loopLast).utilization);
          loopLast = now;
        }, 250);
        figures.http![mode] = await httpPhase(url, players);
        const cpu = process.cpuUsage(cpuBefore);
        clearInterval(loopTimer);
        // Near 100%, the p50 is the clients ÷ the rate (Little's law), and the p99 that plus the loop's pauses.
        const loopBusy = [...loopSamples].sort((a, b) => a - b)[Math.floor(loopSamples.length / 2)] ?? Number.NaN;
        const batches = (groupCommit?.batches ?? 0) - batchesBefore;
        const { bets, answers = bets, cpuMs: clientsMs = Number.NaN } = figures.http![mode];
        // CPU per answer, warm-up included (the server's also counts the clients' start, when it idles).
        const perAnswer = (ms: number) => (ms / Math.max(1, answers)).toFixed(3);
        const commits = groupCommit ? `${batches} group commits, about ${(bets / Math.max(1, batches)).toFixed(1)} bets each; ` : '';
        console.error(`  http ${mode}: ${commits}CPU an answer: server ${perAnswer((cpu.user + cpu.system) / 1000)} ms, clients ${perAnswer(clientsMs)} ms; the server's event loop busy ${(100 * loopBusy).toFixed(0)}% (median of quarter seconds)`);
      }
      if (groupCommit) groupCommit.synchronous = config.sqliteSynchronous;
    } finally {
      file?.close();
    }
    console.log(`${'path'.padEnd(30)}${'bets/s'.padStart(9)}${'p50 ms'.padStart(9)}${'p95 ms'.padStart(9)}${'p99 ms'.padStart(9)}${'errors'.padStart(8)}${'of above'.padStart(10)}`);
    for (const mode of ['FULL', 'NORMAL'] as const) {
      const { raw, direct, http } = { raw: figures.raw![mode], direct: figures.direct![mode], http: figures.http![mode] };
      console.log(row(`raw, synchronous=${mode}`, raw));
      console.log(row(`direct, synchronous=${mode}`, direct, rateOf(raw)));
      console.log(row(`http ${CLIENTS} clients, ${mode}`, http, rateOf(direct)));
    }
    console.log('of above = that path\'s bets/s as a share of the row above it (direct of raw, http of direct), same synchronous setting.');
    const full = { raw: figures.raw!.FULL, direct: figures.direct!.FULL, http: figures.http!.FULL };
    const normal = { direct: figures.direct!.NORMAL };
    const goal = (ok: boolean) => (ok ? 'met' : 'NOT met');
    console.log(`goals (FULL): direct ≥ 30% of raw: ${pct(rateOf(full.direct), rateOf(full.raw))} ${goal(rateOf(full.direct) >= 0.3 * rateOf(full.raw))}; http ≥ 60% of direct: ${pct(rateOf(full.http), rateOf(full.direct))} ${goal(rateOf(full.http) >= 0.6 * rateOf(full.direct))}; http p99 ≤ 25 ms: ${p99Of(full.http).toFixed(1)} ms ${goal(p99Of(full.http) <= 25)}`);
    console.log(`group commit: http under FULL places ${rateOf(full.http).toFixed(0)} bets/s, direct under NORMAL (one commit per bet, no fsync) ${rateOf(normal.direct).toFixed(0)} bets/s. Disk: ${dataDir.startsWith(os.tmpdir()) ? 'the temporary directory' : dataDir}; load average at the end ${os.loadavg().map((n) => n.toFixed(1)).join(' ')}.`);
  } finally {
    await app.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[2] === 'clients') await runClients();
else await main();
