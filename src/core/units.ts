/**
 * Money in base units, the part of src/core/money.ts that the first page's machines use (the wallet,
 * the bets feed): the exact conversions between coin amounts, base units and cents, and their display.
 * Import from money.ts, which re-exports all of it; a file of its own so that the parsing of what
 * people type (money.ts) loads with the screens that parse, not with the first page. The rules of
 * money.ts's header hold here.
 */

export const DECIMALS = 8;
export const BASE_UNITS = 100_000_000n;
/**
 * 9,999,999.99999999 coins: the largest amount with 15 significant digits, so it survives a
 * JSON number unchanged. parseAmount refuses anything larger.
 */
export const MAX_AMOUNT_UNITS = 10n ** 15n - 1n;

export type Rounding = 'floor' | 'ceil' | 'halfUp';

/** value = coefficient × 10^exponent, coefficient signed. */
interface ExactDecimal {
  coefficient: bigint;
  exponent: number;
}

const CANONICAL_DECIMAL = /^([+-])?(\d*)(?:\.(\d*))?(?:[eE]([+-]?\d+))?$/;

function parseExactDecimal(text: string): ExactDecimal | null {
  const match = CANONICAL_DECIMAL.exec(text.trim());
  if (!match) return null;
  const [, sign, intPart = '', fracPart = '', exp] = match;
  if (intPart === '' && fracPart === '') return null;
  const magnitude = BigInt(intPart + fracPart || '0');
  return {
    coefficient: sign === '-' ? -magnitude : magnitude,
    exponent: Number(exp ?? 0) - fracPart.length,
  };
}

function toExactDecimal(value: number | string): ExactDecimal {
  if (typeof value === 'number' && !Number.isFinite(value)) throw new RangeError(`amount must be a finite number, got ${value}`);
  // String(number) is the shortest text that reads back as the same double, e.g. 0.3 -> "0.3", 1e-7 -> "1e-7".
  const decimal = parseExactDecimal(String(value));
  if (!decimal) throw new RangeError(`not a decimal number: ${JSON.stringify(value)}`);
  return decimal;
}

// Every divisor here is positive (a power of ten, or a rate checked by assertRate), so only the
// dividend's sign decides which way bigint division, which truncates, must be corrected.
function floorDiv(n: bigint, d: bigint): bigint {
  const q = n / d;
  return n % d !== 0n && n < 0n ? q - 1n : q;
}

/** Shared with money.ts's parsing (not re-exported there). */
export function divide(n: bigint, d: bigint, rounding: Rounding): bigint {
  if (rounding === 'floor') return floorDiv(n, d);
  if (rounding === 'ceil') return -floorDiv(-n, d);
  return floorDiv(2n * n + d, 2n * d);
}

/** 10^0 .. 10^38, computed once: every conversion asks for a power of ten, a bet several times. */
const POWERS_OF_TEN: readonly bigint[] = Array.from({ length: 39 }, (_, k) => 10n ** BigInt(k));

/** Shared with money.ts's parsing (not re-exported there). */
export const pow10 = (k: number): bigint => POWERS_OF_TEN[k] ?? 10n ** BigInt(k);

/** numerator × 10^shift / denominator, rounded. */
function scaledQuotient(numerator: bigint, denominator: bigint, shift: number, rounding: Rounding): bigint {
  return shift >= 0 ? divide(numerator * pow10(shift), denominator, rounding) : divide(numerator, denominator * pow10(-shift), rounding);
}

/** The decimal value × 10^decimals as an integer, rounded. */
export function scaleDecimal(value: number | string, decimals: number, rounding: Rounding): bigint {
  const { coefficient, exponent } = toExactDecimal(value);
  return scaledQuotient(coefficient, 1n, exponent + decimals, rounding);
}

/**
 * Wire amount (coin units, number or decimal string) -> base units, exactly.
 * Throws RangeError when it is not a finite decimal or has more than 8 significant decimals.
 */
export function decimalToUnits(value: number | string): bigint {
  const floored = scaleDecimal(value, DECIMALS, 'floor');
  if (floored !== scaleDecimal(value, DECIMALS, 'ceil')) throw new RangeError(`amount has more than ${DECIMALS} decimals: ${String(value)}`);
  return floored;
}

/** Coin amount -> base units, floored; for amounts computed in floats (never for wire input). */
export function toUnitsFloor(value: number | string): bigint {
  return scaleDecimal(value, DECIMALS, 'floor');
}

const SAFE_UNITS = BigInt(Number.MAX_SAFE_INTEGER);

/**
 * Base units -> coin amount as a number (what goes on the wire): the double nearest the decimal
 * amount, as reading its exact text would give. Up to 2^53 − 1 units (every amount a bet can move)
 * the units and 10^8 are exact doubles and IEEE division rounds their exact quotient to the nearest
 * double, which is that very number, without building the text.
 */
export function unitsToNumber(units: bigint): number {
  if (units <= SAFE_UNITS && units >= -SAFE_UNITS) return Number(units) / 1e8;
  return Number(unitsToDecimalString(units, DECIMALS));
}

function groupThousands(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** Shared with money.ts's parsing (not re-exported there). */
export function formatScaled(scaled: bigint, decimals: number, grouping: boolean): string {
  const negative = scaled < 0n;
  const digits = (negative ? -scaled : scaled).toString().padStart(decimals + 1, '0');
  const intDigits = digits.slice(0, digits.length - decimals);
  const text = (grouping ? groupThousands(intDigits) : intDigits) + (decimals > 0 ? `.${digits.slice(-decimals)}` : '');
  return negative ? `-${text}` : text;
}

/** Base units as a decimal string with exactly `decimals` (0..8) decimals, floored. */
export function unitsToDecimalString(units: bigint, decimals: number = DECIMALS): string {
  if (!Number.isInteger(decimals) || decimals < 0 || decimals > DECIMALS) throw new RangeError(`decimals must be 0..${DECIMALS}`);
  return formatScaled(floorDiv(units, pow10(DECIMALS - decimals)), decimals, false);
}

const asUnitsFloor = (amount: bigint | number): bigint => (typeof amount === 'bigint' ? amount : toUnitsFloor(amount));

/** docs/product.md §9: balances with 8 decimals, floored ("0.00012345"). bigint = base units, number = coins. */
export function formatCrypto(amount: bigint | number): string {
  return unitsToDecimalString(asUnitsFloor(amount), DECIMALS);
}

/** docs/product.md §9: staking wallet balances with 3 decimals, floored. bigint = base units, number = coins. */
export function formatStaking(amount: bigint | number): string {
  return unitsToDecimalString(asUnitsFloor(amount), 3);
}

/** docs/product.md §9: "$1,234.56": 2 decimals floored, thousands separators, "-$5.00" below zero. */
export function formatFiat(dollars: number): string {
  return formatCents(scaleDecimal(dollars, 2, 'floor'));
}

export function formatCents(cents: bigint): string {
  const text = formatScaled(cents < 0n ? -cents : cents, 2, true);
  return cents < 0n ? `-$${text}` : `$${text}`;
}

function assertRate(rate: number): ExactDecimal {
  const decimal = toExactDecimal(rate);
  if (decimal.coefficient <= 0n) throw new RangeError(`exchange rate must be positive, got ${rate}`);
  return decimal;
}

/** Base units -> dollar cents at `rate` dollars per coin (floored unless told otherwise). */
export function unitsToFiatCents(units: bigint, rate: number, rounding: Rounding = 'floor'): bigint {
  const r = assertRate(rate);
  return scaledQuotient(units * r.coefficient, 1n, r.exponent + 2 - DECIMALS, rounding);
}

/** Coin amount (bigint = base units, number = coins) -> dollars, floored to the cent. */
export function cryptoToFiat(amount: bigint | number, rate: number): number {
  const units = typeof amount === 'bigint' ? amount : scaleDecimal(amount, DECIMALS, 'floor');
  return Number(unitsToFiatCents(units, rate)) / 100;
}

/** Dollars -> base units at `rate` dollars per coin, floored: never more crypto than the dollars typed. */
export function fiatToUnits(dollars: number | string, rate: number): bigint {
  const d = toExactDecimal(dollars);
  const r = assertRate(rate);
  return scaledQuotient(d.coefficient, r.coefficient, d.exponent + DECIMALS - r.exponent, 'floor');
}

/** Dollars -> coins (number) at `rate`, floored to the base unit. */
export function fiatToCrypto(dollars: number | string, rate: number): number {
  return unitsToNumber(fiatToUnits(dollars, rate));
}
