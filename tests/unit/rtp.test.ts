import { describe, expect, it } from 'vitest';
import {
  BLACKJACK_THEORETICAL_RTP,
  baccaratTheoreticalRtp,
  betSums,
  cumulativeRtp,
  diceTheoreticalRtp,
  minesTheoreticalRtp,
  rtpChartGeometry,
  rtpEstimate,
} from '../../src/core/bets/rtp';
import type { RtpSums } from '../../src/core/bets/rtp';
import { baccaratExactRtp } from '../../src/core/games/baccarat';
import { basicStrategyExpectation } from '../../src/core/games/blackjackStrategy';

/** Issue 23: the measured RTP's statistics (docs/fairness.md "The RTP we really paid"). */

const add = (a: RtpSums, b: RtpSums): RtpSums => ({
  bets: a.bets + b.bets,
  wagered: a.wagered + b.wagered,
  paid: a.paid + b.paid,
  wagered2: a.wagered2 + b.wagered2,
  paid2: a.paid2 + b.paid2,
  wageredPaid: a.wageredPaid + b.wageredPaid,
  theoretical: a.theoretical + b.theoretical,
});

describe('the measured RTP', () => {
  it('is paid ÷ wagered with a delta-method 95% interval, worked by hand for three bets', () => {
    // $1 lost, $2 paid 1.98×, $1 paid 1.98×: R = 594 / 400 = 1.485; residuals −148.5, 99, 49.5;
    // Σr² = 34,303.5; × 3/2 ÷ 400² = 0.3215953; se = 0.5670937.
    const sums = [betSums(100, 0, 0.99), betSums(200, 396, 0.98), betSums(100, 198, 0.5)].reduce(add);
    const estimate = rtpEstimate(sums);
    expect(estimate.rtp).toBe(1.485);
    expect(estimate.theoreticalRtp).toBeCloseTo(0.8625, 12);
    expect(estimate.low95).toBeCloseTo(0.3735166893304207, 12);
    expect(estimate.high95).toBeCloseTo(2.5964833106695795, 12);
  });

  it('has no figure before anything is wagered and no interval below two bets; the low end never goes under 0', () => {
    expect(rtpEstimate(betSums(0, 0, 0.99))).toEqual({ rtp: null, theoreticalRtp: null, low95: null, high95: null });
    expect(rtpEstimate(betSums(100, 200, 0.99))).toEqual({ rtp: 2, theoreticalRtp: 0.99, low95: null, high95: null });
    const spread = rtpEstimate(add(betSums(100, 0, 0.99), betSums(100, 10_000, 0.99)));
    expect(spread.low95).toBe(0);
    expect(spread.high95).toBeGreaterThan(50);
  });

  it('narrows as bets of the same kind pile up', () => {
    let few = betSums(100, 198, 0.99);
    for (let i = 0; i < 9; i++) few = add(few, betSums(100, i % 2 ? 198 : 0, 0.99));
    let many = few;
    for (let i = 0; i < 90; i++) many = add(many, betSums(100, i % 2 ? 198 : 0, 0.99));
    const width = (s: RtpSums) => rtpEstimate(s).high95! - rtpEstimate(s).low95!;
    expect(width(many)).toBeLessThan(width(few) / 2.5);
  });
});

describe("the rules' RTP of a bet as played", () => {
  it('dice: 100·c of 10,001 rolls paying round4(99/c)', () => {
    expect(diceTheoreticalRtp(50)).toBeCloseTo((5000 * 1.98) / 10001, 12);
    expect(diceTheoreticalRtp(33)).toBeCloseTo((3300 * 3) / 10001, 12);
  });

  it('mines: the gems cashed out, or the pick that hit a mine', () => {
    // 1 mine, 1 gem: pays round2(0.99 × 25/24) = 1.03 with chance 24/25.
    expect(minesTheoreticalRtp(1, 1, false)).toBeCloseTo((24 / 25) * 1.03, 12);
    // A mine on the first pick was a bet on one gem; on the third, on three.
    expect(minesTheoreticalRtp(1, 0, true)).toBe(minesTheoreticalRtp(1, 1, false));
    expect(minesTheoreticalRtp(3, 2, true)).toBe(minesTheoreticalRtp(3, 3, false));
    // 24 mines, 1 gem: 24.75× with chance 1/25, exactly 0.99.
    expect(minesTheoreticalRtp(24, 1, false)).toBeCloseTo(0.99, 12);
  });

  it('baccarat: each side at its exact RTP, weighted by its stake', () => {
    const sides = baccaratExactRtp();
    expect(baccaratTheoreticalRtp({ player: 1n, tie: 0n, banker: 0n })).toBe(sides.player);
    expect(baccaratTheoreticalRtp({ player: 0n, tie: 1n, banker: 3n })).toBeCloseTo((sides.tie + 3 * sides.banker) / 4, 12);
    expect(baccaratTheoreticalRtp({ player: 0n, tie: 0n, banker: 0n })).toBe(0);
  });

  it("blackjack: basic strategy's paid ÷ wagered, doubles and splits included", () => {
    expect(BLACKJACK_THEORETICAL_RTP).toBeCloseTo(basicStrategyExpectation().returnPerUnitWagered, 4);
  });
});

describe("the chart's cumulative RTP", () => {
  it('walks the window oldest first, at most the given points, the last one the whole window', () => {
    const bets = [
      { wager: 0, payout: 0 },
      { wager: 100, payout: 0 },
      { wager: 100, payout: 200 },
      { wager: 100, payout: 150 },
    ];
    expect(cumulativeRtp(bets)).toEqual([
      { bets: 2, rtp: 0 },
      { bets: 3, rtp: 1 },
      { bets: 4, rtp: 350 / 300 },
    ]);
    expect(cumulativeRtp(bets, 2)).toEqual([
      { bets: 2, rtp: 0 },
      { bets: 4, rtp: 350 / 300 },
    ]);
    const long = Array.from({ length: 1000 }, (_, i) => ({ wager: 100, payout: i % 2 ? 198 : 0 }));
    const points = cumulativeRtp(long);
    expect(points).toHaveLength(50);
    expect(points.at(-1)).toEqual({ bets: 1000, rtp: 0.99 });
    expect(cumulativeRtp([])).toEqual([]);
  });
});

describe("the chart's geometry", () => {
  it('spans the measured points and the theoretical line, at least 10 points of RTP, x by bets', () => {
    const g = rtpChartGeometry(
      [
        { bets: 10, rtp: 0.5 },
        { bets: 20, rtp: 1.5 },
        { bets: 30, rtp: 1 },
      ],
      0.99,
      300,
      120,
      0,
    );
    expect(g.top).toBeCloseTo(1.6, 12);
    expect(g.bottom).toBeCloseTo(0.4, 12);
    expect(g.line).toBe('M0.00,110.00 L150.00,10.00 L300.00,60.00');
    expect(g.theoreticalY).toBe(61);
    const steady = rtpChartGeometry([{ bets: 5, rtp: 0.99 }], 0.99, 300, 120, 0);
    expect(steady.top - steady.bottom).toBeCloseTo(0.1, 12);
    // 100% (break-even) is always in view: 0.945 … 1.045.
    expect(steady.line).toBe('M150.00,66.00');
    expect(steady.firstY).toBe(66);
    expect(rtpChartGeometry([], null, 300, 120).theoreticalY).toBeNull();
  });
});
