import { describe, expect, it } from 'vitest';
import {
  SharesError,
  deposit,
  emptyPool,
  issueOwnerShares,
  settle,
  sharesForDeposit,
  sharesForWithdrawal,
  valueOfShares,
  withdraw,
} from '../../src/core/token/shares';
import type { PoolState } from '../../src/core/token/shares';

const seeded = (value: bigint): PoolState => issueOwnerShares({ ...emptyPool(), value }, 'house');
const worth = (pool: PoolState, holder: string) => valueOfShares(pool.positions.get(holder)?.shares ?? 0n, pool.totalShares, pool.value);

describe('bankroll pool shares', () => {
  it('should give the first owner one share per base unit and the house its seeded bankroll', () => {
    expect(sharesForDeposit(500n, 0n, 0n)).toBe(500n);
    const pool = seeded(1_000_000n);
    expect(pool.totalShares).toBe(1_000_000n);
    expect(pool.positions.get('house')).toEqual({ shares: 1_000_000n, principal: 1_000_000n });
    expect(() => sharesForDeposit(10n, 0n, 5n)).toThrow(SharesError);
  });

  it('should mint a × shares ÷ value and keep every other holder’s worth', () => {
    let pool = settle(seeded(1_000n), 1_000n); // the house doubled its money: one share is worth 2 units
    ({ pool } = deposit(pool, 'alice', 500n));
    expect(pool.positions.get('alice')!.shares).toBe(250n);
    expect(worth(pool, 'alice')).toBe(500n);
    expect(worth(pool, 'house')).toBe(2_000n);
  });

  it('should share the pool’s profit and loss in proportion to shares', () => {
    let pool = seeded(3_000n);
    ({ pool } = deposit(pool, 'alice', 1_000n)); // alice owns a quarter
    pool = settle(pool, 400n);
    expect(worth(pool, 'alice')).toBe(1_100n);
    expect(worth(pool, 'house')).toBe(3_300n);
    pool = settle(pool, -2_200n);
    expect(worth(pool, 'alice')).toBe(550n);
    expect(worth(pool, 'house')).toBe(1_650n);
    const out = withdraw(pool, 'alice', 'all');
    expect(out.paid).toBe(550n);
    expect(out.pool.positions.has('alice')).toBe(false);
    expect(out.pool.value).toBe(1_650n);
  });

  it('should burn shares rounded up for an amount, and refuse more than the position', () => {
    let pool = seeded(3n);
    ({ pool } = deposit(pool, 'alice', 3n));
    pool = settle(pool, 1n); // 7 units over 6 shares: a share is worth 7/6
    expect(sharesForWithdrawal(1n, pool.totalShares, pool.value)).toBe(1n); // ceil(6/7)
    expect(sharesForWithdrawal(2n, pool.totalShares, pool.value)).toBe(2n); // ceil(12/7)
    expect(worth(pool, 'alice')).toBe(3n); // floor(3 × 7 / 6)
    expect(() => withdraw(pool, 'alice', 4n)).toThrow(/exceeds/);
    const out = withdraw(pool, 'alice', 2n);
    expect(out).toMatchObject({ paid: 2n, burned: 2n });
    expect(() => withdraw(pool, 'bob', 1n)).toThrow(/no position/);
  });

  it('should pay exactly the amount named, however much more the shares burned for it are worth', () => {
    const pool = settle(seeded(3n), 7n); // 10 units over 3 shares: a share is worth 3.33
    const out = withdraw(pool, 'house', 1n); // ceil(1 × 3 / 10) = 1 share, worth 3 units, burned for 1 unit
    expect(out).toMatchObject({ paid: 1n, burned: 1n });
    expect(out.pool).toMatchObject({ value: 9n, totalShares: 2n });
    expect(worth(out.pool, 'house')).toBe(9n); // the 2 units the burned share was worth beyond 1 stay with the pool
  });

  it('should refuse a deposit too small to buy one share', () => {
    const pool = settle(seeded(10n), 90n); // one share is worth 10 units
    expect(sharesForDeposit(9n, pool.totalShares, pool.value)).toBe(0n);
    expect(() => deposit(pool, 'alice', 9n)).toThrow(/too small/);
  });

  it('should reduce the principal in proportion to the shares taken out', () => {
    let pool = seeded(1_000n);
    ({ pool } = deposit(pool, 'alice', 1_000n));
    ({ pool } = withdraw(pool, 'alice', 250n));
    expect(pool.positions.get('alice')).toEqual({ shares: 750n, principal: 750n });
  });

  it('should never let a random sequence of adds, removes, wins and losses create money', () => {
    let seed = 42;
    const random = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    const holders = ['a', 'b', 'c'];
    for (let round = 0; round < 200; round += 1) {
      let pool = seeded(BigInt(1 + Math.floor(random() * 10_000)));
      for (let step = 0; step < 40; step += 1) {
        const holder = holders[Math.floor(random() * holders.length)]!;
        const action = random();
        const others = (p: PoolState) => ['house', ...holders].filter((h) => h !== holder).map((h) => worth(p, h));
        const before = others(pool);
        try {
          if (action < 0.4) {
            const amount = BigInt(1 + Math.floor(random() * 5_000));
            const held = worth(pool, holder);
            pool = deposit(pool, holder, amount).pool;
            // Buying in never makes a position worth more than what it held plus what it paid.
            expect(worth(pool, holder) <= held + amount).toBe(true);
            expect(others(pool).every((w, i) => w >= before[i]!)).toBe(true);
          } else if (action < 0.7) {
            const amount = random() < 0.3 ? 'all' : BigInt(1 + Math.floor(random() * 3_000));
            const held = worth(pool, holder);
            const out = withdraw(pool, holder, amount);
            pool = out.pool;
            // Nobody takes out more than their shares were worth, nor leaves the others poorer.
            expect(out.paid + worth(pool, holder) <= held).toBe(true);
            expect(others(pool).every((w, i) => w >= before[i]!)).toBe(true);
          } else {
            const delta = BigInt(Math.floor((random() - 0.5) * 2_000));
            if (pool.value + delta >= 0n) pool = settle(pool, delta);
          }
        } catch (error) {
          expect(error).toBeInstanceOf(SharesError);
        }
        // Shares add up, and what all holders could take out never exceeds what the pool holds.
        const shares = [...pool.positions.values()].reduce((s, p) => s + p.shares, 0n);
        expect(shares).toBe(pool.totalShares);
        const claimable = [...pool.positions.keys()].reduce((s, h) => s + worth(pool, h), 0n);
        expect(claimable <= pool.value).toBe(true);
      }
    }
  });

  it('should give back at most what was put in on a round trip, whatever the share price', () => {
    for (const [value, shares] of [
      [7n, 6n],
      [1_000_003n, 999_999n],
      [5n, 1_000n],
      [123_457n, 3n],
    ] as const) {
      const pool: PoolState = { value, totalShares: shares, positions: new Map([['house', { shares, principal: value }]]) };
      for (const amount of [1n, 2n, 3n, 999n, 12_345n]) {
        let after: PoolState;
        try {
          after = deposit(pool, 'alice', amount).pool;
        } catch {
          continue; // too small to buy a share
        }
        expect(withdraw(after, 'alice', 'all').paid <= amount).toBe(true);
      }
    }
  });
});
