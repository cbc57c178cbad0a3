// Bet export with flat memory (issue 23). Run: npx tsx bench/bet-export.ts (or npm run bench -- bet-export)
//
// The real server on SQLite, in this process: one player with 100,000 dice bets on one revealed seed
// pair (real rolls and payouts). GET /casino/export-bets streams them as JSON lines while the heap is
// sampled (after a forced collection, so garbage not yet collected does not count) every 500 ms; then `npm run verify -- --file` checks the file in a child process.
// Goal: the live heap grows by less than 32 MB while 100,000 bets (40 MB of text) stream out, the
// same at 200,000 (BENCH_BETS=200000), and every bet verifies.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { createFloatStream } from '../src/core/fairness/floats';
import { dicePayoutUnits, diceRollFromStream, diceWins } from '../src/core/games/dice';
import { insertUser } from '../src/server/users/repository';
import { nodeHmacSha256, sha256Hex } from '../src/server/fairness/hmac';

// The live heap is read after a forced collection: re-run with --expose-gc when it is not on.
if (typeof globalThis.gc !== 'function') {
  // The same flags (tsx's when run from source, none as npm run bench's bundle) and --expose-gc.
  const again = spawnSync(process.execPath, [...process.execArgv, '--expose-gc', new URL(import.meta.url).pathname], { stdio: 'inherit' });
  process.exit(again.status ?? 1);
}
const gc = globalThis.gc as () => void;

const BETS = Number(process.env.BENCH_BETS ?? 100_000);
const HEAP_BUDGET_MB = 32;
const SERVER_SEED = 'a'.repeat(63) + '1';
const CLIENT_SEED = 'bench-client-seed';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'casino-bench-export-'));
const config = loadConfig({ PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
const app = await buildApp({ config, logger: false });
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
if (!address || typeof address === 'string') throw new Error('no TCP address');
const url = `http://127.0.0.1:${address.port}`;

const user = (await insertUser(app.db, { userName: 'bench_export', email: 'bench_export@example.com', passwordHash: 'x' }))!;
const sessionId = await app.db.transaction((tx) => app.auth.openSession(tx, user.id));
const token = await app.auth.issueAccessToken(user.id, sessionId);

let started = performance.now();
await app.db.transaction(async (tx) => {
  const now = new Date().toISOString();
  const pair = await tx.get<{ id: number }>(
    `INSERT INTO seed_pairs (user_id, server_seed, server_seed_hash, client_seed, nonce, status, created_at, revealed_at) VALUES (?, ?, ?, ?, ?, 'revealed', ?, ?) RETURNING id`,
    [user.id, SERVER_SEED, sha256Hex(SERVER_SEED), CLIENT_SEED, BETS, now, now],
  );
  for (let nonce = 0; nonce < BETS; nonce += 1) {
    const chance = 10 + (nonce % 80);
    const roll = diceRollFromStream(createFloatStream(nodeHmacSha256, SERVER_SEED, CLIENT_SEED, nonce).at);
    const win = diceWins(roll, chance, 'under');
    const wager = 100_000n + BigInt(nonce % 1000);
    await tx.run(
      `INSERT INTO bets (user_id, game, currency, wager, payout, seed_pair_id, nonce, outcome, wager_usd_cents, payout_usd_cents, created_at) VALUES (?, 'Dice', 'BTC', ?, ?, ?, ?, ?, 0, 0, ?)`,
      [user.id, wager, win ? dicePayoutUnits(wager, chance) : 0n, pair!.id, nonce, JSON.stringify({ roll, chance, target: 'under', win }), now],
    );
  }
});
console.log(`seeded ${BETS.toLocaleString('en-US')} bets in ${((performance.now() - started) / 1000).toFixed(1)} s`);

gc();
const baseline = process.memoryUsage();
let peakHeap = baseline.heapUsed;
let peakRss = baseline.rss;
const sampler = setInterval(() => {
  gc();
  const { heapUsed, rss } = process.memoryUsage();
  peakHeap = Math.max(peakHeap, heapUsed);
  peakRss = Math.max(peakRss, rss);
}, 500);

const file = path.join(dataDir, 'bets.jsonl');
started = performance.now();
const response = await fetch(`${url}/api/casino/export-bets?format=jsonl`, { headers: { authorization: `Bearer ${token}` } });
const out = fs.createWriteStream(file);
let bytes = 0;
let lines = 0;
for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
  bytes += chunk.length;
  for (const byte of chunk) if (byte === 10) lines += 1;
  if (!out.write(chunk)) await new Promise<void>((resolve) => out.once('drain', () => resolve()));
}
await new Promise<void>((resolve) => out.end(() => resolve()));
const seconds = (performance.now() - started) / 1000;
clearInterval(sampler);
await app.close();

const mb = (n: number) => (n / 1024 / 1024).toFixed(1);
const heapGrowth = (peakHeap - baseline.heapUsed) / 1024 / 1024;
console.log(`exported ${lines.toLocaleString('en-US')} bets, ${mb(bytes)} MB in ${seconds.toFixed(1)} s (${Math.round(lines / seconds).toLocaleString('en-US')} bets/s)`);
console.log(`live heap: ${mb(baseline.heapUsed)} MB before, peak ${mb(peakHeap)} MB (+${heapGrowth.toFixed(1)} MB; budget ${HEAP_BUDGET_MB} MB); rss peak ${mb(peakRss)} MB`);

started = performance.now();
const verify = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/verify.ts', '--file', file], { encoding: 'utf8' });
console.log(`verify --file: exit ${verify.status} in ${((performance.now() - started) / 1000).toFixed(1)} s: ${verify.stdout.trim().replace(/\n/g, ' | ')}`);
fs.rmSync(dataDir, { recursive: true, force: true });

const ok = lines === BETS && heapGrowth < HEAP_BUDGET_MB && verify.status === 0;
console.log(ok ? 'PASS' : 'FAIL');
process.exit(ok ? 0 : 1);
