// Dice bet throughput and latency. Run: npx tsx bench/dice.ts (or npm run bench -- dice)
//
// The real server runs in this process on loopback with a temporary data directory; 64 players are
// funded through the demo claim. Three ways to place the same bet, side by side:
//   http    64 concurrent clients POST /api/dice/bet over keep-alive HTTP. The clients run in a forked
//           child process, so their own JSON and socket work does not share the server's event loop.
//   inject  the same 64 concurrent requests through Fastify's inject(): routing, bearer check (JWT +
//           session row), schema, handler, serialisation, but no sockets.
//   direct  the bet's database transaction called in this process, one after another, as the route
//           composes it (currency row, wager, limits, checks, nonce, roll, bet row, ledger transfers,
//           settlement hooks, hub broadcast) but without HTTP, auth or schema. It runs twice, under
//           PRAGMA synchronous=FULL (each commit waits for the disk: the default) and NORMAL (commits
//           reach the disk at checkpoints), to show what durability costs; inject and http run under
//           SQLITE_SYNCHRONOUS (FULL unless set). Set BENCH_DIR to measure on the disk DATA_DIR will use.
// So direct/http is what the server layers and the network cost per bet. Each phase runs for a fixed
// time; the whole run gives up after 2 minutes.
import { fork } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { checkBetUnits } from '../src/core/bets/validation';
import { createFloatStream } from '../src/core/fairness/floats';
import { isValidChance, settleDiceBet } from '../src/core/games/dice';
import { unitsToNumber } from '../src/core/money';
import { buildApp } from '../src/server/app';
import { recordBet } from '../src/server/bets/record';
import { wagerOf } from '../src/server/bets/wager';
import { loadConfig } from '../src/server/config';
import { nodeHmacSha256 } from '../src/server/fairness/hmac';
import { createFirstSeeds, takeBetSeed } from '../src/server/fairness/seeds';
import { balanceOf, houseAccount, playerAccount, transfer } from '../src/server/ledger/ledger';
import { insertUser } from '../src/server/users/repository';

const CLIENTS = 64;
const PHASE_MS = Number(process.env.BENCH_DICE_MS ?? 5_000);
const WARMUP_MS = 1_000;
const BET = { betAmount: 0.05, currency: 'USDT', chance: 49.5, target: 'under' as const };

interface Player {
  id: number;
  token: string;
}

interface Figures {
  bets: number;
  errors: number;
  seconds: number;
  latenciesMs: number[];
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

/** Runs `CLIENTS` loops that each place bets back to back until the phase ends; the first second is warm-up. */
async function closedLoop(players: Player[], placeOne: (player: Player) => Promise<boolean>): Promise<Figures> {
  const started = performance.now();
  const measureFrom = started + WARMUP_MS;
  const end = measureFrom + PHASE_MS;
  const latenciesMs: number[] = [];
  let errors = 0;
  await Promise.all(
    players.map(async (player) => {
      while (performance.now() < end) {
        const t0 = performance.now();
        const ok = await placeOne(player);
        const t1 = performance.now();
        if (t0 < measureFrom) continue;
        if (ok) latenciesMs.push(t1 - t0);
        else errors += 1;
      }
    }),
  );
  return { bets: latenciesMs.length, errors, seconds: (performance.now() - measureFrom) / 1000, latenciesMs };
}

// ---------------------------------------------------------------- client process (http phase)

async function runClients(): Promise<void> {
  const { url, players } = JSON.parse(process.argv[3]!) as { url: string; players: Player[] };
  const body = JSON.stringify(BET);
  const figures = await closedLoop(players, async (player) => {
    try {
      const response = await fetch(`${url}/api/dice/bet`, {
        method: 'POST',
        headers: { authorization: `Bearer ${player.token}`, 'content-type': 'application/json' },
        body,
      });
      await response.arrayBuffer();
      return response.status === 200;
    } catch {
      return false;
    }
  });
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

function injectPhase(app: FastifyInstance, players: Player[]): Promise<Figures> {
  const payload = JSON.stringify(BET);
  return closedLoop(players, async (player) => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/dice/bet',
      headers: { authorization: `Bearer ${player.token}`, 'content-type': 'application/json' },
      payload,
    });
    return response.statusCode === 200;
  });
}

/** The route's transaction, composed from the same functions in the same order (src/server/routes/dice.ts). */
function directBet(app: FastifyInstance): (userId: number) => void {
  const db = app.db;
  const bettable = db.prepare('SELECT bettable FROM currencies WHERE symbol = ?');
  const placeBet = db.transaction((userId: number, wager: bigint, currency: string, chance: number, target: 'under' | 'over') => {
    const limits = app.wallet.limitsFor('dice', currency);
    const player = playerAccount(userId, currency);
    const check = checkBetUnits({ game: 'dice', loggedIn: true, currency, amountUnits: wager, balanceUnits: balanceOf(db, player), limits, chance });
    if (check.kind !== 'ok') throw new Error(check.kind === 'invalid' ? check.message : 'refused');
    const usdRate = app.wallet.rates.get(currency) ?? 0;
    const seed = takeBetSeed(db, userId);
    const floatAt = createFloatStream(nodeHmacSha256, seed.serverSeed, seed.clientSeed, seed.nonce).at;
    const settlement = settleDiceBet({ wagerUnits: wager, chance, target, floatAt });
    const bet = recordBet(db, { userId, game: 'Dice', currency, wager, payout: settlement.payoutUnits, seed, outcome: { roll: settlement.roll, chance, target, win: settlement.win }, usdRate });
    const ref = `dice:${bet.id}`;
    transfer(db, { from: player, to: houseAccount(currency), amount: wager, kind: 'bet', ref });
    if (settlement.payoutUnits > 0n) transfer(db, { from: houseAccount(currency), to: player, amount: settlement.payoutUnits, kind: 'payout', ref });
    app.settlement.settled({ betId: bet.id, userId, game: 'Dice', currency, wager, payout: settlement.payoutUnits, houseEdge: 0.01, usdRate });
    return { bet, settlement, balance: balanceOf(db, player) };
  });
  return (userId) => {
    const known = bettable.get(BET.currency) as { bettable: number } | undefined;
    if (known?.bettable !== 1) throw new Error('currency not bettable');
    const wager = wagerOf(BET.betAmount);
    if (!isValidChance(BET.chance)) throw new Error('bad chance');
    const result = placeBet(userId, wager, BET.currency, BET.chance, BET.target);
    app.hub.broadcast('bet', result.bet);
    void unitsToNumber(result.balance);
  };
}

function directPhase(app: FastifyInstance, players: Player[]): Figures {
  const place = directBet(app);
  const latenciesMs: number[] = [];
  let errors = 0;
  const started = performance.now();
  const measureFrom = started + WARMUP_MS;
  const end = measureFrom + PHASE_MS;
  for (let i = 0; ; i++) {
    const t0 = performance.now();
    if (t0 >= end) break;
    try {
      place(players[i % players.length]!.id);
      if (t0 >= measureFrom) latenciesMs.push(performance.now() - t0);
    } catch {
      if (t0 >= measureFrom) errors += 1;
    }
  }
  return { bets: latenciesMs.length, errors, seconds: (performance.now() - measureFrom) / 1000, latenciesMs };
}

function row(label: string, f: Figures, baseline?: number): string {
  const sorted = [...f.latenciesMs].sort((a, b) => a - b);
  const rate = f.bets / f.seconds;
  const ms = (p: number) => percentile(sorted, p).toFixed(3).padStart(9);
  const ratio = baseline ? `${(baseline / rate).toFixed(1)}×`.padStart(8) : '       –';
  return `${label.padEnd(30)}${rate.toFixed(0).padStart(9)}${ms(50)}${ms(95)}${ms(99)}${String(f.errors).padStart(8)}${ratio}`;
}

async function main(): Promise<void> {
  const giveUp = setTimeout(() => {
    console.error('bench/dice: gave up after 2 minutes');
    process.exit(1);
  }, 120_000);
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
      const user = insertUser(app.db, { userName: `bench_${i}`, email: `bench_${i}@example.com`, passwordHash: 'x' });
      createFirstSeeds(app.db, user.id);
      players.push({ id: user.id, token: app.auth.issueAccessToken(user.id, app.auth.openSession(user.id)) });
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

    console.log(`dice bets: ${CLIENTS} players, ${BET.betAmount} ${BET.currency} at ${BET.chance}% ${BET.target}, ${PHASE_MS / 1000} s per phase after ${WARMUP_MS / 1000} s warm-up, ${os.cpus().length} cores, load average ${os.loadavg()[0]!.toFixed(1)} (other work on the machine lowers every figure)`);
    app.db.pragma('synchronous = FULL');
    const directFull = directPhase(app, players);
    app.db.pragma('synchronous = NORMAL');
    const directNormal = directPhase(app, players);
    app.db.pragma(`synchronous = ${config.sqliteSynchronous}`);
    const inject = await injectPhase(app, players);
    const http = await httpPhase(url, players);
    const direct = config.sqliteSynchronous === 'FULL' ? directFull : directNormal;
    const directRate = direct.bets / direct.seconds;
    const fullRate = directFull.bets / directFull.seconds;
    console.log(`${'path'.padEnd(30)}${'bets/s'.padStart(9)}${'p50 ms'.padStart(9)}${'p95 ms'.padStart(9)}${'p99 ms'.padStart(9)}${'errors'.padStart(8)}${'cost'.padStart(8)}`);
    console.log(row('direct, synchronous=FULL', directFull, config.sqliteSynchronous === 'FULL' ? undefined : directRate));
    console.log(row('direct, synchronous=NORMAL', directNormal, config.sqliteSynchronous === 'NORMAL' ? undefined : directRate));
    console.log(row(`inject (${CLIENTS} concurrent, no sockets)`, inject, directRate));
    console.log(row(`http (${CLIENTS} clients, loopback)`, http, directRate));
    console.log(`cost = direct bets/s under SQLITE_SYNCHRONOUS=${config.sqliteSynchronous} ÷ that path's bets/s: what the server layers add per bet. http latency includes queueing behind ${CLIENTS} clients.`);
    console.log(`durability: NORMAL places ${(directNormal.bets / directNormal.seconds / fullRate).toFixed(1)}× the bets per second of FULL on this disk (${dataDir.startsWith(os.tmpdir()) ? 'the temporary directory' : dataDir}); FULL is what survives a power cut.`);
  } finally {
    await app.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[2] === 'clients') await runClients();
else await main();
