import type { EventObject } from 'xstate';
import { assignFor } from './assign';
import { BET_MESSAGES, checkBet, doubleBet, halfBet, isBettableCurrency } from '../../src/core/bets/validation';
import type { BetCheckResult, BetLimits } from '../../src/core/bets/validation';
import { fiatToCrypto, parseAmountRounded, plainDecimal, toUnitsFloor, unitsToNumber } from '../../src/core/money';
import type { GameWallet } from './events';

/** The amount field of every game screen, read the same way everywhere (docs/product.md §5). */

interface AmountContext {
  limits: { minBet: number; maxBet: number } | null;
  wallet: { balance: number; fiatRate: number | null };
}

/** Decimals an amount has in the displayed unit (docs/product.md §5): 8 for coins, 2 in fiat display. */
export const displayDecimals = (fiatRate: number | null): number => (fiatRate === null ? 8 : 2);

/**
 * The amount typed, in the displayed unit, rounded to its decimals (docs/product.md §5) rather than refused;
 * anything unreadable or negative counts as 0 (docs/product.md §5 check 3).
 */
export function typedAmount(text: string, fiatRate: number | null = null): number {
  const parsed = parseAmountRounded(text, displayDecimals(fiatRate));
  return parsed.ok ? parsed.value : 0;
}

/** An amount as the field shows it: plain decimals, never "2e-7". */
export const amountText = (amount: number, fiatRate: number | null): string => plainDecimal(amount, displayDecimals(fiatRate));

/** The field after ½ and 2× (docs/product.md §5), in the displayed unit. */
export const halvedAmountText = (context: AmountContext & { amountText: string }): string =>
  amountText(halfBet(typedAmount(context.amountText, context.wallet.fiatRate), halfDoubleBounds(context)), context.wallet.fiatRate);
export const doubledAmountText = (context: AmountContext & { amountText: string }): string =>
  amountText(doubleBet(typedAmount(context.amountText, context.wallet.fiatRate), halfDoubleBounds(context)), context.wallet.fiatRate);

/**
 * docs/product.md §5 check 2 needs no limits: ACC is refused at once (its limits request is refused too, so
 * waiting for them would leave Bet silent).
 */
export function notBettableRefusal(currency: string): BetCheckResult | null {
  return isBettableCurrency(currency) ? null : { kind: 'invalid', message: BET_MESSAGES.accNotAvailable };
}

/** The amount in coins, as sent to the server (docs/product.md §5: a fiat entry is converted by the rate). */
export function amountInCoins(text: string, fiatRate: number | null): number {
  const amount = typedAmount(text, fiatRate);
  return fiatRate === null ? unitsToNumber(toUnitsFloor(amount)) : fiatToCrypto(amount, fiatRate);
}

/** What Half and Double may not cross (docs/product.md §5): the limits and the balance, in the displayed unit. */
export const halfDoubleBounds = (context: AmountContext) => ({
  minBet: context.limits?.minBet ?? 0,
  maxBet: context.limits?.maxBet ?? 0,
  balance: context.wallet.balance,
  ...(context.wallet.fiatRate === null ? {} : { fiatRate: context.wallet.fiatRate }),
});

/**
 * docs/product.md §5 checks 2–5 and 7 of a game that bets one amount (mines, blackjack) for a signed-in player
 * (check 1 is the `player` region); null while the limits are unknown.
 */
export function singleBetCheck(
  game: 'mines' | 'blackjack',
  context: { amountText: string; wallet: GameWallet; limits: BetLimits | null },
): BetCheckResult | null {
  const refusal = notBettableRefusal(context.wallet.currency);
  if (refusal) return refusal;
  if (!context.limits) return null;
  const { wallet } = context;
  return checkBet({
    game,
    loggedIn: true,
    currency: wallet.currency,
    amount: typedAmount(context.amountText, wallet.fiatRate),
    balance: wallet.balance,
    limits: context.limits,
    ...(wallet.fiatRate === null ? {} : { fiatRate: wallet.fiatRate }),
  });
}

/** The amount actions of every game with an amount field (docs/product.md §5: type, ½ and 2×). */
export function amountActions<TContext extends AmountContext & { amountText: string }, TEvent extends EventObject>() {
  const assign = assignFor<TContext, TEvent>();
  // The kit only writes `amountText`, which every such context has.
  const amount = (text: string) => ({ amountText: text }) as Partial<TContext>;
  return {
    storeAmount: assign((_, params: { text: string }) => amount(params.text)),
    halveAmount: assign(({ context }) => amount(halvedAmountText(context))),
    doubleAmount: assign(({ context }) => amount(doubledAmountText(context))),
  };
}

/** The amount field's events; Half and Double are bounded by minBet and maxBet (docs/product.md §5), so they wait for the limits. */
export const amountTransitions = {
  'user.typeAmount': { actions: { type: 'storeAmount', params: ({ event }: { event: { text: string } }) => ({ text: event.text }) } },
  'user.halveAmount': { guard: 'limitsKnown', actions: 'halveAmount' },
  'user.doubleAmount': { guard: 'limitsKnown', actions: 'doubleAmount' },
} as const;
