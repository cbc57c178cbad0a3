/**
 * Baccarat chip values and faces, from the selected currency's limits and dollar rate.
 *
 * Chips used to be fixed powers of ten in base units, which meant 0.0001 USDT (below every
 * minimum) or about $9.50 of BTC as the first chip. A ladder built from dollar targets gives the
 * same feel in every currency, and clamping to the limits keeps every chip a bet the server takes.
 */
import { DECIMALS, fiatToUnits, unitsToFiatCents } from '../money';

/** Roughly what a player expects on a table: ten cents up to a hundred dollars. */
export const CHIP_DOLLAR_TARGETS: readonly number[] = [0.1, 1, 5, 10, 50, 100];
/** Without a dollar rate the ladder falls back to these multiples of the minimum bet. */
export const CHIP_MIN_BET_MULTIPLES: readonly bigint[] = [1n, 10n, 50n, 100n, 500n, 1_000n];

export interface ChipLadderInput {
  /** Base units (10^-8 coin). */
  minBet: bigint;
  maxBet: bigint;
  /** Dollars per coin; null when unknown. */
  exchangeRate: number | null;
  /** Decimals the currency is counted in (at most 8): every chip is a whole number of its smallest step. */
  decimals?: number;
}

const ceilTo = (units: bigint, step: bigint): bigint => ((units + step - 1n) / step) * step;

/** Rounds up to two significant digits: 1,052 → 1,100; 105 → 110; 10,000,000 stays. */
function roundUpPleasant(units: bigint): bigint {
  const digits = units.toString().length;
  if (digits <= 2) return units;
  return ceilTo(units, 10n ** BigInt(digits - 2));
}

/**
 * The chip values in base units, ascending and distinct: each dollar target converted at the rate
 * (rounded up, so a chip is never worth less than its target), rounded up to two significant
 * digits, raised to minBet, and dropped when above maxBet. Never empty while minBet ≤ maxBet.
 */
export function chipLadder({ minBet, maxBet, exchangeRate, decimals = DECIMALS }: ChipLadderInput): bigint[] {
  if (minBet <= 0n || maxBet < minBet) return minBet > 0n ? [minBet] : [];
  const step = 10n ** BigInt(DECIMALS - Math.min(Math.max(decimals, 0), DECIMALS));
  const hasRate = exchangeRate !== null && Number.isFinite(exchangeRate) && exchangeRate > 0;
  const raw = hasRate
    ? CHIP_DOLLAR_TARGETS.map((dollars) => roundUpPleasant(-fiatToUnits(-dollars, exchangeRate)))
    : CHIP_MIN_BET_MULTIPLES.map((multiple) => minBet * multiple);
  const values = new Set<bigint>();
  for (const units of raw) {
    const value = ceilTo(units < minBet ? minBet : units, step);
    if (value <= maxBet) values.add(value);
  }
  if (values.size === 0) values.add(minBet);
  // Already ascending: the targets (and multiples) ascend, and converting, rounding up and raising to minBet
  // keep their order; the set only drops repeats.
  return [...values];
}

/** The longest coin text that still reads on a chip face. */
const MAX_COIN_FACE = 4;

function compact(whole: bigint): string {
  if (whole >= 1_000_000n && whole % 100_000n === 0n) return `${Number(whole / 100_000n) / 10}M`;
  if (whole >= 1_000n && whole % 100n === 0n) return `${Number(whole / 100n) / 10}K`;
  return whole.toString();
}

/** The coin amount as it reads on a chip ("0.10", "5", "250", "2.5K"), or null when too long. */
function coinFace(units: bigint): string | null {
  const whole = units / 10n ** BigInt(DECIMALS);
  const fraction = units % 10n ** BigInt(DECIMALS);
  if (fraction === 0n) {
    const text = compact(whole);
    return text.length <= MAX_COIN_FACE ? text : null;
  }
  const decimals = fraction.toString().padStart(DECIMALS, '0').replace(/0+$/, '').padEnd(2, '0');
  const text = `${whole.toString()}.${decimals}`;
  return text.length <= MAX_COIN_FACE ? text : null;
}

/**
 * Dollars as they read on a chip, floored to one significant digit since a chip is worth about its
 * target: "10¢" under a dollar, else "$1", "$50", "$100", "$1K".
 */
function dollarFace(units: bigint, exchangeRate: number): string {
  const cents = unitsToFiatCents(units, exchangeRate);
  const scale = 10n ** BigInt(cents.toString().length - 1);
  const rounded = (cents / scale) * scale;
  if (rounded < 100n) return `${rounded.toString()}¢`;
  return `$${compact(rounded / 100n)}`;
}

const validRate = (rate: number | null): rate is number => rate !== null && Number.isFinite(rate) && rate > 0;

/**
 * The faces of a whole ladder, in one unit so the chips compare at a glance: in fiat display their
 * dollar worth; otherwise the coin amounts when each is short enough to read ("0.10", "1", "5" in
 * USDT), else their dollar worth (a BTC chip of 0.000011 reads "$1"; the exact coin amount shows
 * beside the selector). Without a rate, the coin amounts to two significant digits.
 */
export function chipFaces(ladder: readonly bigint[], options: { exchangeRate: number | null; fiat: boolean }): string[] {
  const { exchangeRate, fiat } = options;
  if (fiat && validRate(exchangeRate)) return ladder.map((units) => dollarFace(units, exchangeRate));
  const coins = ladder.map(coinFace);
  if (coins.every((face): face is string => face !== null)) return coins;
  if (validRate(exchangeRate)) return ladder.map((units) => dollarFace(units, exchangeRate));
  return ladder.map((units, i) => coins[i] ?? (Number(units) / 10 ** DECIMALS).toPrecision(2));
}
