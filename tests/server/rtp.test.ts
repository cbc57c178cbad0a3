import { describe, expect, it, vi } from 'vitest';
import { baccaratExactRtp } from '../../src/core/games/baccarat';
import { diceRtp } from '../../src/core/games/dice';
import { minesRtp } from '../../src/core/games/mines';
import { RTP_REFRESH_DELAY_MS } from '../../machines/rtp/machine';
import { migrate, migrations } from '../../src/server/db/migrations';
import { RTP_CACHE_MS } from '../../src/server/rtp/cache';
import { systemClock } from '../../src/server/token/payout';
import type { Clock } from '../../src/server/token/payout';
import { openTestDatabase, serverPerBlock } from '../support/server';
import { fundedPlayer } from '../support/wallet';
import type { Player } from '../support/wallet';

/**
 * Issue 23, "The RTP we really paid": GET /api/casino/rtp for anyone, each game's figures measured
 * from its settled bets. The expected figures are worked out here from the bets as they were answered
 * (wager and payout in cents at the USDT rate), not by the server's own helpers.
 */

interface GameRtp {
  game: string;
  bets: number;
  wageredUsd: number;
  paidOutUsd: number;
  rtp: number | null;
  theoreticalRtp: number | null;
  low95: number | null;
  high95: number | null;
  recent: Array<{ bets: number; rtp: number }>;
}

/** A clock that stands still until moved by hand: the server's answer is cached for RTP_CACHE_MS of it. */
class StillClock implements Clock {
  time = Date.UTC(2031, 0, 1);
  now = () => this.time;
  setTimeout = systemClock.setTimeout;
  clearTimeout = systemClock.clearTimeout;
}
const clock = new StillClock();

/** A fresh read: the clock first passes the cache's window, so the figures are read again. */
const read = async (url: string): Promise<GameRtp[]> => {
  clock.time += RTP_CACHE_MS;
  return readNow(url);
};
/** A read as it comes, maybe answered from the cache. */
const readNow = async (url: string): Promise<GameRtp[]> => {
  const response = await fetch(`${url}/api/casino/rtp`);
  expect(response.status).toBe(200);
  return ((await response.json()) as { games: GameRtp[] }).games;
};
const gameOf = (games: GameRtp[], name: string) => games.find((g) => g.game === name)!;

/** The ratio estimator and its delta-method interval, written out longhand from the bets (cents). */
function expected(bets: Array<{ w: number; p: number }>) {
  const W = bets.reduce((s, b) => s + b.w, 0);
  const P = bets.reduce((s, b) => s + b.p, 0);
  const r = P / W;
  const n = bets.length;
  const s2 = bets.reduce((s, b) => s + (b.p - r * b.w) ** 2, 0);
  const se = Math.sqrt(((n / (n - 1)) * s2) / (W * W));
  return { W, P, r, low: Math.max(0, r - 1.959963984540054 * se), high: r + 1.959963984540054 * se };
}

describe('the measured RTP', () => {
  const shared = serverPerBlock({}, undefined, { clock });

  it('answers every game, for a visitor, with nothing measured before any bet', async () => {
    const games = await read(shared.server.url);
    expect(games.map((g) => g.game)).toEqual(['Dice', 'Mines', 'Blackjack', 'Baccarat']);
    for (const game of games) {
      expect(game).toEqual({ game: game.game, bets: 0, wageredUsd: 0, paidOutUsd: 0, rtp: null, theoreticalRtp: null, low95: null, high95: null, recent: [] });
    }
  });

  it("measures dice from its bets: count, dollars, paid ÷ wagered, the rules' RTP for the chances played and the 95% interval", async () => {
    const rate = shared.server.app.wallet.rates.get('USDT')!;
    const player = await fundedPlayer(shared.server, 'USDT');
    const bets: Array<{ w: number; p: number }> = [];
    const plays = [
      { betAmount: '1', chance: 50 },
      { betAmount: '2', chance: 50 },
      { betAmount: '1', chance: 20 },
    ];
    for (let i = 0; i < 12; i++) {
      const play = plays[i % 3]!;
      const reply = await player.call('POST', '/dice/bet', { ...play, currency: 'USDT', target: 'under' });
      expect(reply.status).toBe(200);
      const { bet } = reply.body as { bet: { wager: number; payout: number } };
      bets.push({ w: Math.floor(bet.wager * rate * 100 + 1e-9), p: Math.floor(bet.payout * rate * 100 + 1e-9) });
    }
    const e = expected(bets);
    const dice = gameOf(await read(shared.server.url), 'Dice');
    expect(dice.bets).toBe(12);
    expect(dice.wageredUsd).toBe(e.W / 100);
    expect(dice.paidOutUsd).toBe(e.P / 100);
    expect(dice.rtp).toBeCloseTo(e.r, 12);
    // 4 × ($1 at 50%) + 4 × ($2 at 50%) + 4 × ($1 at 20%), weighted by the dollars staked.
    expect(dice.theoreticalRtp).toBeCloseTo((12 * diceRtp(50) + 4 * diceRtp(20)) / 16, 12);
    expect(dice.low95).toBeCloseTo(e.low, 9);
    expect(dice.high95).toBeCloseTo(e.high, 9);
    // The chart's last point is the whole window: here every bet.
    expect(dice.recent.at(-1)).toEqual({ bets: 12, rtp: expect.closeTo(e.r, 12) as number });
    // The running sums equal a scan of the bets table.
    const scan = await shared.server.app.db.get<{ w: number; p: number }>(
      "SELECT SUM(wager_usd_cents) AS w, SUM(payout_usd_cents) AS p FROM bets WHERE game = 'Dice'",
    );
    expect([Number(scan!.w), Number(scan!.p)]).toEqual([e.W, e.P]);
  });

  it('weighs mines by the mine count and gems played and baccarat by the sides bet on', async () => {
    const player = await fundedPlayer(shared.server, 'USDT');
    // Mines, 3 mines, one pick: a gem cashed out or a mine hit, either way a bet on one gem.
    expect((await player.call('POST', '/mines/bet', { betAmount: 1, minesCount: 3, currency: 'USDT' })).status).toBe(200);
    const picked = (await player.call('POST', '/mines/pick', { tileId: 0 })).body as { isMine: boolean };
    if (!picked.isMine) expect((await player.call('POST', '/mines/cashout')).status).toBe(200);
    // 24 mines, $3: its one gem pays 24.75× with chance 1/25.
    expect((await player.call('POST', '/mines/bet', { betAmount: 3, minesCount: 24, currency: 'USDT' })).status).toBe(200);
    const second = (await player.call('POST', '/mines/pick', { tileId: 0 })).body as { isMine: boolean; gameState: string };
    expect(second.isMine || second.gameState !== 'InPlay').toBe(true);
    // Baccarat: $1 on player and $1 on tie, then $2 on banker.
    const baccarat = (stakes: { playerBetAmount: number; tieBetAmount: number; bankerBetAmount: number }) =>
      player.call('POST', '/baccarat/bet', { ...stakes, currency: 'USDT' });
    expect((await baccarat({ playerBetAmount: 1, tieBetAmount: 1, bankerBetAmount: 0 })).status).toBe(200);
    expect((await baccarat({ playerBetAmount: 0, tieBetAmount: 0, bankerBetAmount: 2 })).status).toBe(200);

    const games = await read(shared.server.url);
    const mines = gameOf(games, 'Mines');
    expect(mines.bets).toBe(2);
    expect(mines.wageredUsd).toBe(4);
    expect(mines.theoreticalRtp).toBeCloseTo((1 * minesRtp(3, 1) + 3 * minesRtp(24, 1)) / 4, 12);
    const sides = baccaratExactRtp();
    const bac = gameOf(games, 'Baccarat');
    expect(bac.bets).toBe(2);
    expect(bac.wageredUsd).toBe(4);
    expect(bac.theoreticalRtp).toBeCloseTo((sides.player + sides.tie + 2 * sides.banker) / 4, 12);
    // Nothing played, nothing measured: blackjack is untouched by the other games.
    expect(gameOf(games, 'Blackjack').bets).toBe(0);
  });

  it('counts a blackjack round at the rules’ paid ÷ wagered for basic strategy, 99.49%', async () => {
    const player = await fundedPlayer(shared.server, 'USDT');
    const dealt = await player.call('POST', '/blackjack/bet', { betAmount: 1, currency: 'USDT' });
    expect(dealt.status).toBe(200);
    let game = (dealt.body as { game: { gameState: string; activeHandIndex: number } }).game;
    while (game.gameState !== 'GameOver') {
      const stood = await player.call('POST', '/blackjack/stand', { activeHand: game.activeHandIndex });
      expect(stood.status).toBe(200);
      game = (stood.body as { game: typeof game }).game;
    }
    const blackjack = gameOf(await read(shared.server.url), 'Blackjack');
    expect(blackjack.bets).toBe(1);
    expect(blackjack.theoreticalRtp).toBeCloseTo(0.9949, 12);
    // One bet has no spread to measure.
    expect([blackjack.low95, blackjack.high95]).toEqual([null, null]);
  });

  it('counts every one of many bets placed at once, the sums equal to a scan of the bets table', async () => {
    const before = gameOf(await read(shared.server.url), 'Dice').bets;
    const players = await Promise.all(Array.from({ length: 4 }, () => fundedPlayer(shared.server, 'USDT')));
    const replies = await Promise.all(
      players.flatMap((player) => Array.from({ length: 6 }, () => player.call('POST', '/dice/bet', { betAmount: '0.5', currency: 'USDT', chance: 50, target: 'over' }))),
    );
    expect(replies.map((r) => r.status)).toEqual(Array(24).fill(200));
    const dice = gameOf(await read(shared.server.url), 'Dice');
    expect(dice.bets).toBe(before + 24);
    const scan = await shared.server.app.db.get<{ n: number; w: number; p: number }>(
      "SELECT COUNT(*) AS n, SUM(wager_usd_cents) AS w, SUM(payout_usd_cents) AS p FROM bets WHERE game = 'Dice'",
    );
    expect([dice.bets, dice.wageredUsd, dice.paidOutUsd]).toEqual([Number(scan!.n), Number(scan!.w) / 100, Number(scan!.p) / 100]);
  });

  it('leaves the figures as they were when a bet is refused', async () => {
    const before = await read(shared.server.url);
    const player: Player = await fundedPlayer(shared.server, 'USDT');
    const refused = await player.call('POST', '/dice/bet', { betAmount: '5000', currency: 'USDT', chance: 50, target: 'under' });
    expect(refused.status).toBe(400);
    expect(await read(shared.server.url)).toEqual(before);
  });
});

describe('the answer, cached for a second per instance', () => {
  const cacheClock = new StillClock();
  const own = serverPerBlock({}, undefined, { clock: cacheClock });

  it('reads the figures once for every request within the second, and a request after it sees a bet placed meanwhile', async () => {
    const { server } = own;
    const totalsReads = vi.spyOn(server.app.db, 'all');
    const reads = () => totalsReads.mock.calls.filter(([text]) => text.includes('FROM rtp_totals')).length;
    const dice = async () => gameOf(await readNow(server.url), 'Dice').bets;
    try {
      // Twenty viewers at once, then more within the second: one read of the database.
      const first = await Promise.all(Array.from({ length: 20 }, () => readNow(server.url)));
      expect(first.map((games) => gameOf(games, 'Dice').bets)).toEqual(Array(20).fill(0));
      expect(reads()).toBe(1);
      const player = await fundedPlayer(server, 'USDT');
      expect((await player.call('POST', '/dice/bet', { betAmount: '1', currency: 'USDT', chance: 50, target: 'under' })).status).toBe(200);
      cacheClock.time += RTP_CACHE_MS - 1;
      // Still within the second of the first read: the same answer, the bet not in it yet.
      expect(await dice()).toBe(0);
      expect(reads()).toBe(1);
      // A second after that read began, the figures are read again and count the bet.
      cacheClock.time += 1;
      expect(await dice()).toBe(1);
      expect(reads()).toBe(2);
      expect(await dice()).toBe(1);
      expect(reads()).toBe(2);
      // The page asks a second after a bet is announced: no earlier than the cached answer expires.
      expect(RTP_CACHE_MS).toBeLessThanOrEqual(RTP_REFRESH_DELAY_MS);
    } finally {
      totalsReads.mockRestore();
    }
  });
});

describe('the migration of the running sums', () => {
  it('adds the bets already played, at their game’s usual RTP', async () => {
    const test = await openTestDatabase();
    const { db } = test;
    try {
      // A database as it stood before the sums: its tables emptied and migrated up to 419.
      if (db.engine === 'postgres') await db.exec(`DROP SCHEMA ${test.schema ?? 'public'} CASCADE; CREATE SCHEMA ${test.schema ?? 'public'}`);
      else {
        const tables = await db.all<{ name: string }>("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'");
        await db.exec(`PRAGMA foreign_keys = OFF; ${tables.map(({ name }) => `DROP TABLE ${name};`).join(' ')} PRAGMA foreign_keys = ON;`);
      }
      await migrate(db, migrations.filter((m) => m.id < 420));
      await db.run("INSERT INTO currencies (symbol, name, position) VALUES ('USDT', 'Tether', 1)");
      await db.run(
        "INSERT INTO users (id, user_name, user_name_key, email, email_key, password_hash, created_at) VALUES (1, 'ada', 'ada', 'a@example.com', 'a@example.com', 'x', '2026-01-01')",
      );
      const bet = (game: string, wager: number, payout: number) =>
        db.run(
          "INSERT INTO bets (user_id, game, currency, wager, payout, outcome, wager_usd_cents, payout_usd_cents, created_at) VALUES (1, ?, 'USDT', ?, ?, '{}', ?, ?, '2026-01-01')",
          [game, wager * 1_000_000, payout * 1_000_000, wager, payout],
        );
      await bet('Dice', 100, 0);
      await bet('Dice', 300, 594);
      await bet('Baccarat', 200, 390);
      expect(await migrate(db)).toContain(420);
      const rows = await db.all<Record<string, number | bigint>>(
        'SELECT game, bets, wagered, paid, wagered2, paid2, wagered_paid, theoretical FROM rtp_totals ORDER BY game',
      );
      expect(rows.map((row) => Object.fromEntries(Object.entries(row).map(([k, v]) => [k, typeof v === 'bigint' ? Number(v) : v])))).toEqual([
        { game: 'Baccarat', bets: 1, wagered: 200, paid: 390, wagered2: 40_000, paid2: 152_100, wagered_paid: 78_000, theoretical: expect.closeTo(200 * 0.9894, 9) as number },
        { game: 'Dice', bets: 2, wagered: 400, paid: 594, wagered2: 100_000, paid2: 352_836, wagered_paid: 178_200, theoretical: expect.closeTo(400 * 0.9899, 9) as number },
      ]);
    } finally {
      await test.close();
    }
  });
});
