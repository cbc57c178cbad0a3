import { baccaratExactRtp } from '../games/baccarat';
import type { BaccaratBets } from '../games/baccarat';
import { diceRtp } from '../games/dice';
import { gemsCount, minesRtp } from '../games/mines';

/**
 * The measured return to player (issue 23, docs/fairness.md "The RTP we really paid"): what a game
 * should return by its rules for the bets really played, and what it did return, with a 95% interval.
 * Pure: the server keeps the running sums, the page draws the figures.
 */

/**
 * Blackjack: total paid ÷ total wagered (doubles and splits in the wagered) for a player following
 * basic strategy, computed exactly over the infinite deck (docs/blackjack.md "Return to player";
 * basicStrategyExpectation().returnPerUnitWagered = 0.99494, a unit test checks the two agree). The
 * measured figure is paid ÷ wagered too, so this, not the 99.43% per initial bet, is its yardstick.
 */
export const BLACKJACK_THEORETICAL_RTP = 0.9949;

/** Dice pays round4(99/c) on 100·c of 10,001 rolls: its RTP depends on the chance played. */
export function diceTheoreticalRtp(chance: number): number {
  return diceRtp(chance);
}

/**
 * Mines: round2(0.99 × C(25,k)/C(25−m,k)) paid with probability C(25−m,k)/C(25,k), so the RTP
 * depends on the mine count m and on how many gems k the player went for. A cash-out tells k; a
 * mine hit on pick j+1 tells that the player went for at least j+1 gems, and j+1 is taken.
 */
export function minesTheoreticalRtp(minesCount: number, gemsFound: number, hitMine: boolean): number {
  const wanted = Math.min(gemsCount(minesCount), hitMine ? gemsFound + 1 : Math.max(1, gemsFound));
  return minesRtp(minesCount, wanted);
}

let baccaratSides: ReturnType<typeof baccaratExactRtp> | null = null;

/** Baccarat: each side's exact RTP (infinite deck), weighted by what was staked on it. */
export function baccaratTheoreticalRtp(bets: BaccaratBets): number {
  const total = bets.player + bets.banker + bets.tie;
  if (total <= 0n) return 0;
  baccaratSides ??= baccaratExactRtp();
  const sides = baccaratSides;
  return (Number(bets.player) * sides.player + Number(bets.banker) * sides.banker + Number(bets.tie) * sides.tie) / Number(total);
}

/** The running sums of one game, in US cents as the bets table holds them (wager_usd_cents, payout_usd_cents). */
export interface RtpSums {
  bets: number;
  wagered: number;
  paid: number;
  /** Σ wager², Σ payout², Σ wager·payout (cents²), for the variance. */
  wagered2: number;
  paid2: number;
  wageredPaid: number;
  /** Σ wager × the bet's theoretical RTP (cents). */
  theoretical: number;
}

export interface RtpEstimate {
  rtp: number | null;
  theoreticalRtp: number | null;
  low95: number | null;
  high95: number | null;
}

/** 1.96: the normal quantile of a two-sided 95% interval. */
export const Z95 = 1.959963984540054;

/**
 * The ratio estimator R = Σpayout / Σwager and its 95% interval by the delta method:
 * Var(R) ≈ n/(n−1) · Σ(payout − R·wager)² / (Σwager)², where Σ(p − Rw)² = Σp² − 2RΣwp + R²Σw².
 * No wager, no figure; fewer than two bets, no interval (one bet has no spread to measure).
 */
export function rtpEstimate(sums: RtpSums): RtpEstimate {
  if (sums.wagered <= 0) return { rtp: null, theoreticalRtp: null, low95: null, high95: null };
  const rtp = sums.paid / sums.wagered;
  const theoreticalRtp = sums.theoretical / sums.wagered;
  if (sums.bets < 2) return { rtp, theoreticalRtp, low95: null, high95: null };
  const residual = Math.max(0, sums.paid2 - 2 * rtp * sums.wageredPaid + rtp * rtp * sums.wagered2);
  const se = Math.sqrt(((sums.bets / (sums.bets - 1)) * residual) / (sums.wagered * sums.wagered));
  return { rtp, theoreticalRtp, low95: Math.max(0, rtp - Z95 * se), high95: rtp + Z95 * se };
}

/** The sums of one bet: what the server adds to its game's running totals in the bet's transaction. */
export function betSums(wagerCents: number, payoutCents: number, theoreticalRtp: number): RtpSums {
  return {
    bets: 1,
    wagered: wagerCents,
    paid: payoutCents,
    wagered2: wagerCents * wagerCents,
    paid2: payoutCents * payoutCents,
    wageredPaid: wagerCents * payoutCents,
    theoretical: wagerCents * theoreticalRtp,
  };
}

/** A point of the chart: the RTP of the window's first `bets` bets. */
export interface RtpPoint {
  bets: number;
  rtp: number;
}

export const RTP_CHART_POINTS = 50;

/**
 * The cumulative RTP along the last bets (oldest first, in cents), at most `points` points evenly
 * spaced, the last one always the whole window. A stretch with nothing wagered yet has no point.
 */
export function cumulativeRtp(bets: ReadonlyArray<{ wager: number; payout: number }>, points = RTP_CHART_POINTS): RtpPoint[] {
  const step = Math.max(1, Math.ceil(bets.length / points));
  const out: RtpPoint[] = [];
  let wagered = 0;
  let paid = 0;
  bets.forEach((bet, i) => {
    wagered += bet.wager;
    paid += bet.payout;
    const n = i + 1;
    if ((n % step === 0 || n === bets.length) && wagered > 0) out.push({ bets: n, rtp: paid / wagered });
  });
  return out;
}

export interface RtpChartGeometry {
  /** SVG path of the measured RTP along the window, in a `width` × `height` box. */
  line: string;
  /** The y of the theoretical RTP; null when there is none. */
  theoreticalY: number | null;
  /** The RTP at the top and at the bottom of the box, for the axis labels. */
  top: number;
  bottom: number;
  /** The y of the first point (a lone point is drawn as a dot). */
  firstY: number;
}

/**
 * The chart of the measured page: the cumulative RTP against the theoretical line, x by bets, y
 * spanning both with a margin, never less than 10 points of RTP so a steady game does not look wild.
 */
export function rtpChartGeometry(points: readonly RtpPoint[], theoretical: number | null, width: number, height: number, padding = 8): RtpChartGeometry {
  const values = [...points.map((p) => p.rtp), ...(theoretical === null ? [] : [theoretical])];
  let top = Math.max(...values, 1);
  let bottom = Math.min(...values, 1);
  const span = top - bottom;
  const margin = Math.max(span * 0.1, (0.1 - span) / 2, 0);
  top += margin;
  bottom = Math.max(0, bottom - margin);
  const y = (value: number) => padding + ((top - value) / (top - bottom || 1)) * (height - 2 * padding);
  const last = points.at(-1)?.bets ?? 1;
  const x = (bets: number) => (points.length > 1 ? ((bets - points[0]!.bets) / (last - points[0]!.bets || 1)) * width : width / 2);
  const line = points.map((p, i) => `${i === 0 ? 'M' : 'L'}${x(p.bets).toFixed(2)},${y(p.rtp).toFixed(2)}`).join(' ');
  const firstY = points.length ? Number(y(points[0]!.rtp).toFixed(2)) : height / 2;
  return { line, theoreticalY: theoretical === null ? null : Number(y(theoretical).toFixed(2)), top, bottom, firstY };
}
