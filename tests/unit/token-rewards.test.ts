import { describe, expect, it } from 'vitest';
import { dailyPayoutOf, duePayoutDay, nextUtcMidnight, rewardsShareOf, splitProRata, unlockFeeOf, utcDayOf } from '../../src/core/token/rewards';

describe('rewards pool share and unlock fee', () => {
  it('should move 20% of the expected edge (wager × edge) to the rewards pool, floored', () => {
    expect(rewardsShareOf(100_000_000n, 0.01, 0.2)).toBe(200_000n); // 1 coin at 1% edge: 0.002
    expect(rewardsShareOf(499n, 0.01, 0.2)).toBe(0n);
    expect(rewardsShareOf(500n, 0.01, 0.2)).toBe(1n);
    expect(rewardsShareOf(100_000_000n, 0.0124, 0.2)).toBe(248_000n);
    expect(rewardsShareOf(0n, 0.01, 0.2)).toBe(0n);
    expect(() => rewardsShareOf(1n, 1.5, 0.2)).toThrow(RangeError);
  });

  it('should take a 1% unlock fee rounded down', () => {
    expect(unlockFeeOf(100_000_000n, 0.01)).toBe(1_000_000n);
    expect(unlockFeeOf(199n, 0.01)).toBe(1n);
    expect(unlockFeeOf(99n, 0.01)).toBe(0n);
  });
});

describe('daily payout', () => {
  it('should pay 2% of the pool, pro rata by stake, floored, never more than the 2%', () => {
    expect(dailyPayoutOf(1_000_000n, 0.02)).toBe(20_000n);
    expect(dailyPayoutOf(49n, 0.02)).toBe(0n);
    const split = splitProRata(20_000n, [
      { holder: 'a', stake: 1n },
      { holder: 'b', stake: 3n },
    ]);
    expect(split).toEqual([
      { holder: 'a', amount: 5_000n },
      { holder: 'b', amount: 15_000n },
    ]);
    const uneven = splitProRata(100n, [
      { holder: 'a', stake: 1n },
      { holder: 'b', stake: 1n },
      { holder: 'c', stake: 1n },
    ]);
    expect(uneven.map((s) => s.amount)).toEqual([33n, 33n, 33n]); // the 1 left over stays in the pool
    expect(splitProRata(100n, [{ holder: 'a', stake: 0n }])).toEqual([]);
    expect(splitProRata(0n, [{ holder: 'a', stake: 5n }])).toEqual([]);
    // A tiny staker whose share floors to 0 gets nothing rather than a zero transfer.
    expect(splitProRata(10n, [{ holder: 'whale', stake: 1_000n }, { holder: 'tiny', stake: 1n }])).toEqual([{ holder: 'whale', amount: 9n }]);
  });

  it('should be due once per UTC day, catching up a missed day once', () => {
    const midnight = Date.UTC(2025, 0, 2);
    expect(utcDayOf(midnight)).toBe('2025-01-02');
    expect(utcDayOf(midnight - 1)).toBe('2025-01-01');
    expect(nextUtcMidnight(midnight - 1)).toBe(midnight);
    expect(nextUtcMidnight(midnight)).toBe(midnight + 86_400_000);
    expect(duePayoutDay(midnight + 5, null)).toBe('2025-01-02');
    expect(duePayoutDay(midnight + 5, '2025-01-01')).toBe('2025-01-02');
    expect(duePayoutDay(midnight + 5, '2025-01-02')).toBeNull();
    expect(duePayoutDay(midnight + 86_399_999, '2025-01-02')).toBeNull();
    // Down from the 2nd to the 5th: one payout for the 5th, not three.
    expect(duePayoutDay(Date.UTC(2025, 0, 5, 9), '2025-01-02')).toBe('2025-01-05');
  });
});
