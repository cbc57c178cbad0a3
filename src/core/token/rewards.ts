/**
 * Rewards pools and staking: the share of each bet's expected house edge that feeds the rewards
 * pool of its currency, the unlock fee, and the daily pro-rata payout to stakers.
 * All amounts are base units (bigint); fractions arrive as numbers and are read exactly to 8 decimals.
 */
import { scaleDecimal } from '../money';

const SCALE = 100_000_000n;

const fraction = (value: number, what: string): bigint => {
  if (!Number.isFinite(value) || value < 0 || value > 1) throw new RangeError(`${what} must be a fraction from 0 to 1, got ${value}`);
  return scaleDecimal(value, 8, 'floor');
};

/** share × (wager × houseEdge), floored: what a settled bet moves from the house to the rewards pool. */
export function rewardsShareOf(wager: bigint, houseEdge: number, share: number): bigint {
  if (wager <= 0n) return 0n;
  return (wager * fraction(houseEdge, 'houseEdge') * fraction(share, 'rewards share')) / (SCALE * SCALE);
}

/** The fee burned when unlocking `amount`: amount × rate, floored (never more than the rate). */
export function unlockFeeOf(amount: bigint, rate: number): bigint {
  return (amount * fraction(rate, 'unlock fee')) / SCALE;
}

/** What one daily payout takes out of a rewards pool: pool × share, floored. */
export function dailyPayoutOf(pool: bigint, share: number): bigint {
  return pool > 0n ? (pool * fraction(share, 'daily payout share')) / SCALE : 0n;
}

export interface Stake<K> {
  holder: K;
  stake: bigint;
}

/**
 * Splits `total` between stakers in proportion to their stakes, each share floored, so the sum
 * never exceeds `total`; the remainder (dust) stays in the pool. Holders that get 0 are left out.
 */
export function splitProRata<K>(total: bigint, stakes: readonly Stake<K>[]): { holder: K; amount: bigint }[] {
  const positive = stakes.filter((s) => s.stake > 0n);
  const totalStake = positive.reduce((sum, s) => sum + s.stake, 0n);
  if (total <= 0n || totalStake === 0n) return [];
  return positive.map((s) => ({ holder: s.holder, amount: (total * s.stake) / totalStake })).filter((s) => s.amount > 0n);
}

// ---------------------------------------------------------------------------------------------
// The payout calendar: one payout per UTC day, at 00:00 UTC.

const DAY_MS = 86_400_000;

/** 'YYYY-MM-DD' of the UTC day that `ms` falls in: the key of the payout due at its midnight. */
export function utcDayOf(ms: number): string {
  return new Date(Math.floor(ms / DAY_MS) * DAY_MS).toISOString().slice(0, 10);
}

/** The next 00:00 UTC strictly after `ms`. */
export function nextUtcMidnight(ms: number): number {
  return (Math.floor(ms / DAY_MS) + 1) * DAY_MS;
}

/**
 * The payout due at `nowMs`, or null: the one of today's midnight, unless it already ran. Days missed
 * while the server was down are not paid one by one: the latest missed midnight is caught up once.
 */
export function duePayoutDay(nowMs: number, lastPaidDay: string | null): string | null {
  const today = utcDayOf(nowMs);
  return lastPaidDay !== null && lastPaidDay >= today ? null : today;
}
