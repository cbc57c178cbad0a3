import type { PlayerStats, StatsTotals } from '../contracts/casino';
import { scaleDecimal, unitsToDecimalString } from '../units';

/**
 * The live statistics panel's arithmetic (issue 20), exact in base units: a settled bet of the
 * player's added to the figures the server gave, and the profit curve the chart draws.
 */

/** How many bets the chart keeps, as the server sends them (RECENT_BETS). */
export const CHART_BETS = 100;

const units = (coins: number | string): bigint => scaleDecimal(coins, 8, 'halfUp');

export interface SettledOwnBet {
  wager: number;
  payout: number;
}

function addTo(totals: StatsTotals, wager: bigint, profit: bigint): StatsTotals {
  return {
    bets: totals.bets + 1,
    wagered: unitsToDecimalString(units(totals.wagered) + wager),
    profit: unitsToDecimalString(units(totals.profit) + profit),
    wins: totals.wins + (profit > 0n ? 1 : 0),
    losses: totals.losses + (profit < 0n ? 1 : 0),
  };
}

/** The figures after one more bet of the player's in their currency: both this session and all time. */
export function addBetToStats(stats: PlayerStats, bet: SettledOwnBet): PlayerStats {
  const wager = units(bet.wager);
  const profit = units(bet.payout) - wager;
  return {
    ...stats,
    session: addTo(stats.session, wager, profit),
    allTime: addTo(stats.allTime, wager, profit),
    recent: [...stats.recent, unitsToDecimalString(profit)].slice(-CHART_BETS),
  };
}

/** The running profit after each bet, starting from 0 before the first: what the chart draws. */
export function profitCurve(recent: readonly string[]): number[] {
  let total = 0n;
  const points = [0];
  for (const profit of recent) {
    total += units(profit);
    points.push(Number(unitsToDecimalString(total)));
  }
  return points;
}

export interface ChartGeometry {
  /** SVG path of the curve, in a `width` × `height` box. */
  line: string;
  /** The y of profit 0. */
  zeroY: number;
  /** Where the curve ends: above (gain) or below (loss) zero. */
  ending: 'gain' | 'loss' | 'even';
}

/** The curve scaled into a box, zero always in view; one bet is one step along x. */
export function chartGeometry(points: readonly number[], width: number, height: number, padding = 6): ChartGeometry {
  const max = Math.max(0, ...points);
  const min = Math.min(0, ...points);
  const span = max - min || 1;
  const y = (value: number) => padding + ((max - value) / span) * (height - 2 * padding);
  const step = points.length > 1 ? width / (points.length - 1) : 0;
  const line = points.map((value, i) => `${i === 0 ? 'M' : 'L'}${(i * step).toFixed(2)},${y(value).toFixed(2)}`).join(' ');
  const last = points[points.length - 1] ?? 0;
  return { line, zeroY: Number(y(0).toFixed(2)), ending: last > 0 ? 'gain' : last < 0 ? 'loss' : 'even' };
}
