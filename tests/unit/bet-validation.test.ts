import { describe, expect, it } from 'vitest';
import {
  BET_MESSAGES,
  checkBaccaratBet,
  checkBaccaratBetUnits,
  checkBet,
  checkBetUnits,
  doubleBet,
  doubleBetUnits,
  formatLimit,
  halfBet,
  halfBetUnits,
} from '../../src/core/bets/validation';
import type { BetCheckUnitsInput } from '../../src/core/bets/validation';

const limits = { minBet: 100n, maxBet: 100_000_000n, maxPayout: 50_000_000n }; // 0.000001, 1, 0.5 coins

const base = {
  loggedIn: true,
  currency: 'BTC',
  amountUnits: 10_000n,
  balanceUnits: 1_000_000_000n,
  limits,
};

const invalid = (message: string) => ({ kind: 'invalid', message });

describe('exact messages', () => {
  it('match docs/product.md §5 letter for letter', () => {
    expect(BET_MESSAGES.accNotAvailable).toBe('ACC betting not available at this time');
    expect(BET_MESSAGES.notPositive).toBe('Bet must be greater than 0');
    expect(BET_MESSAGES.aboveBalance).toBe("Can't bet more than balance");
    expect(BET_MESSAGES.belowMin('0.00000100 BTC')).toBe('Bet must be greater than 0.00000100 BTC');
    expect(BET_MESSAGES.profitAboveMax('$0.01')).toBe('Profit on win must be less than $0.01');
    expect(BET_MESSAGES.aboveMax('1.00000000 ETH')).toBe('Bet must be less than less 1.00000000 ETH');
    expect(BET_MESSAGES.baccaratNoBet).toBe('Please place at least one bet before starting the game.');
    expect(BET_MESSAGES.baccaratBalanceTooLow).toBe('Balance too low.');
  });

  it('quote limits with the currency symbol, or in dollars (lower bounds up, upper bounds down)', () => {
    expect(formatLimit(100n, 'BTC', undefined, 'lower')).toBe('0.00000100 BTC');
    expect(formatLimit(100n, 'BTC', 60_000, 'lower')).toBe('$0.06');
    expect(formatLimit(1000n, 'ETH', 999.99, 'lower')).toBe('$0.01'); // $0.0099999
    expect(formatLimit(1000n, 'ETH', 999.99, 'upper')).toBe('$0.00');
    expect(formatLimit(10n ** 13n, 'BTC', 60_000, 'upper')).toBe('$6,000,000,000.00');
  });
});

describe('checkBetUnits order (dice)', () => {
  const dice = (over: Partial<BetCheckUnitsInput> = {}): BetCheckUnitsInput => ({ ...base, game: 'dice', chance: 49.5, ...over }) as BetCheckUnitsInput;

  it('asks for login before anything else, without a message', () => {
    expect(checkBetUnits(dice({ loggedIn: false, currency: 'ACC', amountUnits: 0n }))).toEqual({ kind: 'needsLogin' });
  });

  it('then refuses ACC whatever the amount', () => {
    expect(checkBetUnits(dice({ currency: 'ACC', amountUnits: -5n }))).toEqual(invalid(BET_MESSAGES.accNotAvailable));
    expect(checkBetUnits(dice({ currency: 'acc' }))).toEqual(invalid(BET_MESSAGES.accNotAvailable));
  });

  it('then amount at most 0', () => {
    expect(checkBetUnits(dice({ amountUnits: 0n, balanceUnits: -1n }))).toEqual(invalid(BET_MESSAGES.notPositive));
    expect(checkBetUnits(dice({ amountUnits: -1n }))).toEqual(invalid(BET_MESSAGES.notPositive));
  });

  it('then the balance, before the minimum', () => {
    expect(checkBetUnits(dice({ amountUnits: 50n, balanceUnits: 49n }))).toEqual(invalid(BET_MESSAGES.aboveBalance));
  });

  it('then the minimum, with the currency symbol', () => {
    expect(checkBetUnits(dice({ amountUnits: 99n }))).toEqual(invalid('Bet must be greater than 0.00000100 BTC'));
    expect(checkBetUnits(dice({ amountUnits: 100n }))).toEqual({ kind: 'ok' });
  });

  it('then the profit on win against maxPayout (dice only), not maxBet', () => {
    // 0.5 BTC at 2× profits exactly maxPayout: allowed. One unit more is not.
    expect(checkBetUnits(dice({ amountUnits: 50_000_000n }))).toEqual({ kind: 'ok' });
    expect(checkBetUnits(dice({ amountUnits: 50_000_001n }))).toEqual(invalid('Profit on win must be less than 0.50000000 BTC'));
    // Above maxBet but profit within maxPayout: dice does not check maxBet.
    expect(checkBetUnits(dice({ amountUnits: 200_000_000n, chance: 98 }))).toEqual({ kind: 'ok' });
    expect(checkBetUnits(dice({ amountUnits: 1_000n, chance: 0.01 }))).toEqual({ kind: 'ok' }); // 9,899,000 profit
    expect(checkBetUnits(dice({ amountUnits: 100_000n, chance: 0.01 }))).toEqual(invalid('Profit on win must be less than 0.50000000 BTC'));
  });

  it('quotes limits in dollars in fiat display', () => {
    expect(checkBetUnits(dice({ amountUnits: 99n, fiatRate: 60_000 }))).toEqual(invalid('Bet must be greater than $0.06'));
    expect(checkBetUnits(dice({ amountUnits: 60_000_000n, fiatRate: 60_000 }))).toEqual(invalid('Profit on win must be less than $30,000.00'));
  });
});

describe('checkBetUnits order (mines, blackjack, baccarat)', () => {
  it.each(['mines', 'blackjack', 'baccarat'] as const)('%s checks maxBet with the wording of docs/product.md and ignores profit', (game) => {
    expect(checkBetUnits({ ...base, game, amountUnits: 100_000_001n })).toEqual(invalid('Bet must be less than less 1.00000000 BTC'));
    expect(checkBetUnits({ ...base, game, amountUnits: 100_000_000n })).toEqual({ kind: 'ok' });
    expect(checkBetUnits({ ...base, game, amountUnits: 99n })).toEqual(invalid('Bet must be greater than 0.00000100 BTC'));
    expect(checkBetUnits({ ...base, game, amountUnits: 100_000_001n, balanceUnits: 100_000_000n })).toEqual(invalid(BET_MESSAGES.aboveBalance));
    expect(checkBetUnits({ ...base, game, loggedIn: false })).toEqual({ kind: 'needsLogin' });
  });
});

describe('checkBet (browser numbers)', () => {
  const numberLimits = { minBet: 0.000001, maxBet: 1, maxPayout: 0.5 };

  it('runs the same checks on coin amounts', () => {
    const input = { game: 'mines' as const, loggedIn: true, currency: 'ETH', balance: 10, limits: numberLimits };
    expect(checkBet({ ...input, amount: 0 })).toEqual(invalid(BET_MESSAGES.notPositive));
    expect(checkBet({ ...input, amount: Number.NaN })).toEqual(invalid(BET_MESSAGES.notPositive));
    expect(checkBet({ ...input, amount: 0.0000001 })).toEqual(invalid('Bet must be greater than 0.00000100 ETH'));
    expect(checkBet({ ...input, amount: 11 })).toEqual(invalid(BET_MESSAGES.aboveBalance));
    expect(checkBet({ ...input, amount: 1.5 })).toEqual(invalid('Bet must be less than less 1.00000000 ETH'));
    expect(checkBet({ ...input, amount: 0.3 })).toEqual({ kind: 'ok' });
  });

  it('converts a fiat entry to crypto by the rate before checking', () => {
    const input = { game: 'dice' as const, chance: 49.5, loggedIn: true, currency: 'BTC', balance: 0.001, limits: numberLimits, fiatRate: 60_000 };
    expect(checkBet({ ...input, amount: 60 })).toEqual({ kind: 'ok' }); // 0.001 BTC, all the balance
    expect(checkBet({ ...input, amount: 60.01 })).toEqual(invalid(BET_MESSAGES.aboveBalance));
    expect(checkBet({ ...input, amount: 0.05 })).toEqual(invalid('Bet must be greater than $0.06'));
    expect(checkBet({ ...input, amount: 0.06 })).toEqual({ kind: 'ok' });
    expect(checkBet({ ...input, loggedIn: false, amount: 0.06 })).toEqual({ kind: 'needsLogin' });
  });
});

describe('half and double', () => {
  it('halves, not below minBet, not above balance', () => {
    expect(halfBetUnits(1_000n, { minBet: 100n, balance: 10_000n })).toBe(500n);
    expect(halfBetUnits(101n, { minBet: 10n, balance: 10_000n })).toBe(51n); // rounded half up
    expect(halfBetUnits(150n, { minBet: 100n, balance: 10_000n })).toBe(100n);
    expect(halfBetUnits(150n, { minBet: 100n, balance: 80n })).toBe(80n);
  });

  it('doubles, not above balance nor maxBet', () => {
    expect(doubleBetUnits(1_000n, { maxBet: 10_000n, balance: 10_000n })).toBe(2_000n);
    expect(doubleBetUnits(6_000n, { maxBet: 10_000n, balance: 11_000n })).toBe(10_000n);
    expect(doubleBetUnits(6_000n, { maxBet: 20_000n, balance: 11_000n })).toBe(11_000n);
  });

  it('rounds to 8 decimals in crypto display', () => {
    const bounds = { minBet: 0.00000001, maxBet: 1, balance: 5 };
    expect(halfBet(0.00000003, bounds)).toBe(0.00000002);
    expect(halfBet(0.3, bounds)).toBe(0.15);
    expect(doubleBet(0.3, bounds)).toBe(0.6);
    expect(doubleBet(0.7, bounds)).toBe(1);
    expect(halfBet(0.000001, { ...bounds, minBet: 0.000001 })).toBe(0.000001);
    expect(doubleBet(Number.NaN, bounds)).toBe(0);
  });

  it('rounds to cents in fiat display with bounds converted at the rate', () => {
    const bounds = { minBet: 0.000001, maxBet: 0.01, balance: 0.002, fiatRate: 60_000 }; // $0.06, $600, $120
    expect(halfBet(0.05, bounds)).toBe(0.06);
    expect(halfBet(10.01, bounds)).toBe(5.01); // 5.005 rounds half up
    expect(doubleBet(50, bounds)).toBe(100);
    expect(doubleBet(70, bounds)).toBe(120);
    expect(doubleBet(70, { ...bounds, balance: 1 })).toBe(140);
    expect(doubleBet(400, { ...bounds, balance: 1 })).toBe(600);
  });
});

describe('baccarat', () => {
  const table = { loggedIn: true, currency: 'BTC', balanceUnits: 1_000n, limits };

  it('needs at least one bet, then the balance, then the shared limits', () => {
    expect(checkBaccaratBetUnits({ ...table, loggedIn: false, bets: { player: 0n, tie: 0n, banker: 0n } })).toEqual({ kind: 'needsLogin' });
    expect(checkBaccaratBetUnits({ ...table, currency: 'ACC', bets: { player: 0n, tie: 0n, banker: 0n } })).toEqual(invalid(BET_MESSAGES.accNotAvailable));
    expect(checkBaccaratBetUnits({ ...table, bets: { player: 0n, tie: 0n, banker: 0n } })).toEqual(invalid('Please place at least one bet before starting the game.'));
    expect(checkBaccaratBetUnits({ ...table, bets: { player: 600n, tie: 0n, banker: 401n } })).toEqual(invalid('Balance too low.'));
    expect(checkBaccaratBetUnits({ ...table, bets: { player: 50n, tie: 10n, banker: 20n } })).toEqual(invalid('Bet must be greater than 0.00000100 BTC'));
    expect(checkBaccaratBetUnits({ ...table, bets: { player: 50n, tie: 10n, banker: 40n } })).toEqual({ kind: 'ok' });
    const rich = { ...table, balanceUnits: 10n ** 10n };
    expect(checkBaccaratBetUnits({ ...rich, bets: { player: 60_000_000n, tie: 0n, banker: 40_000_001n } })).toEqual(invalid('Bet must be less than less 1.00000000 BTC'));
    expect(() => checkBaccaratBetUnits({ ...table, bets: { player: -1n, tie: 0n, banker: 5n } })).toThrow(RangeError);
  });

  it('has a browser variant over chip amounts', () => {
    const input = { loggedIn: true, currency: 'LTC', balance: 1, limits: { minBet: 0.001, maxBet: 0.5, maxPayout: 1 } };
    expect(checkBaccaratBet({ ...input, bets: { player: 0, tie: 0, banker: 0 } })).toEqual(invalid(BET_MESSAGES.baccaratNoBet));
    expect(checkBaccaratBet({ ...input, bets: { player: 0.6, tie: 0.3, banker: 0.2 } })).toEqual(invalid(BET_MESSAGES.baccaratBalanceTooLow));
    expect(checkBaccaratBet({ ...input, bets: { player: 0.3, tie: 0, banker: 0.3 } })).toEqual(invalid('Bet must be less than less 0.50000000 LTC'));
    expect(checkBaccaratBet({ ...input, bets: { player: 0.1, tie: 0.2, banker: 0 } })).toEqual({ kind: 'ok' });
  });
});
