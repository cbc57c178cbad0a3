// Profiles the server during bench/dice.ts's HTTP phase only (64 clients, synchronous=FULL by
// default). Run, compiled as production runs the server (bench/run.ts):
//   BENCH_NODE_FLAGS='--cpu-prof --cpu-prof-dir=DIR' npm run bench -- support/httpProfile
// The clients run in a forked child (bench/dice.ts in its clients mode), which inherits --cpu-prof,
// so DIR receives one profile per process; summarise them with bench/support/profileSummary.ts.
import { fork } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { groupCommitOf } from '../../src/server/db/database';
import { createFirstSeeds } from '../../src/server/fairness/seeds';
import { insertUser } from '../../src/server/users/repository';
import type { Figures } from './closedLoop';

const CLIENTS = 64;
const dataDir = fs.mkdtempSync(path.join(process.env.BENCH_DIR ?? os.tmpdir(), 'casino-profile-http-'));
// LOG_LEVEL=info profiles the server with its production logger (pino, a line per request and per answer).
const config = { ...loadConfig({ PORT: '0', DATA_DIR: dataDir, STATIC_DIR: '', LOG_LEVEL: process.env.LOG_LEVEL ?? 'silent', SQLITE_SYNCHRONOUS: process.env.SQLITE_SYNCHRONOUS ?? 'FULL' }), dataDir };
const app = await buildApp({ config, ...(process.env.LOG_LEVEL ? {} : { logger: false }) });
try {
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no TCP address');
  const url = `http://127.0.0.1:${address.port}`;
  const players: Array<{ id: number; token: string }> = [];
  for (let i = 0; i < CLIENTS; i++) {
    const user = await insertUser(app.db, { userName: `bench_${i}`, email: `bench_${i}@example.com`, passwordHash: 'x' });
    if (!user) throw new Error(`could not create bench_${i}`);
    await createFirstSeeds(app.db, user.id);
    const session = await app.db.transaction((tx) => app.auth.openSession(tx, user.id));
    const token = await app.auth.issueAccessToken(user.id, session);
    const response = await fetch(`${url}/api/wallet/claim-demo-funds`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ currency: 'USDT' }),
    });
    if (response.status !== 200) throw new Error(`demo claim answered ${response.status}`);
    players.push({ id: user.id, token });
  }
  // CLIENTS_SCRIPT: another client to compare (a file with bench/dice.ts's clients mode).
  const dice = process.env.CLIENTS_SCRIPT ?? fileURLToPath(new URL('../dice.ts', import.meta.url));
  // The time the group commits take (each runs its batch's transactions and COMMIT in one stretch of
  // the event loop): what is left of the server's CPU is what happens outside the bets' transactions.
  const groupCommit = groupCommitOf(app.db)!;
  const flush = groupCommit.flush.bind(groupCommit);
  let batchMs = 0;
  let batchCpuMs = 0;
  // Monotonic microseconds, the clock of --cpu-prof's timestamps: profileSummary.ts can leave the batches out.
  const intervals: Array<[number, number]> = [];
  let inFlush = false;
  let requestsDuringFlush = 0;
  let requests = 0;
  app.server.prependListener('request', () => {
    requests += 1;
    if (inFlush) requestsDuringFlush += 1;
  });
  groupCommit.flush = async () => {
    const t0 = performance.now();
    const h0 = process.hrtime.bigint();
    const c0 = process.cpuUsage();
    inFlush = true;
    try {
      await flush();
    } finally {
      batchMs += performance.now() - t0;
      const c = process.cpuUsage(c0);
      batchCpuMs += (c.user + c.system) / 1000;
      intervals.push([Number(h0 / 1000n), Number(process.hrtime.bigint() / 1000n)]);
      inFlush = false;
    }
  };
  const cpuBefore = process.cpuUsage();
  const wallBefore = performance.now();
  const hrBefore = process.hrtime.bigint();
  const figures = await new Promise<Figures>((resolve, reject) => {
    const child = fork(dice, ['clients', JSON.stringify({ url, players })]);
    child.once('message', (message) => resolve(message as Figures));
    child.once('error', reject);
  });
  const cpu = process.cpuUsage(cpuBefore);
  const wallMs = performance.now() - wallBefore;
  const allBets = figures.answers ?? figures.bets * (1 + 1 / figures.seconds);
  const cpuMs = (cpu.user + cpu.system) / 1000;
  const sorted = [...figures.latenciesMs].sort((a, b) => a - b);
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]?.toFixed(1);
  console.log(`http ${config.sqliteSynchronous}: ${(figures.bets / figures.seconds).toFixed(0)} bets/s, p50 ${at(50)} ms, p99 ${at(99)} ms, errors ${figures.errors}, load ${os.loadavg().map((n) => n.toFixed(1)).join(' ')}`);
  console.log(
    `server: CPU ${((100 * cpuMs) / wallMs).toFixed(0)}% of one core, ${(cpuMs / allBets).toFixed(3)} ms a bet, of which the group commits ${(batchCpuMs / allBets).toFixed(3)} ms (wall time ${(batchMs / allBets).toFixed(3)} ms) and the rest ${((cpuMs - batchCpuMs) / allBets).toFixed(3)} ms (per answer over the phase and its warm-up); clients: CPU ${figures.cpuMs && figures.answers ? (figures.cpuMs / figures.answers).toFixed(3) : '?'} ms an answer; ${requestsDuringFlush} of ${requests} requests arrived while a batch ran`,
  );
  const phase = [Number(hrBefore / 1000n), Number(process.hrtime.bigint() / 1000n)];
  if (process.env.BATCHES_FILE) fs.writeFileSync(process.env.BATCHES_FILE, JSON.stringify({ phase, batches: intervals, answers: allBets }));
} finally {
  await app.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
