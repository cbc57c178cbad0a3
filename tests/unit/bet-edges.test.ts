import { describe, expect, it } from 'vitest';
import { chipFaces, chipLadder } from '../../src/core/bets/chips';
import { checkBaccaratBet, checkBaccaratBetUnits, checkBet, checkBetUnits, doubleBet, formatLimit, halfBet } from '../../src/core/bets/validation';

const COIN = 100_000_000n;

/** Edges of the bet rules that the main bet tests do not reach (found by mutation testing). */
describe('bet checks, edge cases', () => {
  const limits = { minBet: 0.000001, maxBet: 1, maxPayout: 0.5 };
  const player = { loggedIn: true, currency: 'BTC', balance: 10, limits };

  it('should hold a dice bet to its profit on win, not to maxBet', () => {
    expect(checkBet({ ...player, game: 'dice', chance: 49.5, amount: 0.6 })).toEqual({
      kind: 'invalid',
      message: 'Profit on win must be less than 0.50000000 BTC',
    });
  });

  it('should quote a lower bound in dollars rounded up', () => {
    // 1,000 base units at $999.99 are $0.0099999: "greater than $0.01", never "$0.00".
    const bet = { loggedIn: true, currency: 'ETH', amountUnits: 500n, balanceUnits: COIN, limits: { minBet: 1000n, maxBet: COIN, maxPayout: COIN }, fiatRate: 999.99 };
    expect(checkBetUnits({ ...bet, game: 'mines' })).toEqual({ kind: 'invalid', message: 'Bet must be greater than $0.01' });
    // A fifth of a cent rounds up too, not to the nearest cent.
    expect(formatLimit(200n, 'ETH', 999.99, 'lower')).toBe('$0.01');
  });

  it('should refuse a negative baccarat area outright', () => {
    const table = { loggedIn: true, currency: 'BTC', balanceUnits: COIN, limits: { minBet: 1n, maxBet: COIN, maxPayout: COIN } };
    expect(() => checkBaccaratBetUnits({ ...table, bets: { player: 5n, tie: -1n, banker: 0n } })).toThrow('baccarat area bets cannot be negative');
    expect(() => checkBaccaratBetUnits({ ...table, bets: { player: -1n, tie: 0n, banker: 5n } })).toThrow(RangeError);
    expect(() => checkBaccaratBetUnits({ ...table, bets: { player: 0n, tie: 0n, banker: -1n } })).toThrow(RangeError);
  });

  it('should take a baccarat total equal to the balance', () => {
    const table = { loggedIn: true, currency: 'BTC', balanceUnits: 300n, limits: { minBet: 1n, maxBet: COIN, maxPayout: COIN } };
    expect(checkBaccaratBetUnits({ ...table, bets: { player: 100n, tie: 100n, banker: 100n } })).toEqual({ kind: 'ok' });
    expect(checkBaccaratBetUnits({ ...table, bets: { player: 100n, tie: 100n, banker: 101n } })).toEqual({ kind: 'invalid', message: 'Balance too low.' });
  });

  it('should quote the baccarat limits in dollars in fiat display', () => {
    expect(checkBaccaratBet({ loggedIn: true, currency: 'BTC', balance: 1, limits: { minBet: 0.001, maxBet: 1, maxPayout: 1 }, fiatRate: 1000, bets: { player: 0.5, tie: 0, banker: 0 } })).toEqual({
      kind: 'invalid',
      message: 'Bet must be greater than $1.00',
    });
  });
});

describe('half and double, edge cases', () => {
  it('should treat a negative or unreadable amount as 0', () => {
    const bounds = { minBet: 0.0001, maxBet: 1, balance: 1 };
    expect(halfBet(-1, bounds)).toBe(0.0001);
    expect(halfBet(Number.NaN, bounds)).toBe(0.0001);
    expect(doubleBet(-1, bounds)).toBe(0);
  });

  it('should round the fiat minimum up and the balance and maximum down to the cent', () => {
    // At $1,000 a coin: 0.000024 is $0.024 (3 cents up), 0.000026 is $0.026 (2 cents down).
    expect(halfBet(0.02, { minBet: 0.000024, maxBet: 1, balance: 1, fiatRate: 1000 })).toBe(0.03);
    expect(doubleBet(0.02, { minBet: 0.00001, maxBet: 1, balance: 0.000026, fiatRate: 1000 })).toBe(0.02);
    expect(doubleBet(0.02, { minBet: 0.00001, maxBet: 0.000026, balance: 1, fiatRate: 1000 })).toBe(0.02);
  });
});

describe('chip ladder, edge cases', () => {
  const multiples = [100n, 1_000n, 5_000n, 10_000n, 50_000n, 100_000n];

  it('should fall back to multiples of the minimum bet without a usable rate', () => {
    for (const exchangeRate of [null, Number.NaN, Number.POSITIVE_INFINITY, 0, -3]) {
      expect(chipLadder({ minBet: 100n, maxBet: COIN, exchangeRate })).toEqual(multiples);
    }
  });

  it('should offer the minimum bet alone when the limits leave no room, and nothing without a minimum', () => {
    expect(chipLadder({ minBet: 100n, maxBet: 100n, exchangeRate: null })).toEqual([100n]);
    expect(chipLadder({ minBet: 100n, maxBet: 50n, exchangeRate: null })).toEqual([100n]);
    expect(chipLadder({ minBet: 0n, maxBet: 50n, exchangeRate: null })).toEqual([]);
  });

  it('should make every chip a whole number of the smallest step of the currency', () => {
    // A currency counted in 6 decimals: steps of 100 base units.
    expect(chipLadder({ minBet: 150n, maxBet: COIN, exchangeRate: null, decimals: 6 })).toEqual([200n, 1_500n, 7_500n, 15_000n, 75_000n, 150_000n]);
    // The step pushes the only candidate above maxBet: the minimum bet is offered as it is.
    expect(chipLadder({ minBet: 150n, maxBet: 150n, exchangeRate: null, decimals: 6 })).toEqual([150n]);
  });

  it('should give a ladder for a coin worth millions of dollars, down to a ten-cent chip of one base unit', () => {
    // At $20,000,000 a coin, $0.10 is half a base unit, rounded up to 1; $1 is 5 units and $100 is 500.
    expect(chipLadder({ minBet: 1n, maxBet: COIN, exchangeRate: 20_000_000 })).toEqual([1n, 5n, 25n, 50n, 250n, 500n]);
  });

  it('should write hundreds of thousands of coins in K, not as a fraction of a million', () => {
    expect(chipFaces([100_000n * COIN, 500_000n * COIN], { exchangeRate: null, fiat: false })).toEqual(['100K', '500K']);
  });

  it('should show dollar faces when a whole coin amount is too long for a chip, never a shortened coin amount', () => {
    // At $1 a coin, floored to one significant digit: 1,050,000 coins ("1050K") read $1M, not "1M" coins;
    // 12,345 coins read $10K.
    expect(chipFaces([1_050_000n * COIN], { exchangeRate: 1, fiat: false })).toEqual(['$1M']);
    expect(chipFaces([12_345n * COIN], { exchangeRate: 1, fiat: false })).toEqual(['$10K']);
  });

  it('should write whole thousands and millions of coins short', () => {
    const ladder = [1_000n, 2_500n, 1_050n, 1_000_000n, 1_500_000n].map((coins) => coins * COIN);
    expect(chipFaces(ladder, { exchangeRate: null, fiat: false })).toEqual(['1K', '2.5K', '1050', '1M', '1.5M']);
  });

  it('should keep coin faces without a usable rate even in fiat display', () => {
    expect(chipFaces([10_000_000n, COIN], { exchangeRate: Number.NaN, fiat: true })).toEqual(['0.10', '1']);
    expect(chipFaces([10_000_000n, COIN], { exchangeRate: 0, fiat: true })).toEqual(['0.10', '1']);
    expect(chipFaces([10_000_000n, COIN], { exchangeRate: Number.POSITIVE_INFINITY, fiat: true })).toEqual(['0.10', '1']);
  });

  it('should fall back to two significant digits for a coin face too long to read, without a rate', () => {
    expect(chipFaces([12_500_000n, COIN], { exchangeRate: null, fiat: false })).toEqual(['0.13', '1']);
  });

  it('should show dollars under ten cents as they are', () => {
    // 10,000 base units at $500 a coin are 5 cents.
    expect(chipFaces([10_000n], { exchangeRate: 500, fiat: true })).toEqual(['5¢']);
  });
});
