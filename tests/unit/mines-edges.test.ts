import { describe, expect, it } from 'vitest';
import { floatAtFromArray } from '../../src/core/fairness/floats';
import { verifierFor } from '../../src/core/fairness/verify';
import {
  combinations,
  isTileId,
  minesBoard,
  minesMultiplierHundredths,
  minesNextProfit,
  tileId,
} from '../../src/core/games/mines';

describe('mines tiles', () => {
  it('takes the 25 tiles 0..24 as picks and nothing else', () => {
    expect([0, 12, 24].map(isTileId)).toEqual([true, true, true]);
    expect([-1, 25, 2.5, Number.NaN].map(isTileId)).toEqual([false, false, false, false]);
  });

  it.each([
    [5, 0],
    [0, 5],
    [-1, 0],
    [0, -1],
    [1.5, 0],
    [0, 1.5],
  ])('has no tile at row %f, col %f', (row, col) => {
    expect(() => tileId(row, col)).toThrow(`no tile at row ${row}, col ${col}`);
  });

  it('numbers the corners 0, 4, 20 and 24', () => {
    expect([tileId(0, 0), tileId(0, 4), tileId(4, 0), tileId(4, 4)]).toEqual([0, 4, 20, 24]);
  });
});

describe('mines counts and gems the engine refuses, and what it says', () => {
  const at = floatAtFromArray(Array.from({ length: 24 }, () => 0.5));

  it('names the range of the mines count', () => {
    expect(() => minesBoard(at, 0)).toThrow('mines count must be an integer 1..24, got 0');
  });

  it.each([
    [5, 21, '0..20 with 5 mines, got 21'],
    [5, -1, '0..20 with 5 mines, got -1'],
    [5, 1.5, '0..20 with 5 mines, got 1.5'],
    [24, 2, '0..1 with 24 mines, got 2'],
  ])('refuses a multiplier for %i mines after %f gems', (mines, gems, range) => {
    expect(() => minesMultiplierHundredths(mines, gems)).toThrow(`gems must be an integer ${range}`);
  });

  it('offers no next profit once the last gem is found', () => {
    expect(minesNextProfit(1, 24, 1, 100)).toBeNull();
    expect(minesNextProfit(1, 1, 24, 100)).toBeNull();
  });
});

describe('combinations C(n, k)', () => {
  it('is 0 for k outside 0..n and 1 for C(0, 0)', () => {
    expect(combinations(5, -1)).toBe(0n);
    expect(combinations(5, 6)).toBe(0n);
    expect(combinations(0, 0)).toBe(1n);
    expect(combinations(1, 1)).toBe(1n);
  });

  it.each([
    [2.5, 1],
    [5, 1.5],
    [-1, 0],
  ])('is not defined for C(%f, %f)', (n, k) => {
    expect(() => combinations(n, k)).toThrow(`C(${n}, ${k}) is not defined here`);
  });
});

describe('the mines verifier reads the mines count', () => {
  const { parseParams } = verifierFor('mines');
  const refused = { ok: false, error: 'mines must be an integer 1..24' };

  it.each([
    ['3', 3],
    [' 3 ', 3],
    ['12', 12],
    [7, 7],
  ] as const)('accepts %j as %i mines', (mines, count) => {
    expect(parseParams({ mines })).toEqual({ ok: true, params: { mines: count } });
  });

  it.each(['+3', '3e0', '3.0', '0x3', 'three', '', 0, 25])('refuses %j', (mines) => {
    expect(parseParams({ mines })).toEqual(refused);
  });

  it('refuses a missing count', () => {
    expect(parseParams({})).toEqual(refused);
  });
});
