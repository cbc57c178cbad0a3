import { checkBet } from '../../src/core/bets/validation';
import type { BetCheckResult, BetLimits } from '../../src/core/bets/validation';
import { fiatToCrypto, parseAmount, toUnitsFloor, unitsToNumber } from '../../src/core/money';
import type { GameWallet } from './events';

/** The amount field of every game screen, read the same way everywhere (SPEC §5). */

interface AmountContext {
  limits: { minBet: number; maxBet: number } | null;
  wallet: { balance: number; fiatRate: number | null };
}

/** The amount typed, in the displayed unit; anything unreadable or negative counts as 0 (SPEC §5 check 3). */
export function typedAmount(text: string): number {
  const parsed = parseAmount(text);
  return parsed.ok ? parsed.value : 0;
}

/** The amount in coins, as sent to the server (SPEC §5: a fiat entry is converted by the rate). */
export function amountInCoins(text: string, fiatRate: number | null): number {
  const amount = typedAmount(text);
  return fiatRate === null ? unitsToNumber(toUnitsFloor(amount)) : fiatToCrypto(amount, fiatRate);
}

/** What Half and Double may not cross (SPEC §5): the limits and the balance, in the displayed unit. */
export const halfDoubleBounds = (context: AmountContext) => ({
  minBet: context.limits?.minBet ?? 0,
  maxBet: context.limits?.maxBet ?? 0,
  balance: context.wallet.balance,
  ...(context.wallet.fiatRate === null ? {} : { fiatRate: context.wallet.fiatRate }),
});

/**
 * SPEC §5 checks 2–5 and 7 of a game that bets one amount (mines, blackjack) for a signed-in player
 * (check 1 is the `player` region); null while the limits are unknown.
 */
export function singleBetCheck(
  game: 'mines' | 'blackjack',
  context: { amountText: string; wallet: GameWallet; limits: BetLimits | null },
): BetCheckResult | null {
  if (!context.limits) return null;
  const { wallet } = context;
  return checkBet({
    game,
    loggedIn: true,
    currency: wallet.currency,
    amount: typedAmount(context.amountText),
    balance: wallet.balance,
    limits: context.limits,
    ...(wallet.fiatRate === null ? {} : { fiatRate: wallet.fiatRate }),
  });
}
