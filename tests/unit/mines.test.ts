import { describe, expect, it } from 'vitest';
import { createFloatStream, floatAtFromArray } from '../../src/core/fairness/floats';
import {
  MINES_BOARD_FLOATS,
  MINES_TILES,
  combinations,
  gemsCount,
  minesBoard,
  minesMultiplier,
  minesMultiplierHundredths,
  minesNextProfit,
  minesNextProfitUnits,
  minesPayoutUnits,
  minesProfit,
  minesProfitUnits,
  minesRtp,
  minesTileOrder,
  minesWinProbability,
  tileId,
} from '../../src/core/games/mines';
import { nodeHmacSha256 } from '../../src/server/fairness/hmac';

// Statistical simulations check the return over the randomness; under mutation testing (a slower,
// instrumented run per mutant) they are skipped and the exact tests of the same maths stand in.
const underMutation = process.env.MUTATION_RUN === '1';

/** Boards computed with an independent Python implementation (hmac + exact fractions). */
const BOARDS = [
  {
    serverSeed: '2a97516c354b68848cdbd8f54a226a0a55b21ed138e207ad6c5cbb9c00aa5aea',
    clientSeed: 'abc',
    nonce: 1,
    order: [17, 9, 2, 15, 5, 3, 22, 1, 18, 10, 19, 13, 8, 20, 11, 0, 14, 4, 21, 12, 7, 24, 6, 16, 23],
    mines: { 1: [17], 3: [2, 9, 17], 5: [2, 5, 9, 15, 17] },
  },
  {
    serverSeed: 'b6c5e8e1f7a0a9d4c3b2a1908f7e6d5c4b3a29180f1e2d3c4b5a69788796a5b4',
    clientSeed: 'Kx9fQ2mZ7rLp0aT4vW1y',
    nonce: 0,
    order: [24, 6, 0, 17, 2, 22, 16, 9, 8, 7, 3, 21, 20, 1, 18, 10, 13, 4, 14, 23, 15, 12, 19, 5, 11],
    mines: { 1: [24], 3: [0, 6, 24], 5: [0, 2, 6, 17, 24] },
  },
  {
    serverSeed: '0'.repeat(64),
    clientSeed: 'player-seed:with:colons',
    nonce: 42,
    order: [17, 5, 11, 4, 0, 13, 9, 16, 6, 8, 21, 20, 14, 2, 1, 24, 19, 10, 12, 22, 7, 3, 18, 15, 23],
    mines: { 1: [17], 3: [5, 11, 17], 5: [0, 4, 5, 11, 17] },
  },
];

/** splitmix32-style generator: a fast, seeded source for the player's choices. */
function fastRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x9e3779b9) >>> 0;
    let z = state;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b) >>> 0;
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35) >>> 0;
    return ((z ^ (z >>> 16)) >>> 0) / 2 ** 32;
  };
}

describe('board', () => {
  it('numbers tiles in reading order', () => {
    expect(tileId(0, 0)).toBe(0);
    expect(tileId(1, 0)).toBe(5);
    expect(tileId(4, 4)).toBe(24);
    expect(() => tileId(5, 0)).toThrow(RangeError);
    expect(() => tileId(0, 5)).toThrow(RangeError);
  });

  it.each(BOARDS)('matches the independent vectors for nonce $nonce', (board) => {
    const stream = createFloatStream(nodeHmacSha256, board.serverSeed, board.clientSeed, board.nonce);
    expect(minesTileOrder(stream.at)).toEqual(board.order);
    for (const [count, tiles] of Object.entries(board.mines)) expect(minesBoard(stream.at, Number(count))).toEqual(tiles);
    expect(minesBoard(stream.at, 24)).toEqual(board.order.slice(0, 24).sort((a, b) => a - b));
  });

  it('removes the tile at floor(float × tiles left), reading exactly 24 floats', () => {
    // Hand-worked: 0 takes the first of 25 (tile 0); 0.99 the last of 24 (tile 24); 0.5 → index 11 of 23.
    const floats = [0, 0.99, 0.5, ...Array.from({ length: 21 }, () => 0)];
    const read: number[] = [];
    const order = minesTileOrder((i) => {
      read.push(i);
      return floatAtFromArray(floats)(i);
    });
    expect(order.slice(0, 3)).toEqual([0, 24, 12]);
    expect(order.slice(3)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23]);
    expect(read).toEqual(Array.from({ length: MINES_BOARD_FLOATS }, (_, i) => i));
    expect([...order].sort((a, b) => a - b)).toEqual(Array.from({ length: MINES_TILES }, (_, i) => i));
  });

  it('refuses mines counts outside 1..24', () => {
    const at = floatAtFromArray(Array.from({ length: 24 }, () => 0.5));
    expect(() => minesBoard(at, 0)).toThrow(RangeError);
    expect(() => minesBoard(at, 25)).toThrow(RangeError);
    expect(() => minesBoard(at, 2.5)).toThrow(RangeError);
    expect(gemsCount(3)).toBe(22);
  });
});

describe('multiplier', () => {
  it('uses exact combinations', () => {
    expect(combinations(25, 0)).toBe(1n);
    expect(combinations(25, 12)).toBe(5_200_300n);
    expect(combinations(25, 25)).toBe(1n);
    expect(combinations(5, 6)).toBe(0n);
    expect(combinations(60, 30)).toBe(118_264_581_564_861_424n); // beyond 2^53
  });

  it('is round2(0.99 × C(25, k) / C(25 − m, k)) for every (mines, gems) pair', () => {
    const factorial = (n: number): bigint => (n <= 1 ? 1n : BigInt(n) * factorial(n - 1));
    const choose = (n: number, k: number): bigint => factorial(n) / (factorial(k) * factorial(n - k));
    let pairs = 0;
    for (let m = 1; m <= 24; m++) {
      for (let k = 1; k <= 25 - m; k++) {
        // Hundredths = 99 × C(25,k) / C(25−m,k), rounded half up, independently with factorials.
        const num = 99n * choose(25, k);
        const den = choose(25 - m, k);
        const floor = num / den;
        const expected = (num % den) * 2n >= den ? floor + 1n : floor;
        expect(minesMultiplierHundredths(m, k)).toBe(expected);
        pairs++;
      }
    }
    expect(pairs).toBe(300);
  });

  it('matches well-known table values', () => {
    expect(minesMultiplier(1, 1)).toBe(1.03); // 0.99 × 25/24 = 1.03125
    expect(minesMultiplier(3, 1)).toBe(1.13); // 0.99 × 25/22 = 1.125 → half up
    expect(minesMultiplier(3, 5)).toBe(2.0); // 0.99 × 53130/26334 = 1.9974…
    expect(minesMultiplier(24, 1)).toBe(24.75);
    expect(minesMultiplier(1, 24)).toBe(24.75);
    expect(minesMultiplier(12, 13)).toBe(5_148_297); // 0.99 × C(25,13) / 1
    expect(minesMultiplier(5, 0)).toBe(1);
    expect(() => minesMultiplierHundredths(5, 21)).toThrow(RangeError);
  });

  it('keeps every cash-out point at 99% RTP up to the 2-decimal rounding', () => {
    for (let m = 1; m <= 24; m++) {
      for (let k = 1; k <= 25 - m; k++) {
        const p = minesWinProbability(m, k);
        expect(Math.abs(minesRtp(m, k) - 0.99)).toBeLessThanOrEqual(0.005 * p + 1e-12);
      }
    }
  });
});

describe('payout', () => {
  it('pays bet × multiplier floored, with the profit capped at maxPayout', () => {
    const noCap = 10n ** 18n;
    expect(minesPayoutUnits(100_000_000n, 3, 5, noCap)).toBe(200_000_000n);
    expect(minesPayoutUnits(7n, 1, 1, noCap)).toBe(7n); // 7 × 1.03 = 7.21 → 7
    expect(minesProfitUnits(1_000n, 24, 1, noCap)).toBe(23_750n);
    expect(minesProfitUnits(1_000n, 24, 1, 5_000n)).toBe(5_000n);
    expect(minesPayoutUnits(1_000n, 24, 1, 5_000n)).toBe(6_000n);
    expect(minesProfitUnits(10n ** 15n, 12, 13, 10n ** 30n)).toBe(10n ** 15n * 5_148_297n - 10n ** 15n);
  });

  it('gives the next profit, capped, and null once every gem is found', () => {
    expect(minesNextProfitUnits(1_000n, 3, 0, 10n ** 9n)).toBe(130n);
    expect(minesNextProfitUnits(1_000n, 24, 0, 500n)).toBe(500n);
    expect(minesNextProfitUnits(1_000n, 24, 1, 500n)).toBeNull();
    expect(minesNextProfit(0.001, 3, 4, 1)).toBe(0.001); // 0.001 × 2.00 − 0.001
    expect(minesNextProfit(1, 1, 23, 10)).toBe(10); // 24.75× capped
    expect(minesProfit(0.1, 3, 1, 1)).toBe(0.013);
  });
});

describe('simulation', () => {
  it.skipIf(underMutation)('returns 99% over 200,000 games with random cash-out points, within 4 standard errors', () => {
    // Cash-out points are drawn uniformly among the (mines, gems) pairs paying at most 25×:
    // the rare 5,000,000× points would make any finite sample's error bar meaningless. These 145
    // pairs still cover every mines count 1..24.
    const points: Array<{ mines: number; gems: number }> = [];
    for (let m = 1; m <= 24; m++) for (let k = 1; k <= 25 - m; k++) if (minesMultiplier(m, k) <= 25) points.push({ mines: m, gems: k });
    expect(new Set(points.map((p) => p.mines)).size).toBe(24);

    let expected = 0;
    let expectedSquare = 0;
    for (const { mines, gems } of points) {
      const p = minesWinProbability(mines, gems);
      const multiplier = minesMultiplier(mines, gems);
      expected += (p * multiplier) / points.length;
      expectedSquare += (p * multiplier ** 2) / points.length;
    }

    const GAMES = 200_000;
    const bet = 100_000_000n;
    const noCap = 10n ** 18n;
    const random = fastRandom(2024);
    const firstRemoved = new Float64Array(MINES_TILES);
    let returned = 0n;
    for (let game = 0; game < GAMES; game++) {
      const point = points[Math.floor(random() * points.length)] ?? points[0]!;
      const stream = createFloatStream(nodeHmacSha256, BOARDS[0]!.serverSeed, 'mines-rtp', game);
      const order = minesTileOrder(stream.at);
      firstRemoved[order[0]!]!++;
      const mines = new Set(order.slice(0, point.mines));
      // The player's picks follow a pattern that ignores the board, so a board biased towards
      // some tiles would show up as a wrong return: tiles start, start + 7, start + 14, … (mod 25).
      const start = game % MINES_TILES;
      let safe = true;
      for (let j = 0; j < point.gems && safe; j++) safe = !mines.has((start + 7 * j) % MINES_TILES);
      if (safe) returned += minesPayoutUnits(bet, point.mines, point.gems, noCap);
    }
    const measured = Number(returned) / Number(bet) / GAMES;
    const standardError = Math.sqrt((expectedSquare - expected ** 2) / GAMES);
    expect(standardError).toBeLessThan(0.01);
    expect(Math.abs(expected - 0.99)).toBeLessThan(0.001);
    expect(Math.abs(measured - expected)).toBeLessThan(4 * standardError);

    // The first tile removed (the single mine of a 1-mine game) is uniform over the 25 tiles.
    const cell = GAMES / MINES_TILES;
    const chi2 = [...firstRemoved].reduce((sum, count) => sum + (count - cell) ** 2 / cell, 0);
    expect(chi2).toBeLessThan(51.2); // df = 24, P(chi2 > 51.2) ≈ 0.001
    // (Timeout below: 200,000 HMAC streams take about 5 s alone on two cores, more beside other test files.)
  }, 30_000);
});
