import { describe, expect, it } from 'vitest';
import {
  cryptoToFiat,
  decimalToUnits,
  fiatToUnits,
  parseAmount,
  parseWireAmount,
  plainDecimal,
  scaleDecimal,
  unitsToDecimalString,
} from '../../src/core/money';

const units = (text: string): bigint | string => {
  const parsed = parseAmount(text);
  return parsed.ok ? parsed.units : parsed.error;
};

/** The edges of the money rules that the main money tests do not reach. */
describe('reading typed amounts, edge cases', () => {
  it.each([
    ['+ 5', 500_000_000n], // spaces after the sign
    ['1,000,000', 100_000_000_000_000n], // several commas group thousands
    ['12,000', 1_200_000_000_000n], // two digits then three: a thousands comma
    ['01,000', 100_000_000n], // a leading 0 cannot start a thousands group: decimal comma
    ['1,0005', 100_050_000n], // four digits after a single comma: decimal comma
  ])('reads %j', (text, expected) => {
    expect(units(text)).toBe(expected);
  });

  it.each([
    ['1.5 5'], // a space inside the decimals
    ['1,0000,000'], // a thousands group of four
    ['1,000,0000'],
    ['.'],
    ['abc'],
    ['1+2'],
  ])('refuses %j as not a number', (text) => {
    expect(units(text)).toBe('Amount must be a number');
  });

  it('refuses fiat amounts above the maximum rescaled to cents', () => {
    expect(parseAmount('10000000', { decimals: 2 })).toEqual({ ok: false, error: 'Amount must be at most 9,999,999.99' });
    expect(parseAmount('9999999.99', { decimals: 2 })).toMatchObject({ ok: true, units: 999_999_999n });
  });

  it('keeps zeros of a whole amount written without decimals', () => {
    expect(plainDecimal(10, 0)).toBe('10');
    expect(parseAmount('100', { decimals: 0 })).toEqual({ ok: true, units: 100n, canonical: '100', value: 100 });
  });
});

describe('exact conversions, edge cases', () => {
  it('should say why a value is not an amount', () => {
    expect(() => decimalToUnits(Number.NaN)).toThrow('amount must be a finite number, got NaN');
    expect(() => decimalToUnits('abc')).toThrow('not a decimal number: "abc"');
    expect(() => scaleDecimal('.', 0, 'floor')).toThrow('not a decimal number: "."');
    expect(() => scaleDecimal('e5', 0, 'floor')).toThrow('not a decimal number: "e5"');
  });

  it('should read decimal text without a whole part or without decimals', () => {
    expect(decimalToUnits('.5')).toBe(50_000_000n);
    expect(decimalToUnits('5.')).toBe(500_000_000n);
  });

  it('should refuse 0.9 of a base unit rather than round it up', () => {
    expect(() => decimalToUnits(9e-9)).toThrow('amount has more than 8 decimals: 9e-9');
    expect(parseWireAmount(9e-9)).toEqual({ ok: false, problem: 'tooManyDecimals' });
  });

  it('should round half up only when told, and ceil only when told', () => {
    expect(scaleDecimal('0.014', 2, 'halfUp')).toBe(1n);
    expect(scaleDecimal('0.014', 2, 'ceil')).toBe(2n);
    expect(scaleDecimal('-0.014', 2, 'ceil')).toBe(-1n);
  });

  it('should floor a coin amount before converting it to dollars', () => {
    // 1.5 base units floor to 1: $1.00 at 100,000,000 dollars per coin, not $2.00.
    expect(cryptoToFiat(0.000000015, 100_000_000)).toBe(1);
  });

  it('should refuse a zero rate with its own message', () => {
    expect(() => fiatToUnits(1, 0)).toThrow('exchange rate must be positive, got 0');
  });

  it('should refuse decimals outside 0..8', () => {
    expect(() => unitsToDecimalString(1n, -1)).toThrow('decimals must be 0..8');
    expect(() => unitsToDecimalString(1n, 1.5)).toThrow('decimals must be 0..8');
    expect(() => unitsToDecimalString(1n, 9)).toThrow('decimals must be 0..8');
    expect(unitsToDecimalString(1n, 8)).toBe('0.00000001');
    expect(unitsToDecimalString(150n, 0)).toBe('0');
  });
});

describe('wire amounts, edge cases', () => {
  it('should read an amount of exactly 40 characters', () => {
    const forty = `${'0'.repeat(37)}1.5`;
    expect(forty).toHaveLength(40);
    expect(parseWireAmount(forty)).toEqual({ ok: true, units: 150_000_000n });
    expect(parseWireAmount(`0${forty}`)).toEqual({ ok: false, problem: 'format' });
  });

  it('should call negative any negative amount, whatever its digits', () => {
    expect(parseWireAmount('-1.1')).toEqual({ ok: false, problem: 'negative' });
    expect(parseWireAmount('-0.5')).toEqual({ ok: false, problem: 'negative' });
    expect(parseWireAmount(-1)).toEqual({ ok: false, problem: 'negative' });
    expect(parseWireAmount(-2.5)).toEqual({ ok: false, problem: 'negative' });
  });

  it('should call minus zero not positive rather than negative', () => {
    expect(parseWireAmount(-0)).toEqual({ ok: false, problem: 'notPositive' });
  });
});
