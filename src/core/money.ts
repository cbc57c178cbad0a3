/**
 * Money: amounts are integers of base units (10^-8 of a coin) held as bigint on the server;
 * the browser holds plain numbers in coin units and converts through the exact helpers here.
 *
 * Wire format. An amount travels in JSON as a number in coin units with at most 8 decimals
 * (e.g. 0.000001 for 100 units). The sender makes it with unitsToNumber; the receiver turns it
 * back with decimalToUnits, which reads the number's shortest round-trip decimal text
 * (String(n)) and never multiplies a float. This is exact for every amount below
 * MAX_AMOUNT_UNITS (at most 15 significant digits, which a double always round-trips). A currency
 * that needs bigger amounts must switch those fields to decimal strings; decimalToUnits already
 * accepts them.
 *
 * Type convention of the formatters: a bigint is base units, a number is coin units.
 *
 * Rounding rules:
 * - Crypto display (formatCrypto, formatStaking, unitsToDecimalString) floors: a balance is never
 *   shown larger than it is.
 * - Crypto -> fiat floors to the cent (cryptoToFiat, formatFiat), except where a lower bound is
 *   quoted (unitsToFiatCents with 'ceil'), so "greater than $X" can always be satisfied by $X.
 * - Fiat -> crypto (fiatToUnits) floors to the base unit: a bet entered in dollars never stakes
 *   more than the dollars typed.
 */

export {
  BASE_UNITS,
  DECIMALS,
  MAX_AMOUNT_UNITS,
  cryptoToFiat,
  decimalToUnits,
  fiatToCrypto,
  fiatToUnits,
  formatCents,
  formatCrypto,
  formatFiat,
  formatStaking,
  scaleDecimal,
  toUnitsFloor,
  unitsToDecimalString,
  unitsToFiatCents,
  unitsToNumber,
} from './units';
export type { Rounding } from './units';
import { DECIMALS, MAX_AMOUNT_UNITS, divide, formatScaled, pow10, scaleDecimal } from './units';

// ---------------------------------------------------------------------------------------------
// Parsing what people type

export const AMOUNT_MESSAGES = {
  empty: 'Enter an amount',
  notANumber: 'Amount must be a number',
  negative: 'Amount cannot be negative',
  tooManyDecimals: (decimals: number) => `Amount can have at most ${decimals} decimals`,
  tooLarge: (max: string) => `Amount must be at most ${max}`,
} as const;

export type ParsedAmount =
  | {
      ok: true;
      /** The amount × 10^decimals: base units for the default 8 decimals, cents for 2. */
      units: bigint;
      /** Plain decimal text without separators, e.g. "1000.5". */
      canonical: string;
      value: number;
    }
  | { ok: false; error: string };

export interface ParseAmountOptions {
  /** Decimals allowed: 8 for crypto (default), 2 for an amount typed in fiat display. */
  decimals?: number;
  /** Largest accepted amount in the same units as the result; default MAX_AMOUNT_UNITS rescaled. */
  maxUnits?: bigint;
}

const GROUP_SPACES = /[\s\u00a0\u202f\u2009]/g;

/**
 * Reads an amount as people type it. The rules, in order:
 * - Surrounding spaces are ignored; spaces inside (also NBSP and thin spaces) only group thousands.
 * - A leading '+' is allowed; a leading '-' or '−' is "cannot be negative".
 * - With both '.' and ',' present, the last one is the decimal point and the other groups
 *   thousands: "1,000.5" and "1.000,5" are both 1000.5.
 * - Only '.': one dot is the decimal point (".5", "5.", "1.000" = 1); several dots group thousands.
 * - Only ',': several commas group thousands ("1,000,000"). A single comma is a decimal comma
 *   ("0,5", "12,34", "1234,5") unless it is unambiguously a thousands comma, i.e. exactly three
 *   digits follow it and one to three digits not starting with 0 precede it: "1,000" = 1000,
 *   "0,500" = 0.5. English-style grouping wins the ambiguous case because the UI is English.
 * - Thousands groups must be well formed: 1-3 digits, then groups of exactly 3.
 * - Trailing zeros after the point don't count as decimals ("0.500000000" is fine); more than
 *   `decimals` significant decimals is refused rather than silently rounded.
 */
export function parseAmount(text: string, options: ParseAmountOptions = {}): ParsedAmount {
  const decimals = options.decimals ?? DECIMALS;
  const maxUnits = options.maxUnits ?? (decimals <= DECIMALS ? MAX_AMOUNT_UNITS / pow10(DECIMALS - decimals) : MAX_AMOUNT_UNITS * pow10(decimals - DECIMALS));
  const fail = (error: string): ParsedAmount => ({ ok: false, error });

  let body = text.trim();
  if (body === '') return fail(AMOUNT_MESSAGES.empty);
  let negative = false;
  if (body.startsWith('+')) body = body.slice(1);
  else if (body.startsWith('-') || body.startsWith('\u2212')) {
    negative = true;
    body = body.slice(1);
  }
  body = body.trim();
  // splitDecimal refuses anything but digits, separators and spaces, and an amount without a digit.
  const split = splitDecimal(body);
  if (!split) return fail(AMOUNT_MESSAGES.notANumber);
  const intDigits = split.intPart;
  const fracDigits = split.fracPart.replace(/0+$/, '');
  if (negative) return fail(AMOUNT_MESSAGES.negative);
  if (fracDigits.length > decimals) return fail(AMOUNT_MESSAGES.tooManyDecimals(decimals));

  const units = BigInt((intDigits || '0') + fracDigits.padEnd(decimals, '0'));
  if (units > maxUnits) return fail(AMOUNT_MESSAGES.tooLarge(formatScaled(maxUnits, decimals, true)));
  const canonical = trimFraction(formatScaled(units, decimals, false));
  return { ok: true, units, canonical, value: Number(canonical) };
}

/**
 * What an amount field holds, read for a bet (docs/product.md §5: amounts round to 8 decimals, 2 in fiat
 * display): like parseAmount, but more decimals than allowed are rounded half up instead of refused.
 */
export function parseAmountRounded(text: string, decimals: number = DECIMALS): ParsedAmount {
  const WIDE = 30;
  const wide = parseAmount(text, { decimals: WIDE });
  if (!wide.ok) return wide;
  const units = divide(wide.units, pow10(WIDE - decimals), 'halfUp');
  const canonical = trimFraction(formatScaled(units, decimals, false));
  return { ok: true, units, canonical, value: Number(canonical) };
}

/**
 * A number as plain decimal text for an input field, never in exponent notation: 2e-7 becomes
 * "0.0000002". Rounded half up to `decimals`, trailing zeros dropped.
 */
export function plainDecimal(value: number, decimals: number = DECIMALS): string {
  if (!Number.isFinite(value)) return '0';
  return trimFraction(formatScaled(scaleDecimal(value, decimals, 'halfUp'), decimals, false));
}

function trimFraction(text: string): string {
  return text.includes('.') ? text.replace(/0+$/, '').replace(/\.$/, '') : text;
}

/** Splits "1,000.5"-like text into plain digit strings, or null when the separators don't fit the rules. */
function splitDecimal(body: string): { intPart: string; fracPart: string } | null {
  const dots = body.split('.').length - 1;
  const commas = body.split(',').length - 1;
  let decimalSeparator: '.' | ',' | null;
  if (dots > 0 && commas > 0) decimalSeparator = body.lastIndexOf('.') > body.lastIndexOf(',') ? '.' : ',';
  else if (dots > 0) decimalSeparator = dots === 1 ? '.' : null;
  else if (commas > 0) decimalSeparator = commas === 1 && !isThousandsComma(body) ? ',' : null;
  else decimalSeparator = null;

  let intPart = body;
  let fracPart = '';
  if (decimalSeparator) {
    const at = body.lastIndexOf(decimalSeparator);
    intPart = body.slice(0, at);
    fracPart = body.slice(at + 1);
    if (!/^\d*$/.test(fracPart)) return null;
  }
  const groupSeparator = decimalSeparator === '.' ? ',' : decimalSeparator === ',' ? '.' : dots > 0 ? '.' : ',';
  const groups = intPart.replace(GROUP_SPACES, groupSeparator).split(groupSeparator);
  if (groups.length > 1) {
    const [first = '', ...rest] = groups;
    if (!/^\d{1,3}$/.test(first) || !rest.every((group) => /^\d{3}$/.test(group))) return null;
  } else if (!/^\d*$/.test(intPart)) {
    return null;
  }
  const digits = groups.join('');
  if (digits === '' && fracPart === '') return null;
  return { intPart: digits, fracPart };
}

function isThousandsComma(body: string): boolean {
  return /^[1-9]\d{0,2},\d{3}$/.test(body);
}

// ---------------------------------------------------------------------------------------------
// Amounts on the wire (what the server accepts)

/** Longest amount string the server reads; anything longer is refused before it is looked at. */
export const WIRE_AMOUNT_MAX_LENGTH = 40;

export type WireAmountProblem = 'format' | 'notPositive' | 'negative' | 'tooManyDecimals' | 'tooLarge';

export type WireAmount = { ok: true; units: bigint } | { ok: false; problem: WireAmountProblem };

/** Digits, at most one point with digits on both sides; the optional '-' is read only to say "not positive". */
const WIRE_DECIMAL = /^(-?)(\d+)(?:\.(\d+))?$/;

/**
 * The one grammar for amounts sent to the server, checked before any arithmetic so the cost of
 * reading an amount is bounded by its 40 characters (an exponent like "1e100000000" would otherwise
 * ask for a hundred-million-digit power of ten).
 *
 * - A string is a plain decimal: digits, at most one point with digits on both sides, at most 8
 *   decimals; no '+', no exponent, no spaces, no separators, at most 40 characters. A '-' in front
 *   of an otherwise plain decimal is read as a negative amount ('negative'), so callers can keep the
 *   docs/product.md's "greater than 0" message ahead of any format complaint.
 * - A JSON number (what the bet screens send) is already a double: any finite one is read as the
 *   exact decimal of its shortest text (0.1 is 0.1; 1e-7 is 0.0000001), with the same 8-decimal and
 *   size rules. Its exponent is at most 308, so it cannot be expensive.
 * - Zero is 'notPositive' unless `allowZero` (a baccarat area left empty).
 */
export function parseWireAmount(value: unknown, options: { allowZero?: boolean } = {}): WireAmount {
  const fail = (problem: WireAmountProblem): WireAmount => ({ ok: false, problem });
  let negative: boolean;
  let units: bigint;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return fail('format');
    negative = value < 0 || Object.is(value, -0);
    const magnitude = Math.abs(value);
    // Past 1e16 coins it is too large whatever its digits; checked first so no big power of ten is built.
    if (magnitude >= 1e16) return negative ? fail('negative') : fail('tooLarge');
    const floored = scaleDecimal(magnitude, DECIMALS, 'floor');
    if (floored !== scaleDecimal(magnitude, DECIMALS, 'ceil')) return negative ? fail('negative') : fail('tooManyDecimals');
    units = floored;
  } else if (typeof value === 'string') {
    if (value.length > WIRE_AMOUNT_MAX_LENGTH) return fail('format');
    const match = WIRE_DECIMAL.exec(value);
    if (!match) return fail('format');
    const [, sign = '', intPart = '', fracPart = ''] = match;
    negative = sign === '-' && /[1-9]/.test(intPart + fracPart);
    if (negative) return fail('negative');
    if (fracPart.length > DECIMALS) return fail('tooManyDecimals');
    units = BigInt(intPart + fracPart.padEnd(DECIMALS, '0'));
  } else {
    return fail('format');
  }
  if (negative && units > 0n) return fail('negative');
  if (units === 0n) return options.allowZero ? { ok: true, units } : fail('notPositive');
  if (units > MAX_AMOUNT_UNITS) return fail('tooLarge');
  return { ok: true, units };
}
