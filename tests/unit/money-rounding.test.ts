import { describe, expect, it } from 'vitest';
import { parseAmountRounded, plainDecimal, scaleDecimal } from '../../src/core/money';

/** What a bet's amount field holds, read for the bet: more decimals than shown are rounded, not refused (docs/product.md §5). */
describe('an amount read for a bet', () => {
  it.each([
    ['0.123456789', 12_345_679n, '0.12345679'], // the ninth decimal 9 rounds up
    ['0.123456784', 12_345_678n, '0.12345678'], // 4 rounds down
    ['0.000000005', 1n, '0.00000001'], // exactly half rounds up
    ['0.0000000049', 0n, '0'],
    ['1,000.999999999', 100_100_000_000n, '1001'], // the carry runs into the whole coins
    ['2', 200_000_000n, '2'],
  ])('reads %j as %s units, shown as %j', (text, units, canonical) => {
    expect(parseAmountRounded(text)).toEqual({ ok: true, units, canonical, value: Number(canonical) });
  });

  it('rounds to cents in fiat display', () => {
    expect(parseAmountRounded('12.345', 2)).toEqual({ ok: true, units: 1235n, canonical: '12.35', value: 12.35 });
    expect(parseAmountRounded('12.344', 2)).toEqual({ ok: true, units: 1234n, canonical: '12.34', value: 12.34 });
  });

  it('refuses an amount above the largest one, whatever the display decimals', () => {
    expect(parseAmountRounded('9999999.99999999')).toMatchObject({ ok: true, units: 999_999_999_999_999n });
    expect(parseAmountRounded('10000000').ok).toBe(false);
    expect(parseAmountRounded('10000000', 2).ok).toBe(false);
  });

  it('keeps the messages of parseAmount for what is not an amount', () => {
    expect(parseAmountRounded('')).toEqual({ ok: false, error: 'Enter an amount' });
    expect(parseAmountRounded('abc')).toEqual({ ok: false, error: 'Amount must be a number' });
    expect(parseAmountRounded('-1')).toEqual({ ok: false, error: 'Amount cannot be negative' });
  });
});

describe('a number as plain decimal text for an input field', () => {
  it.each([
    [2e-7, 8, '0.0000002'],
    [1e-8, 8, '0.00000001'],
    [0.1 + 0.2, 8, '0.3'],
    [1.005, 2, '1.01'], // half up on the decimal text "1.005", not on the double below it
    [1.5, 0, '2'],
    [100, 8, '100'],
    [0, 8, '0'],
    [12.5, 8, '12.5'],
    [-0.125, 2, '-0.12'], // half up goes towards +∞
    [123456.7, 2, '123456.7'], // no thousands separators in a field
  ])('%s with %i decimals → %j', (value, decimals, text) => {
    expect(plainDecimal(value, decimals)).toBe(text);
  });

  it('uses 8 decimals unless told otherwise', () => {
    expect(plainDecimal(0.123456789)).toBe('0.12345679');
  });

  it('writes 0 for what is not a finite number', () => {
    expect(plainDecimal(Number.NaN)).toBe('0');
    expect(plainDecimal(Number.POSITIVE_INFINITY)).toBe('0');
  });
});

describe('scaling a decimal', () => {
  it.each([
    ['floor', 1n, -2n],
    ['ceil', 2n, -1n],
    ['halfUp', 2n, -1n],
  ] as const)('rounds 0.015 and −0.015 to cents with %s', (rounding, positive, negative) => {
    expect(scaleDecimal('0.015', 2, rounding)).toBe(positive);
    expect(scaleDecimal('-0.015', 2, rounding)).toBe(negative);
  });

  it('reads exponent notation and scales past the decimals it has', () => {
    expect(scaleDecimal('1.5e3', 2, 'floor')).toBe(150_000n);
    expect(scaleDecimal('25e-1', 0, 'floor')).toBe(2n);
    expect(scaleDecimal(' 7 ', 1, 'floor')).toBe(70n);
  });
});
