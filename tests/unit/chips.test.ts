import { describe, expect, it } from 'vitest';
import { chipFaces, chipLadder } from '../../src/core/bets/chips';
import { fiatToUnits, unitsToFiatCents } from '../../src/core/money';
import { DEFAULT_EXCHANGE_RATES, DEFAULT_LIMITS } from '../../src/server/wallet/config';

/** The baccarat limits the server gives by default, in base units, the way it converts them (min up, max down). */
function serverLimits(currency: string) {
  const rate = DEFAULT_EXCHANGE_RATES[currency] as number;
  const { minBet, maxBet } = DEFAULT_LIMITS.baccarat;
  return { minBet: -fiatToUnits(-minBet, rate), maxBet: fiatToUnits(maxBet, rate), exchangeRate: rate };
}

describe('chip ladder', () => {
  it.each([
    // README rates: USDT 1, BTC 95,000, DOGE 0.2, ETH 3,500; limits $0.10–$1,000.
    ['USDT', [10_000_000n, 100_000_000n, 500_000_000n, 1_000_000_000n, 5_000_000_000n, 10_000_000_000n], ['0.10', '1', '5', '10', '50', '100']],
    ['BTC', [110n, 1_100n, 5_300n, 11_000n, 53_000n, 110_000n], ['10¢', '$1', '$5', '$10', '$50', '$100']],
    ['DOGE', [50_000_000n, 500_000_000n, 2_500_000_000n, 5_000_000_000n, 25_000_000_000n, 50_000_000_000n], ['0.50', '5', '25', '50', '250', '500']],
    ['ETH', [2_900n, 29_000n, 150_000n, 290_000n, 1_500_000n, 2_900_000n], ['10¢', '$1', '$5', '$10', '$50', '$100']],
  ] as const)('should give %s chips of about $0.10 to $100, within its limits, with readable faces', (currency, values, faces) => {
    const limits = serverLimits(currency);
    const ladder = chipLadder(limits);
    expect(ladder).toEqual(values);
    expect(chipFaces(ladder, { exchangeRate: limits.exchangeRate, fiat: false })).toEqual(faces);
    for (const [i, units] of ladder.entries()) {
      expect(units).toBeGreaterThanOrEqual(limits.minBet);
      expect(units).toBeLessThanOrEqual(limits.maxBet);
      // Never less than its dollar target, at most 10 % above it (two significant digits, rounded up).
      const cents = Number(unitsToFiatCents(units, limits.exchangeRate, 'ceil'));
      const target = [10, 100, 500, 1_000, 5_000, 10_000][i] as number;
      expect(cents).toBeGreaterThanOrEqual(target);
      expect(cents).toBeLessThanOrEqual(target * 1.1);
    }
  });

  it('should show dollar faces in fiat display', () => {
    const limits = serverLimits('USDT');
    expect(chipFaces(chipLadder(limits), { exchangeRate: 1, fiat: true })).toEqual(['10¢', '$1', '$5', '$10', '$50', '$100']);
  });

  it('should raise chips to the minimum bet and drop those above the maximum', () => {
    // A BTC override of 0.00005 to 0.0003 coins (about $4.75 to $28.50).
    const ladder = chipLadder({ minBet: 5_000n, maxBet: 30_000n, exchangeRate: 95_000 });
    expect(ladder).toEqual([5_000n, 5_300n, 11_000n]);
    expect(chipLadder({ minBet: 5_000n, maxBet: 5_000n, exchangeRate: 95_000 })).toEqual([5_000n]);
  });

  it('should fall back to multiples of the minimum bet without a rate', () => {
    const ladder = chipLadder({ minBet: 10_000n, maxBet: 1_000_000n, exchangeRate: null });
    expect(ladder).toEqual([10_000n, 100_000n, 500_000n, 1_000_000n]);
    expect(chipFaces(ladder, { exchangeRate: null, fiat: false })).toEqual(['0.00010', '0.0010', '0.0050', '0.01']);
  });

  it('should keep every chip a whole number of the currency step', () => {
    // Two decimals: steps of 10^6 base units.
    const ladder = chipLadder({ minBet: 10_000_000n, maxBet: 100_000_000_000n, exchangeRate: 0.3, decimals: 2 });
    for (const units of ladder) expect(units % 1_000_000n).toBe(0n);
  });

  it('should give no chips for impossible limits rather than a chip the server refuses', () => {
    expect(chipLadder({ minBet: 0n, maxBet: 0n, exchangeRate: 1 })).toEqual([]);
  });
});
