import type { AutobetSettings } from '../../src/core/bets/autobet';
import { checkBet } from '../../src/core/bets/validation';
import type { BetCheckResult, BetLimits } from '../../src/core/bets/validation';
import { linkFromChance, linkFromMultiplier, PLACEHOLDER_CHANCE } from '../../src/core/games/dice';
import type { DiceTarget } from '../../src/core/games/dice';
import { amountInCoins, notBettableRefusal, typedAmount } from '../shared/betAmount';
import { DEFAULT_WALLET } from '../shared/events';
import type { GameWallet, PlacedBet } from '../shared/events';
import type { DiceBetRequest, DiceBetResponse } from './wire';

/** docs/product.md §8: a dice bet that got no response. */
export const DICE_NO_RESPONSE_MESSAGE = 'error placing bet, please try again.';

export interface DiceResult {
  roll: number;
  wager: number;
  payout: number;
  currency: string;
  betId: number;
  /** Instant reveal: the bet's server seed, public as it settled (null in classic mode). */
  serverSeed: string | null;
}

export interface DiceInput {
  signedIn?: boolean;
  wallet?: GameWallet;
}

export interface DiceContext {
  /** The amount field exactly as typed (coins, or dollars in fiat display). */
  amountText: string;
  /** The win-chance and multiplier fields as shown; '' shows the placeholders 49.5 and 2. */
  chanceText: string;
  multiplierText: string;
  /** The odds a bet uses now: already clamped and linked, even while the fields still show the raw entry. */
  chance: number | null;
  target: DiceTarget;
  wallet: GameWallet;
  /** Limits of the selected currency, null until loaded. */
  limits: BetLimits | null;
  /** The bet in flight or the last one sent. */
  placed: DiceBetRequest | null;
  result: DiceResult | null;
  /** The refusal or failure shown under the Bet button. */
  message: string | null;
  startSignedIn: boolean;
  /** The Auto panel's settings as the player last left Auto; null before (machines/autobet/gameKit.ts). */
  autobetSettings: AutobetSettings | null;
}

export const initialContext = ({ input }: { input: DiceInput }): DiceContext => ({
  amountText: '',
  chanceText: '',
  multiplierText: '',
  chance: null,
  target: 'under',
  wallet: input.wallet ?? DEFAULT_WALLET,
  limits: null,
  placed: null,
  result: null,
  message: null,
  startSignedIn: input.signedIn ?? false,
  autobetSettings: null,
});

export { amountInCoins, typedAmount };

/** Number typed in a chance or multiplier field: null when empty, NaN when unreadable. */
function readField(text: string): number | null {
  const trimmed = text.trim().replace(',', '.');
  return trimmed === '' ? null : Number(trimmed);
}

export const betChance = (context: Pick<DiceContext, 'chance'>): number => context.chance ?? PLACEHOLDER_CHANCE;

/** docs/product.md §5 checks 2-6 for a signed-in player (check 1 is the `player` region); null while limits are unknown. */
export function diceCheck(context: DiceContext): BetCheckResult | null {
  const refusal = notBettableRefusal(context.wallet.currency);
  if (refusal) return refusal;
  if (!context.limits) return null;
  const { wallet } = context;
  return checkBet({
    game: 'dice',
    loggedIn: true,
    currency: wallet.currency,
    amount: typedAmount(context.amountText, wallet.fiatRate),
    balance: wallet.balance,
    limits: context.limits,
    chance: betChance(context),
    ...(wallet.fiatRate === null ? {} : { fiatRate: wallet.fiatRate }),
  });
}

export function oddsFromChanceText(text: string): Pick<DiceContext, 'chance' | 'multiplierText'> {
  const value = readField(text);
  if (value === null) return { chance: null, multiplierText: '' };
  const odds = linkFromChance(value);
  return { chance: odds.chance, multiplierText: String(odds.multiplier) };
}

export function oddsFromMultiplierText(text: string): Pick<DiceContext, 'chance' | 'chanceText'> {
  const value = readField(text);
  if (value === null) return { chance: null, chanceText: '' };
  const odds = linkFromMultiplier(value);
  return { chance: odds.chance, chanceText: String(odds.chance) };
}

export const placedCurrency = (context: DiceContext): string => context.placed?.currency ?? context.wallet.currency;

/** The request of the bet about to be sent, from the fields as they are now. */
export const betRequest = (context: DiceContext): DiceBetRequest => ({
  betAmount: amountInCoins(context.amountText, context.wallet.fiatRate),
  currency: context.wallet.currency,
  chance: betChance(context),
  target: context.target,
});

/** The row the bets feed shows for the player's own bet, before (or without) the hub's echo. */
export function placedBet(context: DiceContext, response: DiceBetResponse): PlacedBet {
  const { bet } = response;
  return {
    // The server's id is an integer; the feed keys its rows by the id as text, whichever way a row arrives.
    id: String(bet.id),
    gameName: 'Dice',
    wager: bet.wager,
    currency: placedCurrency(context),
    // The table's multiplier is what the bet returned (docs/product.md §2: green at 1 or more), as for blackjack.
    multiplier: bet.wager > 0 ? Math.round((bet.payout / bet.wager) * 10_000) / 10_000 : 0,
    payout: bet.payout,
  };
}
