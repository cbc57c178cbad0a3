import { describe, expect, it } from 'vitest';
import { dailyPayoutOf, rewardsShareOf, splitProRata, unlockFeeOf } from '../../src/core/token/rewards';

/** The edges of the rewards arithmetic: the bounds of a fraction, and amounts that must never create money. */
describe('fractions of the rewards settings', () => {
  it('should take 0 and 1 as fractions, and refuse anything outside with the setting named', () => {
    expect(rewardsShareOf(100_000_000n, 0, 0.2)).toBe(0n);
    expect(rewardsShareOf(100_000_000n, 1, 1)).toBe(100_000_000n);
    expect(unlockFeeOf(100_000_000n, 1)).toBe(100_000_000n);
    expect(unlockFeeOf(100_000_000n, 0)).toBe(0n);
    expect(() => rewardsShareOf(1n, -0.01, 0.2)).toThrow('houseEdge must be a fraction from 0 to 1, got -0.01');
    expect(() => rewardsShareOf(1n, 0.01, 1.01)).toThrow('rewards share must be a fraction from 0 to 1, got 1.01');
    expect(() => rewardsShareOf(1n, Number.NaN, 0.2)).toThrow('houseEdge must be a fraction from 0 to 1, got NaN');
    expect(() => unlockFeeOf(1n, 2)).toThrow('unlock fee must be a fraction from 0 to 1, got 2');
    expect(() => dailyPayoutOf(1n, Number.POSITIVE_INFINITY)).toThrow('daily payout share must be a fraction from 0 to 1, got Infinity');
  });

  it('should read a fraction exactly to 8 decimals, not through float multiplication', () => {
    // 0.29 × 1e8 is 28999999.999999996 in floats; read exactly it is 29,000,000.
    expect(unlockFeeOf(100_000_000n, 0.29)).toBe(29_000_000n);
  });

  it('should floor a fraction with more than 8 decimals, so the fee is never above the rate', () => {
    // A fee of 0.0000000190 reads as 0.00000001 (not 0.00000002 rounded): 1 base unit burned per coin unlocked.
    expect(unlockFeeOf(100_000_000n, 0.000000019)).toBe(1n);
    expect(rewardsShareOf(100_000_000n, 1, 0.000000019)).toBe(1n);
  });
});

describe('amounts that must not create money', () => {
  it('should give no rewards share for a negative wager', () => {
    expect(rewardsShareOf(-100_000_000n, 0.01, 0.2)).toBe(0n);
  });

  it('should pay nothing out of an empty or overdrawn pool', () => {
    expect(dailyPayoutOf(0n, 0.02)).toBe(0n);
    expect(dailyPayoutOf(-1_000_000n, 0.02)).toBe(0n);
  });

  it('should split nothing of a negative total and leave out holders with a negative stake', () => {
    expect(splitProRata(-100n, [{ holder: 'a', stake: 5n }])).toEqual([]);
    expect(splitProRata(100n, [{ holder: 'a', stake: 3n }, { holder: 'b', stake: -3n }, { holder: 'c', stake: 1n }])).toEqual([
      { holder: 'a', amount: 75n },
      { holder: 'c', amount: 25n },
    ]);
  });
});
