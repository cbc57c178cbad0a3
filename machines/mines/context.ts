import type { AutobetSettings } from '../../src/core/bets/autobet';
import type { BetCheckResult, BetLimits } from '../../src/core/bets/validation';
import { minesMultiplier } from '../../src/core/games/mines';
import { amountText, singleBetCheck } from '../shared/betAmount';
import { DEFAULT_WALLET } from '../shared/events';
import type { GameWallet } from '../shared/events';
import { cryptoToFiat, decimalToUnits, unitsToNumber } from '../../src/core/money';

/** docs/product.md §8. */
export const MINES_MESSAGES = {
  /** Auto mode: Start autobet with no tile chosen. */
  autoNoTiles: 'Choose at least one tile to pick',
  betNetworkError: 'An error occurred while placing the bet.',
  cashoutFailed: 'Cashout failed. Please try again.',
  cashoutError: 'An error occurred during cashout.',
} as const;
/** docs/product.md §8: bet and cash-out messages show for 3 s. */
export const MINES_MESSAGE_MS = 3000;
export const DEFAULT_MINES_COUNT = 3;

/** The game on the board: what was staked, in which currency, against how many mines. */
export interface MinesRound {
  betAmount: number;
  minesCount: number;
  currency: string;
}

export interface MinesWin {
  amount: number;
  multiplier: number;
  gems: number;
  currency: string;
}

export interface MinesInput {
  signedIn?: boolean;
  wallet?: GameWallet;
}

export interface MinesContext {
  /** The amount field exactly as typed (coins, or dollars in fiat display). */
  amountText: string;
  /** The slider, 1 to 24. */
  minesCount: number;
  wallet: GameWallet;
  /** Limits of the selected currency, null until loaded. */
  limits: BetLimits | null;
  /** The bet in flight, then the game being played or just ended. */
  round: MinesRound | null;
  /** Gems found, in the order they were picked. */
  gems: number[];
  /** The tile shown as revealed while the server decides it. */
  pendingTile: number | null;
  /** All mine locations, known only once the game is over. */
  mines: number[];
  /** The mine that ended the game. */
  hitMine: number | null;
  win: MinesWin | null;
  /** Instant reveal: the ended game's bet and its server seed, public as it settled; null in classic mode. */
  revealed: { betId: number; serverSeed: string } | null;
  /** The refusal or failure on screen. */
  message: string | null;
  startSignedIn: boolean;
  /** The Auto panel's settings as the player last left Auto; null before (machines/autobet/gameKit.ts). */
  autobetSettings: AutobetSettings | null;
  /** Auto mode: the tiles each round of a run picks, in this order, before it cashes out. */
  autoTiles: number[];
  /** The picks still to make in the round a run placed; null in a round the player plays. */
  autoPicks: number[] | null;
}

export const initialContext = ({ input }: { input: MinesInput }): MinesContext => ({
  amountText: '',
  minesCount: DEFAULT_MINES_COUNT,
  wallet: input.wallet ?? DEFAULT_WALLET,
  limits: null,
  round: null,
  gems: [],
  pendingTile: null,
  mines: [],
  hitMine: null,
  win: null,
  revealed: null,
  message: null,
  startSignedIn: input.signedIn ?? false,
  autobetSettings: null,
  autoTiles: [],
  autoPicks: null,
});

/** docs/product.md §5 checks for a signed-in player: the shared single-amount check of the games. */
export const minesCheck = (context: MinesContext): BetCheckResult | null => singleBetCheck('mines', context);

/** The amount field showing a restored bet, in the displayed unit. */
export const amountTextFor = (coins: number, fiatRate: number | null): string =>
  amountText(fiatRate === null ? coins : cryptoToFiat(coins, fiatRate), fiatRate);

/** The multiplier the popup shows: the table's, or what was actually paid when the profit was capped. */
export function paidMultiplier(round: MinesRound, amount: number, gems: number): number {
  const table = minesMultiplier(round.minesCount, gems);
  const bet = decimalToUnits(round.betAmount);
  if (bet <= 0n) return table;
  const paid = Number((decimalToUnits(amount) * 100n) / bet) / 100;
  return Math.min(table, paid);
}

/** The balance after a game that ended: the server's figure, else ours plus the win (same currency only). */
export function balanceAfter(context: MinesContext, response: { balance?: number; cashedOutAmount?: number }): number {
  if (typeof response.balance === 'number') return response.balance;
  if (context.round?.currency !== context.wallet.currency) return context.wallet.balance;
  return unitsToNumber(decimalToUnits(context.wallet.balance) + decimalToUnits(response.cashedOutAmount ?? 0));
}

export const roundCurrency = (context: MinesContext): string => context.round?.currency ?? context.wallet.currency;
