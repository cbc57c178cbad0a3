import { describe, expect, it } from 'vitest';
import { mine, miningPosition, miningSupply } from '../../src/core/token/mining';
import { ACC, dollars, levels, maxSupply } from '../support/miningLevels';


describe('ACC mining', () => {
  it('should mine wager in dollars ÷ the current difficulty', () => {
    expect(mine(levels, maxSupply, 0n, dollars(3), 1)).toEqual({ mined: 3n * ACC, totalMinedAfter: 3n * ACC, levelBefore: 1, levelAfter: 1 });
    // 0.001 BTC at $95,000 = $95 at $2 per ACC (level 2) = 47.5 ACC, but level 2 holds only 10 and level 3 5.
    expect(mine(levels, maxSupply, 10n * ACC, 100_000n, 95_000).mined).toBe(15n * ACC);
    expect(mine(levels, maxSupply, 10n * ACC, 1_000n, 95_000).mined).toBe(47_500_000n); // $0.95 / 2 = 0.475 ACC
  });

  it('should mine the part of a bet that finishes a level at the next level’s difficulty', () => {
    // 8 ACC mined; $6: 2 ACC finish level 1 for $2, the other $4 mine 2 ACC at $2 each.
    const result = mine(levels, maxSupply, 8n * ACC, dollars(6), 1);
    expect(result).toEqual({ mined: 4n * ACC, totalMinedAfter: 12n * ACC, levelBefore: 1, levelAfter: 2 });
    // Across two boundaries: from 9 ACC, $1 + $20 + $8 → 1 + 10 + 2 ACC.
    expect(mine(levels, maxSupply, 9n * ACC, dollars(29), 1)).toMatchObject({ mined: 13n * ACC, levelAfter: 3 });
  });

  it('should land exactly on a level boundary and start the next level there', () => {
    const result = mine(levels, maxSupply, 5n * ACC, dollars(5), 1);
    expect(result.totalMinedAfter).toBe(10n * ACC);
    expect(result.levelAfter).toBe(2);
    expect(miningPosition(levels, maxSupply, 10n * ACC)).toMatchObject({ index: 1, minedInLevel: 0n, remainingInLevel: 10n * ACC });
  });

  it('should floor to the base unit and never mine more than the dollars pay for', () => {
    // 1 base unit of USDT ($0.00000001) at $3 per ACC: 0.0000000033 ACC, floored to 0.
    expect(mine([{ levelNumber: 1, supply: ACC, difficulty: 3 }], maxSupply, 0n, 1n, 1).mined).toBe(0n);
    expect(mine([{ levelNumber: 1, supply: ACC, difficulty: 3 }], maxSupply, 0n, 100n, 1).mined).toBe(33n);
    expect(mine(levels, maxSupply, 0n, 1n, 0.2).mined).toBe(0n);
  });

  it('should stop at the end of the levels and at the max supply', () => {
    expect(mine(levels, maxSupply, 24n * ACC, dollars(1_000), 1)).toMatchObject({ mined: 1n * ACC, totalMinedAfter: 25n * ACC, levelAfter: 3 });
    expect(mine(levels, maxSupply, 25n * ACC, dollars(1_000), 1).mined).toBe(0n);
    expect(miningPosition(levels, maxSupply, 25n * ACC)).toMatchObject({ exhausted: true, remainingInLevel: 0n, level: { levelNumber: 3 } });
    // A max supply below the levels' total cuts mining short inside level 2.
    const capped = 15n * ACC;
    expect(miningSupply(levels, capped)).toBe(capped);
    expect(mine(levels, capped, 9n * ACC, dollars(1_000), 1)).toMatchObject({ mined: 6n * ACC, totalMinedAfter: capped, levelAfter: 2 });
    expect(mine(levels, capped, capped, dollars(1_000), 1).mined).toBe(0n);
  });

  it('should mine nothing without a price or a wager', () => {
    expect(mine(levels, maxSupply, 0n, dollars(5), 0).mined).toBe(0n);
    expect(mine(levels, maxSupply, 0n, 0n, 1).mined).toBe(0n);
  });

  it('should mine the same in one bet as in many small ones, up to rounding in the players’ disfavour', () => {
    let total = 0n;
    for (let i = 0; i < 290; i += 1) total = mine(levels, maxSupply, total, dollars(1) / 10n, 1).totalMinedAfter; // 290 × $0.10
    expect(total).toBe(mine(levels, maxSupply, 0n, dollars(29), 1).totalMinedAfter);
  });
});
