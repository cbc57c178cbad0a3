import { describe, expect, it } from 'vitest';
import {
  SharesError,
  emptyPool,
  issueOwnerShares,
  principalAfterWithdrawal,
  settle,
  sharesForDeposit,
  sharesForWithdrawal,
  valueOfShares,
  withdraw,
} from '../../src/core/token/shares';

/** Every refusal of the share accounting, with its words: a refused operation must never move money. */
describe('share accounting refusals', () => {
  const refused = (action: () => unknown, message: string) => {
    expect(action).toThrow(SharesError);
    expect(action).toThrow(message);
  };

  it('should refuse a pool state with negative shares or value', () => {
    refused(() => sharesForDeposit(1n, -1n, 10n), 'shares and value cannot be negative');
    refused(() => valueOfShares(0n, 10n, -1n), 'shares and value cannot be negative');
    refused(() => sharesForWithdrawal(1n, -1n, -1n), 'shares and value cannot be negative');
  });

  it('should refuse deposits and withdrawals that are not positive', () => {
    refused(() => sharesForDeposit(0n, 10n, 10n), 'deposit must be positive');
    refused(() => sharesForWithdrawal(0n, 10n, 10n), 'withdrawal must be positive');
  });

  it('should refuse to price a deposit into a pool whose shares or value are missing', () => {
    refused(() => sharesForDeposit(5n, 0n, 10n), 'pool holds value but no shares: issue the owner its shares first');
    refused(() => sharesForDeposit(5n, 10n, 0n), 'pool has shares but no value: its shares are worthless');
    refused(() => sharesForWithdrawal(5n, 10n, 0n), 'pool is empty');
    refused(() => sharesForWithdrawal(5n, 0n, 10n), 'pool is empty');
  });

  it('should value only shares that exist', () => {
    refused(() => valueOfShares(-1n, 10n, 10n), 'shares out of range');
    refused(() => valueOfShares(11n, 10n, 10n), 'shares out of range');
    expect(valueOfShares(10n, 10n, 30n)).toBe(30n);
    expect(valueOfShares(0n, 0n, 0n)).toBe(0n);
  });

  it('should clear the principal of a position burned whole', () => {
    expect(principalAfterWithdrawal(100n, 10n, 10n)).toBe(0n);
    expect(principalAfterWithdrawal(100n, 10n, 4n)).toBe(60n);
    expect(principalAfterWithdrawal(100n, 10n, 20n)).toBe(0n);
    // A position left with no shares keeps no principal (and is not divided by its zero shares).
    expect(principalAfterWithdrawal(100n, 0n, 0n)).toBe(0n);
  });

  it('should issue owner shares only to a pool holding value without shares', () => {
    const seeded = settle(emptyPool(), 500n);
    expect(issueOwnerShares(seeded, 'house').positions.get('house')).toEqual({ shares: 500n, principal: 500n });
    const issued = issueOwnerShares(seeded, 'house');
    expect(issueOwnerShares(issued, 'other')).toBe(issued);
    expect(issueOwnerShares(emptyPool(), 'house')).toEqual(emptyPool());
  });

  it('should refuse a withdrawal without a position, and a loss larger than the pool', () => {
    refused(() => withdraw(emptyPool(), 'nobody', 'all'), 'no position');
    refused(() => settle(emptyPool(), -1n), 'the pool cannot lose more than it holds');
    expect(new SharesError('x').name).toBe('SharesError');
  });

  it('should refuse to pay out a position that holds no shares', () => {
    const pool = { ...settle(emptyPool(), 0n), positions: new Map([['alice', { shares: 0n, principal: 0n }]]) };
    refused(() => withdraw(pool, 'alice', 'all'), 'no position');
  });

  it('should let a pool lose exactly everything it holds', () => {
    const seeded = issueOwnerShares(settle(emptyPool(), 500n), 'house');
    const lost = settle(seeded, -500n);
    expect(lost.value).toBe(0n);
    expect(valueOfShares(500n, lost.totalShares, lost.value)).toBe(0n);
  });
});
