import { describe, expect, it } from 'vitest';
import {
  AMOUNT_MESSAGES,
  BASE_UNITS,
  MAX_AMOUNT_UNITS,
  cryptoToFiat,
  decimalToUnits,
  fiatToCrypto,
  fiatToUnits,
  formatCents,
  formatCrypto,
  formatFiat,
  formatStaking,
  parseAmount,
  parseWireAmount,
  toUnitsFloor,
  unitsToDecimalString,
  unitsToFiatCents,
  unitsToNumber,
} from '../../src/core/money';

const units = (text: string): bigint | string => {
  const parsed = parseAmount(text);
  return parsed.ok ? parsed.units : parsed.error;
};

describe('parseAmount', () => {
  it.each([
    ['1', 100_000_000n],
    ['0', 0n],
    ['.5', 50_000_000n],
    ['5.', 500_000_000n],
    ['0.50000000', 50_000_000n],
    ['0.500000000000', 50_000_000n], // trailing zeros are not decimals
    ['0.00000001', 1n],
    ['1,000.5', 100_050_000_000n],
    ['1,000', 100_000_000_000n], // a single comma before exactly three digits groups thousands
    ['12,345,678.9', undefined],
    ['1,234,567.12345678', 123_456_712_345_678n],
    ['1.000,5', 100_050_000_000n], // both separators: the last one is the decimal point
    ['1.000.000', 100_000_000_000_000n],
    ['1.000', 100_000_000n], // a single dot is always the decimal point
    ['0,5', 50_000_000n], // decimal comma when unambiguous
    ['12,34', 1_234_000_000n],
    ['1234,5', 123_450_000_000n],
    ['0,500', 50_000_000n], // a thousands group can't follow a leading 0
    ['1 000,5', 100_050_000_000n],
    ['1\u00a0000.25', 100_025_000_000n],
    ['  42  ', 4_200_000_000n],
    ['+3', 300_000_000n],
    ['9999999.99999999', MAX_AMOUNT_UNITS],
  ] as const)('reads %j', (text, expected) => {
    if (expected === undefined) {
      // 12,345,678.9 exceeds the safe maximum of 9,999,999.99999999
      expect(units(text)).toBe(AMOUNT_MESSAGES.tooLarge('9,999,999.99999999'));
      return;
    }
    expect(units(text)).toBe(expected);
  });

  it.each([
    ['', AMOUNT_MESSAGES.empty],
    ['   ', AMOUNT_MESSAGES.empty],
    ['abc', AMOUNT_MESSAGES.notANumber],
    ['1e5', AMOUNT_MESSAGES.notANumber],
    ['0x10', AMOUNT_MESSAGES.notANumber],
    ['.', AMOUNT_MESSAGES.notANumber],
    ['1.2.3', AMOUNT_MESSAGES.notANumber],
    ['1,00,000', AMOUNT_MESSAGES.notANumber],
    ['1,000.000,5', AMOUNT_MESSAGES.notANumber],
    ['1.5,000', AMOUNT_MESSAGES.notANumber],
    ['12 34', AMOUNT_MESSAGES.notANumber],
    ['$5', AMOUNT_MESSAGES.notANumber],
    ['-1', AMOUNT_MESSAGES.negative],
    ['−0.5', AMOUNT_MESSAGES.negative],
    ['0.000000001', AMOUNT_MESSAGES.tooManyDecimals(8)],
    ['10000000', AMOUNT_MESSAGES.tooLarge('9,999,999.99999999')],
  ] as const)('rejects %j', (text, message) => {
    expect(units(text)).toBe(message);
  });

  it('has clear messages', () => {
    expect(AMOUNT_MESSAGES.tooManyDecimals(8)).toBe('Amount can have at most 8 decimals');
    expect(AMOUNT_MESSAGES.tooLarge('9,999,999.99999999')).toBe('Amount must be at most 9,999,999.99999999');
  });

  it('returns canonical text and a number', () => {
    expect(parseAmount('1,000.50')).toEqual({ ok: true, units: 100_050_000_000n, canonical: '1000.5', value: 1000.5 });
    expect(parseAmount('0.00000100')).toEqual({ ok: true, units: 100n, canonical: '0.000001', value: 0.000001 });
    expect(parseAmount('7')).toEqual({ ok: true, units: 700_000_000n, canonical: '7', value: 7 });
  });

  it('parses fiat entries with 2 decimals', () => {
    expect(parseAmount('1', { decimals: 2 })).toEqual({ ok: true, units: 100n, canonical: '1', value: 1 });
    expect(parseAmount('1,234.5', { decimals: 2 })).toMatchObject({ ok: true, units: 123_450n });
    expect(parseAmount('0.001', { decimals: 2 })).toEqual({ ok: false, error: 'Amount can have at most 2 decimals' });
  });
});

describe('wire amounts', () => {
  it('converts JSON numbers exactly, never through float multiplication', () => {
    expect(decimalToUnits(0.3)).toBe(30_000_000n); // 0.3 × 1e8 = 29999999.999999996 in floats
    expect(decimalToUnits(1e-8)).toBe(1n); // String(1e-8) is "1e-8"
    expect(decimalToUnits(0.00000123)).toBe(123n);
    expect(decimalToUnits(9999999.99999999)).toBe(MAX_AMOUNT_UNITS);
    expect(decimalToUnits('12.5')).toBe(1_250_000_000n);
    expect(decimalToUnits(-2.5)).toBe(-250_000_000n);
    expect(decimalToUnits(1e21)).toBe(10n ** 29n);
    expect(decimalToUnits('1e40')).toBe(10n ** 48n); // past the table of powers of ten
  });

  it('refuses more than 8 decimals and non-numbers', () => {
    expect(() => decimalToUnits(0.1 + 0.2)).toThrow(/more than 8 decimals/);
    expect(() => decimalToUnits(1e-9)).toThrow(RangeError);
    expect(() => decimalToUnits(Number.NaN)).toThrow(RangeError);
    expect(() => decimalToUnits(Number.POSITIVE_INFINITY)).toThrow(RangeError);
    expect(() => decimalToUnits('1,5')).toThrow(RangeError);
    expect(() => decimalToUnits('')).toThrow(RangeError);
  });

  it('round-trips every amount up to the maximum through a JSON number', () => {
    const samples = [1n, 7n, 99_999_999n, 123_456_789_012_345n, MAX_AMOUNT_UNITS, MAX_AMOUNT_UNITS - 1n, 10n ** 14n + 1n];
    let x = 0x2545f491n;
    for (let i = 0; i < 2000; i++) {
      x = (x * 6364136223846793005n + 1442695040888963407n) % 2n ** 64n;
      samples.push(x % (MAX_AMOUNT_UNITS + 1n));
    }
    for (const amount of samples) {
      const wire = JSON.parse(JSON.stringify({ amount: unitsToNumber(amount) })) as { amount: number };
      expect(decimalToUnits(wire.amount)).toBe(amount);
    }
  });

  it('gives the number the amount’s exact text reads as, for every size of amount and either sign', () => {
    const samples = [0n, 1n, -1n, 5n, 99_999_999n, 100_000_000n, MAX_AMOUNT_UNITS, 2n ** 53n - 1n, -(2n ** 53n - 1n), 2n ** 53n, 2n ** 53n + 1n, 10n ** 20n + 7n, -(10n ** 18n) - 3n];
    let x = 0x9e3779b9n;
    for (let i = 0; i < 5000; i++) {
      x = (x * 6364136223846793005n + 1442695040888963407n) % 2n ** 64n;
      // Every magnitude from a few units to past 2^53, both signs.
      const amount = x % 10n ** BigInt(1 + (i % 19));
      samples.push(i % 2 === 0 ? amount : -amount);
    }
    for (const amount of samples) expect(unitsToNumber(amount)).toBe(Number(unitsToDecimalString(amount)));
  });

  it('floors computed coin amounts to base units', () => {
    expect(toUnitsFloor(0.123456789)).toBe(12_345_678n);
    expect(toUnitsFloor(0.3)).toBe(30_000_000n);
    expect(toUnitsFloor(-0.000000015)).toBe(-2n);
  });
});

describe('formatting', () => {
  it('writes base units with a fixed number of decimals, floored', () => {
    expect(unitsToDecimalString(100n)).toBe('0.00000100');
    expect(unitsToDecimalString(0n)).toBe('0.00000000');
    expect(unitsToDecimalString(123_456_789n, 3)).toBe('1.234');
    expect(unitsToDecimalString(199_999_999n, 0)).toBe('1');
    expect(unitsToDecimalString(-1n, 2)).toBe('-0.01'); // floor goes towards −∞
    expect(unitsToDecimalString(BASE_UNITS * 1_234_567n)).toBe('1234567.00000000');
    expect(() => unitsToDecimalString(1n, 9)).toThrow(RangeError);
  });

  it('formats crypto with 8 decimals floored, from units or coins', () => {
    expect(formatCrypto(100n)).toBe('0.00000100');
    expect(formatCrypto(0.000000019)).toBe('0.00000001');
    expect(formatCrypto(0.3)).toBe('0.30000000');
    expect(formatCrypto(12.5)).toBe('12.50000000');
  });

  it('formats staking balances with 3 decimals floored', () => {
    expect(formatStaking(1.23999)).toBe('1.239');
    expect(formatStaking(123_456_789n)).toBe('1.234');
    expect(formatStaking(0)).toBe('0.000');
  });

  it('formats fiat as $ with 2 decimals floored and thousands separators', () => {
    expect(formatFiat(1234.56)).toBe('$1,234.56');
    expect(formatFiat(1234.567)).toBe('$1,234.56');
    expect(formatFiat(0.29)).toBe('$0.29'); // 0.29 × 100 = 28.999999999999996 in floats
    expect(formatFiat(1_000_000)).toBe('$1,000,000.00');
    expect(formatFiat(0)).toBe('$0.00');
    expect(formatFiat(999.999)).toBe('$999.99');
    expect(formatFiat(-5)).toBe('-$5.00');
    expect(formatCents(123_456_789n)).toBe('$1,234,567.89');
  });
});

describe('fiat conversion', () => {
  it('converts crypto to dollars floored to the cent', () => {
    expect(cryptoToFiat(1, 64_123.45)).toBe(64_123.45);
    expect(cryptoToFiat(0.00000100, 60_000)).toBe(0.06);
    expect(cryptoToFiat(100n, 60_000)).toBe(0.06);
    expect(cryptoToFiat(0.3, 0.1)).toBe(0.03);
    expect(cryptoToFiat(0.00001, 999.99)).toBe(0); // 0.0099999 dollars
    expect(unitsToFiatCents(1000n, 999.99, 'ceil')).toBe(1n);
    expect(unitsToFiatCents(1000n, 999.99, 'floor')).toBe(0n);
    expect(unitsToFiatCents(50_000_000n, 3, 'halfUp')).toBe(150n);
  });

  it('converts dollars to crypto floored to the base unit', () => {
    expect(fiatToUnits(10, 50_000)).toBe(20_000n);
    expect(fiatToUnits(1, 3)).toBe(33_333_333n);
    expect(fiatToUnits('0.01', 64_123.45)).toBe(15n); // 15.59… units
    expect(fiatToCrypto(100, 0.25)).toBe(400);
    expect(fiatToCrypto(0.3, 0.1)).toBe(3);
    expect(() => fiatToUnits(1, 0)).toThrow(RangeError);
    expect(() => fiatToUnits(1, -2)).toThrow(RangeError);
  });

  it('never turns a fiat entry into more dollars than typed', () => {
    for (const rate of [0.0731, 1, 2_345.67, 64_123.45]) {
      for (const dollars of [0.01, 0.07, 1.99, 10, 123.45]) {
        const unitsFor = fiatToUnits(dollars, rate);
        expect(Number(unitsToFiatCents(unitsFor, rate))).toBeLessThanOrEqual(Math.round(dollars * 100));
        expect(Number(unitsToFiatCents(unitsFor + 1n, rate, 'ceil'))).toBeGreaterThanOrEqual(Math.round(dollars * 100));
      }
    }
  });
});

describe('parseWireAmount (the server\'s one amount grammar)', () => {
  it.each([
    ['0.00012345', 12_345n],
    ['12', 1_200_000_000n],
    ['0012.50000000', 1_250_000_000n],
    [0.1, 10_000_000n],
    [1e-7, 10n],
    [9_999_999.99999999, MAX_AMOUNT_UNITS],
  ])('reads %j as %s base units', (value, expected) => {
    expect(parseWireAmount(value)).toEqual({ ok: true, units: expected });
  });

  it.each([
    ['1e100000000', 'format'],
    ['1e0', 'format'],
    ['+1', 'format'],
    ['.5', 'format'],
    ['5.', 'format'],
    [' 1', 'format'],
    ['1'.repeat(41), 'format'],
    [Number.NaN, 'format'],
    [null, 'format'],
    ['-1', 'negative'],
    [-0.000000001, 'negative'],
    ['0', 'notPositive'],
    ['-0.0', 'notPositive'],
    ['0.123456789', 'tooManyDecimals'],
    [1e-9, 'tooManyDecimals'],
    ['10000000', 'tooLarge'],
    [1e300, 'tooLarge'],
  ])('refuses %j as %s', (value, problem) => {
    expect(parseWireAmount(value)).toEqual({ ok: false, problem });
  });

  it('takes zero when told to (a baccarat area), never a negative', () => {
    expect(parseWireAmount('0', { allowZero: true })).toEqual({ ok: true, units: 0n });
    expect(parseWireAmount('-1', { allowZero: true })).toEqual({ ok: false, problem: 'negative' });
  });

  it('reads a 40-character amount at once', () => {
    const started = performance.now();
    for (let i = 0; i < 1000; i += 1) parseWireAmount(`${'9'.repeat(30)}.${'9'.repeat(8)}`);
    expect(performance.now() - started).toBeLessThan(200);
  });
});
