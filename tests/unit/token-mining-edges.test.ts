import { describe, expect, it } from 'vitest';
import { mine, miningPosition, miningSupply } from '../../src/core/token/mining';
import type { MiningLevel } from '../../src/core/token/mining';
import { ACC, dollars, levels, maxSupply } from '../support/miningLevels';


/** Edges of mining that the main mining tests do not reach (found by mutation testing). */
describe('what mining can ever pay', () => {
  it('should be the levels’ total when the max supply is larger (what the mining treasury is minted)', () => {
    expect(miningSupply(levels, maxSupply)).toBe(25n * ACC);
    expect(miningSupply(levels, 25n * ACC)).toBe(25n * ACC);
  });

  it('should refuse a configuration without levels', () => {
    expect(() => miningPosition([], maxSupply, 0n)).toThrow('at least one mining level is needed');
    expect(() => mine([], maxSupply, 0n, dollars(1), 1)).toThrow(RangeError);
  });
});

describe('the position the mining page shows', () => {
  it('should show the last level full once everything is mined', () => {
    expect(miningPosition(levels, maxSupply, 25n * ACC)).toEqual({ level: levels[2], index: 2, minedInLevel: 5n * ACC, remainingInLevel: 0n, exhausted: true });
  });

  it('should show the level where the max supply falls as the last one, mined up to the cap', () => {
    expect(miningPosition(levels, 15n * ACC, 15n * ACC)).toEqual({ level: levels[1], index: 1, minedInLevel: 5n * ACC, remainingInLevel: 0n, exhausted: true });
  });
});

describe('the dollar value of a bet', () => {
  it('should mine nothing for a bet whose price is unknown or not positive', () => {
    for (const usdRate of [Number.NaN, -1, 0]) {
      expect(mine(levels, maxSupply, 0n, dollars(5), usdRate)).toEqual({ mined: 0n, totalMinedAfter: 0n, levelBefore: 1, levelAfter: 1 });
    }
  });

  it('should refuse an infinite price rather than mine without limit', () => {
    expect(() => mine(levels, maxSupply, 0n, dollars(5), Number.POSITIVE_INFINITY)).toThrow('usdRate must be a non-negative number, got Infinity');
  });

  it('should read the price floored to 8 decimals, never in the player’s favour', () => {
    // 1 coin at $0.000000019 is worth $0.00000001 read floored ($0.00000002 rounded): 1 base unit of ACC at $1 per ACC.
    expect(mine(levels, maxSupply, 0n, ACC, 0.000000019).mined).toBe(1n);
  });
});

describe('a level that finishes exactly', () => {
  it('should mine the dollars left over at the next level, also when that level is cheaper', () => {
    // Level 1 at $2 per ACC with 1 ACC left, then level 2 at $1. $2.00000001 pays exactly for the last ACC of
    // level 1, and the $0.00000001 left mines 1 base unit at level 2.
    const cheaper: MiningLevel[] = [
      { levelNumber: 1, supply: 10n * ACC, difficulty: 2 },
      { levelNumber: 2, supply: 10n * ACC, difficulty: 1 },
    ];
    expect(mine(cheaper, maxSupply, 9n * ACC, 2n * ACC + 1n, 1)).toEqual({ mined: ACC + 1n, totalMinedAfter: 10n * ACC + 1n, levelBefore: 1, levelAfter: 2 });
  });
});

describe('a misconfigured difficulty', () => {
  const mineAt = (difficulty: number) => () => mine([{ levelNumber: 1, supply: ACC, difficulty }], maxSupply, 0n, dollars(1), 1);

  it('should refuse a negative or unreadable difficulty, naming it', () => {
    expect(mineAt(-1)).toThrow('difficulty must be a non-negative number, got -1');
    expect(mineAt(Number.NaN)).toThrow('difficulty must be a non-negative number, got NaN');
  });

  it('should refuse a difficulty that reads as 0 to 8 decimals, which would mine without limit', () => {
    expect(mineAt(0)).toThrow('difficulty of level 1 must be positive');
    expect(mineAt(0.000000001)).toThrow('difficulty of level 1 must be positive');
  });
});
