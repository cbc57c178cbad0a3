/**
 * The bet checks of docs/product.md §5, shared so the browser and the server refuse a bet with the same
 * words. The order of the checks is part of docs/product.md: the first failing check is the one shown.
 * The server runs checkBetUnits on bigints; the browser runs checkBet on what the form holds
 * (numbers in the displayed unit), which converts and then runs the very same function.
 */
import { diceProfitOnWinUnits } from '../games/dice';
import {
  cryptoToFiat,
  fiatToUnits,
  formatCents,
  formatCrypto,
  scaleDecimal,
  toUnitsFloor,
  unitsToFiatCents,
  unitsToNumber,
} from '../money';

export type BetGame = 'dice' | 'mines' | 'blackjack' | 'baccarat';

/** docs/product.md §3: ACC exists in the wallet but cannot be bet. */
export const NON_BETTABLE_CURRENCY = 'ACC';
/** docs/product.md §9: the baccarat "place a bet" message clears after 3 s. */
export const BACCARAT_ERROR_CLEAR_MS = 3000;

/** Exact wording from docs/product.md §5, including "less than less". */
export const BET_MESSAGES = {
  accNotAvailable: 'ACC betting not available at this time',
  notPositive: 'Bet must be greater than 0',
  aboveBalance: "Can't bet more than balance",
  belowMin: (min: string) => `Bet must be greater than ${min}`,
  profitAboveMax: (max: string) => `Profit on win must be less than ${max}`,
  aboveMax: (max: string) => `Bet must be less than less ${max}`,
  baccaratNoBet: 'Please place at least one bet before starting the game.',
  baccaratBalanceTooLow: 'Balance too low.',
} as const;

export type BetCheckResult = { kind: 'ok' } | { kind: 'needsLogin' } | { kind: 'invalid'; message: string };

/** Limits in base units (the server's and the wire's `limit` converted with decimalToUnits). */
export interface BetLimitsUnits {
  minBet: bigint;
  maxBet: bigint;
  maxPayout: bigint;
}

/** Limits in coins, as the browser receives them. */
export interface BetLimits {
  minBet: number;
  maxBet: number;
  maxPayout: number;
}

interface CommonUnits {
  loggedIn: boolean;
  currency: string;
  amountUnits: bigint;
  balanceUnits: bigint;
  limits: BetLimitsUnits;
  /** Set when amounts are displayed in fiat: limits in messages are then quoted in dollars. */
  fiatRate?: number;
}

export type BetCheckUnitsInput =
  | (CommonUnits & { game: 'dice'; chance: number })
  | (CommonUnits & { game: 'mines' | 'blackjack' | 'baccarat' });

const ok: BetCheckResult = { kind: 'ok' };
const invalid = (message: string): BetCheckResult => ({ kind: 'invalid', message });

/**
 * "0.00000100 BTC" in crypto display, "$0.01" in fiat display. A lower bound is rounded up to the
 * cent and an upper bound down, so following the message's advice is always accepted.
 */
export function formatLimit(units: bigint, currency: string, fiatRate: number | undefined, bound: 'lower' | 'upper'): string {
  if (fiatRate === undefined) return `${formatCrypto(units)} ${currency}`;
  return formatCents(unitsToFiatCents(units, fiatRate, bound === 'lower' ? 'ceil' : 'floor'));
}

export function isBettableCurrency(currency: string): boolean {
  return currency.toUpperCase() !== NON_BETTABLE_CURRENCY;
}

export function checkBetUnits(input: BetCheckUnitsInput): BetCheckResult {
  const { loggedIn, currency, amountUnits, balanceUnits, limits, fiatRate } = input;
  if (!loggedIn) return { kind: 'needsLogin' };
  if (!isBettableCurrency(currency)) return invalid(BET_MESSAGES.accNotAvailable);
  if (amountUnits <= 0n) return invalid(BET_MESSAGES.notPositive);
  if (amountUnits > balanceUnits) return invalid(BET_MESSAGES.aboveBalance);
  if (amountUnits < limits.minBet) return invalid(BET_MESSAGES.belowMin(formatLimit(limits.minBet, currency, fiatRate, 'lower')));
  if (input.game === 'dice') {
    if (diceProfitOnWinUnits(amountUnits, input.chance) > limits.maxPayout) {
      return invalid(BET_MESSAGES.profitAboveMax(formatLimit(limits.maxPayout, currency, fiatRate, 'upper')));
    }
  } else if (amountUnits > limits.maxBet) {
    return invalid(BET_MESSAGES.aboveMax(formatLimit(limits.maxBet, currency, fiatRate, 'upper')));
  }
  return ok;
}

/**
 * The server's checks after checkBetUnits (issue 13): every win a bet could bring must be payable.
 * Dice also keeps to maxBet (after its own profit check, docs/product.md §5 items 6 and 7); every game refuses
 * a bet whose largest possible profit (`maxProfitUnits`, stakes not counted) is above maxPayout, and
 * any bet at all when maxPayout is 0 (an unfunded bankroll could not pay a single win). The words
 * are docs/product.md's "Profit on win must be less than {max}".
 */
export function checkMaxWinUnits(input: {
  game: BetGame;
  currency: string;
  amountUnits: bigint;
  maxProfitUnits: bigint;
  limits: BetLimitsUnits;
  fiatRate?: number;
}): BetCheckResult {
  const { game, currency, amountUnits, maxProfitUnits, limits, fiatRate } = input;
  const profitMessage = () => invalid(BET_MESSAGES.profitAboveMax(formatLimit(limits.maxPayout, currency, fiatRate, 'upper')));
  if (limits.maxPayout <= 0n) return profitMessage();
  if (game === 'dice' && amountUnits > limits.maxBet) return invalid(BET_MESSAGES.aboveMax(formatLimit(limits.maxBet, currency, fiatRate, 'upper')));
  if (maxProfitUnits > limits.maxPayout) return profitMessage();
  return ok;
}

interface CommonDisplay {
  loggedIn: boolean;
  currency: string;
  /** As typed: coins, or dollars when fiatRate is set (then converted to crypto by the rate, floored). */
  amount: number;
  /** Balance in coins. */
  balance: number;
  limits: BetLimits;
  fiatRate?: number;
}

export type BetCheckInput =
  | (CommonDisplay & { game: 'dice'; chance: number })
  | (CommonDisplay & { game: 'mines' | 'blackjack' | 'baccarat' });

function displayToUnits(amount: number, fiatRate: number | undefined): bigint {
  if (!Number.isFinite(amount)) return 0n;
  return fiatRate === undefined ? toUnitsFloor(amount) : fiatToUnits(amount, fiatRate);
}

function limitsToUnits(limits: BetLimits): BetLimitsUnits {
  return { minBet: toUnitsFloor(limits.minBet), maxBet: toUnitsFloor(limits.maxBet), maxPayout: toUnitsFloor(limits.maxPayout) };
}

/** The browser's checks: same order and messages as checkBetUnits. */
export function checkBet(input: BetCheckInput): BetCheckResult {
  const common: CommonUnits = {
    loggedIn: input.loggedIn,
    currency: input.currency,
    amountUnits: displayToUnits(input.amount, input.fiatRate),
    balanceUnits: toUnitsFloor(input.balance),
    limits: limitsToUnits(input.limits),
    ...(input.fiatRate === undefined ? {} : { fiatRate: input.fiatRate }),
  };
  return input.game === 'dice' ? checkBetUnits({ ...common, game: 'dice', chance: input.chance }) : checkBetUnits({ ...common, game: input.game });
}

// ---------------------------------------------------------------------------------------------
// Half and double (docs/product.md §5)

const minOf = (a: bigint, b: bigint): bigint => (a < b ? a : b);
const maxOf = (a: bigint, b: bigint): bigint => (a > b ? a : b);

/** Half, rounded half up to the base unit, not below minBet, then not above the balance (which wins). */
export function halfBetUnits(amountUnits: bigint, bounds: { minBet: bigint; balance: bigint }): bigint {
  return minOf(maxOf((amountUnits + 1n) / 2n, bounds.minBet), bounds.balance);
}

/** Double, not above the balance nor maxBet. */
export function doubleBetUnits(amountUnits: bigint, bounds: { maxBet: bigint; balance: bigint }): bigint {
  return minOf(minOf(amountUnits * 2n, bounds.balance), bounds.maxBet);
}

export interface HalfDoubleDisplay {
  /** Coins. */
  minBet: number;
  maxBet: number;
  balance: number;
  /** Set in fiat display: the amount is dollars and the result is rounded to cents. */
  fiatRate?: number;
}

/**
 * The 1/2 and 2x buttons on the amount field, in the displayed unit: 8 decimals in crypto,
 * 2 in fiat. In fiat the bounds are converted at the rate (minBet rounded up to the cent, balance
 * and maxBet down) so the result always converts back within them.
 */
export function halfBet(amount: number, bounds: HalfDoubleDisplay): number {
  return scaleBet(amount, bounds, 'half');
}

export function doubleBet(amount: number, bounds: HalfDoubleDisplay): number {
  return scaleBet(amount, bounds, 'double');
}

function scaleBet(amount: number, bounds: HalfDoubleDisplay, action: 'half' | 'double'): number {
  const safeAmount = Number.isFinite(amount) && amount > 0 ? amount : 0;
  const { fiatRate } = bounds;
  if (fiatRate === undefined) {
    const units = scaleDecimal(safeAmount, 8, 'halfUp');
    const limits = { minBet: toUnitsFloor(bounds.minBet), maxBet: toUnitsFloor(bounds.maxBet), balance: toUnitsFloor(bounds.balance) };
    return unitsToNumber(action === 'half' ? halfBetUnits(units, limits) : doubleBetUnits(units, limits));
  }
  const cents = scaleDecimal(safeAmount, 2, 'halfUp');
  const toCents = (coins: number, rounding: 'floor' | 'ceil'): bigint => unitsToFiatCents(toUnitsFloor(coins), fiatRate, rounding);
  const limits = { minBet: toCents(bounds.minBet, 'ceil'), maxBet: toCents(bounds.maxBet, 'floor'), balance: toCents(bounds.balance, 'floor') };
  const result = action === 'half' ? halfBetUnits(cents, limits) : doubleBetUnits(cents, limits);
  return Number(result) / 100;
}

// ---------------------------------------------------------------------------------------------
// Baccarat (docs/product.md §5): the total across the three areas is what the checks apply to.

export interface BaccaratBetsUnits {
  player: bigint;
  tie: bigint;
  banker: bigint;
}

/**
 * Order: login, ACC, at least one bet, balance ("Balance too low." takes the place of the
 * generic balance message), then the total against minBet and maxBet with the shared messages.
 */
export function checkBaccaratBetUnits(input: Omit<CommonUnits, 'amountUnits'> & { bets: BaccaratBetsUnits }): BetCheckResult {
  const { bets } = input;
  if (bets.player < 0n || bets.tie < 0n || bets.banker < 0n) throw new RangeError('baccarat area bets cannot be negative');
  const total = bets.player + bets.tie + bets.banker;
  if (!input.loggedIn) return { kind: 'needsLogin' };
  if (!isBettableCurrency(input.currency)) return invalid(BET_MESSAGES.accNotAvailable);
  if (total <= 0n) return invalid(BET_MESSAGES.baccaratNoBet);
  if (total > input.balanceUnits) return invalid(BET_MESSAGES.baccaratBalanceTooLow);
  return checkBetUnits({ ...input, game: 'baccarat', amountUnits: total });
}

/** Browser variant: area bets in the displayed unit (coins, or dollars with fiatRate). */
export function checkBaccaratBet(
  input: Omit<CommonDisplay, 'amount'> & { bets: { player: number; tie: number; banker: number } },
): BetCheckResult {
  const { fiatRate } = input;
  return checkBaccaratBetUnits({
    loggedIn: input.loggedIn,
    currency: input.currency,
    balanceUnits: toUnitsFloor(input.balance),
    limits: limitsToUnits(input.limits),
    ...(fiatRate === undefined ? {} : { fiatRate }),
    bets: {
      player: displayToUnits(input.bets.player, fiatRate),
      tie: displayToUnits(input.bets.tie, fiatRate),
      banker: displayToUnits(input.bets.banker, fiatRate),
    },
  });
}

/** Balance or limit in the displayed unit: coins, or dollars floored to the cent. */
export function toDisplayAmount(coins: number, fiatRate: number | undefined): number {
  return fiatRate === undefined ? coins : cryptoToFiat(coins, fiatRate);
}
