import { describe, expect, it } from 'vitest';
import { checkMaxWinUnits, isBettableCurrency, toDisplayAmount } from '../../src/core/bets/validation';

/** The server's second set of checks (every win must be payable), and what the bet screens show limits in. */
describe('the largest win a bet could bring', () => {
  const limits = { minBet: 100n, maxBet: 100_000_000n, maxPayout: 50_000_000n }; // max bet 1, max profit 0.5 coins
  const bet = { currency: 'BTC', amountUnits: 10_000_000n, maxProfitUnits: 0n, limits };
  const profitMessage = { kind: 'invalid', message: 'Profit on win must be less than 0.50000000 BTC' };

  it('should take a bet whose largest profit is at most maxPayout', () => {
    expect(checkMaxWinUnits({ ...bet, game: 'mines', maxProfitUnits: 50_000_000n })).toEqual({ kind: 'ok' });
    expect(checkMaxWinUnits({ ...bet, game: 'blackjack', maxProfitUnits: 0n })).toEqual({ kind: 'ok' });
  });

  it('should refuse one unit more, in the words of docs/product.md', () => {
    expect(checkMaxWinUnits({ ...bet, game: 'mines', maxProfitUnits: 50_000_001n })).toEqual(profitMessage);
    expect(checkMaxWinUnits({ ...bet, game: 'baccarat', maxProfitUnits: 50_000_001n })).toEqual(profitMessage);
  });

  it('should refuse every bet while the bankroll could pay no win at all', () => {
    const unfunded = { ...limits, maxPayout: 0n };
    expect(checkMaxWinUnits({ ...bet, game: 'mines', maxProfitUnits: 0n, limits: unfunded })).toEqual({
      kind: 'invalid',
      message: 'Profit on win must be less than 0.00000000 BTC',
    });
  });

  it('should keep dice to maxBet, before the profit, but not the other games (their maxBet is checked earlier)', () => {
    const big = { ...bet, amountUnits: 100_000_001n, maxProfitUnits: 60_000_000n };
    expect(checkMaxWinUnits({ ...big, game: 'dice' })).toEqual({ kind: 'invalid', message: 'Bet must be less than less 1.00000000 BTC' });
    expect(checkMaxWinUnits({ ...big, game: 'mines' })).toEqual(profitMessage);
    expect(checkMaxWinUnits({ ...bet, amountUnits: 100_000_000n, game: 'dice' })).toEqual({ kind: 'ok' });
  });

  it('should quote the limit in dollars, rounded down, in fiat display', () => {
    expect(checkMaxWinUnits({ ...bet, game: 'mines', maxProfitUnits: 50_000_001n, fiatRate: 60_000.019 })).toEqual({
      kind: 'invalid',
      message: 'Profit on win must be less than $30,000.00',
    });
    expect(checkMaxWinUnits({ ...bet, game: 'dice', amountUnits: 100_000_001n, fiatRate: 3 })).toEqual({
      kind: 'invalid',
      message: 'Bet must be less than less $3.00',
    });
  });
});

describe('bettable currencies', () => {
  it('should refuse ACC in any case and take the others', () => {
    expect(isBettableCurrency('ACC')).toBe(false);
    expect(isBettableCurrency('acc')).toBe(false);
    expect(isBettableCurrency('BTC')).toBe(true);
    expect(isBettableCurrency('USDT')).toBe(true);
  });
});

describe('an amount in the displayed unit', () => {
  it('should keep coins in crypto display and floor dollars to the cent in fiat display', () => {
    expect(toDisplayAmount(0.12345678, undefined)).toBe(0.12345678);
    expect(toDisplayAmount(0.5, 64_123.45)).toBe(32_061.72); // 32,061.725 floored
    expect(toDisplayAmount(0.00001, 999.99)).toBe(0);
  });
});
