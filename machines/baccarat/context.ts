import { checkBaccaratBetUnits } from '../../src/core/bets/validation';
import type { BetCheckResult, BetLimits } from '../../src/core/bets/validation';
import type { BaccaratSide, WireBaccaratGame } from '../../src/core/games/baccarat';
import { chipLadder } from '../../src/core/bets/chips';
import { toUnitsFloor } from '../../src/core/money';
import { notBettableRefusal } from '../shared/betAmount';
import { DEFAULT_WALLET } from '../shared/events';
import type { GameWallet } from '../shared/events';
import type { BaccaratBetRequest, BaccaratBetResponse, BaccaratWireBet } from './wire';

export type BaccaratArea = 'player' | 'tie' | 'banker';
export const BACCARAT_AREAS: readonly BaccaratArea[] = ['player', 'tie', 'banker'];

/** The chip values (base units) for limits in coins and a dollar rate (null when unknown). */
export function chipValuesFor(limits: BetLimits, exchangeRate: number | null): number[] {
  return chipLadder({ minBet: toUnitsFloor(limits.minBet), maxBet: toUnitsFloor(limits.maxBet), exchangeRate }).map(Number);
}

/** docs/product.md §8: a bet that got no answer, or an answer without a message. */
export const BACCARAT_NETWORK_ERROR = 'An error occurred while placing the bet.';
/** docs/product.md §9 card animation: a card travels to its hand in 300 ms, then turns face up in 150 ms. */
export const CARD_DEAL_MS = 300;
export const CARD_FLIP_MS = 150;
/** The win popup, like the other games' (docs/product.md §9: popups 3 s). */
export const WIN_POPUP_MS = 3000;

/** What the bets feed receives for the player's own round (docs/product.md §3 Bet, without the player's name). */
export interface PlacedBaccaratBet {
  id: string;
  gameName: 'Baccarat';
  wager: number;
  currency: string;
  multiplier: number;
  payout: number;
  animationOver: boolean;
}

export type Chips = Readonly<Record<BaccaratArea, readonly number[]>>;

/** The round on its way or on the table. */
export interface PlacedRound {
  request: BaccaratBetRequest;
  /** The stake held from the balance, base units. */
  totalUnits: number;
}

export interface DealtRound {
  game: WireBaccaratGame;
  /** The server's balance after the round, shown once the cards are out. */
  balance: number;
  betId: string;
  /** Instant reveal: the round's server seed, public as it settled; null in classic mode. */
  serverSeed: string | null;
  /** Cards in the order they are dealt (docs/product.md §4: player, banker, player, banker, then third cards). */
  order: readonly { side: BaccaratSide; card: number }[];
}

export interface BaccaratInput {
  signedIn?: boolean;
  wallet?: GameWallet;
}

export interface BaccaratContext {
  /** The selector's chips, base units, cheapest first; empty until the currency's limits are known. */
  chipValues: readonly number[];
  /** Chip value the next placed chip has, base units; 0 while there are no chips. */
  selectedChip: number;
  /** Each area's stack, bottom first, chip values in base units. */
  chips: Chips;
  wallet: GameWallet;
  limits: BetLimits | null;
  placed: PlacedRound | null;
  round: DealtRound | null;
  /** Cards of `round.order` on the table so far. */
  dealt: number;
  /** The refusal or failure shown under the buttons. */
  message: string | null;
  startSignedIn: boolean;
}

export const EMPTY_CHIPS: Chips = { player: [], tie: [], banker: [] };

export const initialContext = ({ input }: { input: BaccaratInput }): BaccaratContext => ({
  chipValues: [],
  selectedChip: 0,
  chips: EMPTY_CHIPS,
  wallet: input.wallet ?? DEFAULT_WALLET,
  limits: null,
  placed: null,
  round: null,
  dealt: 0,
  message: null,
  startSignedIn: input.signedIn ?? false,
});

const sum = (stack: readonly number[]): number => stack.reduce((a, b) => a + b, 0);
export const areaUnits = (chips: Chips, area: BaccaratArea): number => sum(chips[area]);
export const totalUnits = (chips: Chips): number => BACCARAT_AREAS.reduce((total, area) => total + areaUnits(chips, area), 0);

/** docs/product.md §5 Baccarat checks for a signed-in player (login is the `player` region); null while limits are unknown. */
export function baccaratCheck(context: BaccaratContext): BetCheckResult | null {
  const { limits, wallet, chips } = context;
  const refusal = notBettableRefusal(wallet.currency);
  if (refusal) return refusal;
  if (!limits) return null;
  return checkBaccaratBetUnits({
    loggedIn: true,
    currency: wallet.currency,
    balanceUnits: toUnitsFloor(wallet.balance),
    limits: { minBet: toUnitsFloor(limits.minBet), maxBet: toUnitsFloor(limits.maxBet), maxPayout: toUnitsFloor(limits.maxPayout) },
    ...(wallet.fiatRate === null ? {} : { fiatRate: wallet.fiatRate }),
    bets: {
      player: BigInt(areaUnits(chips, 'player')),
      tie: BigInt(areaUnits(chips, 'tie')),
      banker: BigInt(areaUnits(chips, 'banker')),
    },
  });
}

/** docs/product.md §4: the four first cards alternate, then the player's third card, then the banker's. */
export function dealOrder(game: Pick<WireBaccaratGame, 'playerHand' | 'bankerHand'>): { side: BaccaratSide; card: number }[] {
  const order: { side: BaccaratSide; card: number }[] = [];
  for (let i = 0; i < 3; i++) {
    const player = game.playerHand[i];
    const banker = game.bankerHand[i];
    if (player !== undefined) order.push({ side: 'player', card: player });
    if (banker !== undefined) order.push({ side: 'banker', card: banker });
  }
  return order;
}

export const isDealt = (response: BaccaratBetResponse): response is BaccaratBetResponse & { game: WireBaccaratGame; bet: BaccaratWireBet; balance: number } =>
  response.success === true && !!response.game && !!response.bet && typeof response.balance === 'number';

export const resultUnits = (context: BaccaratContext): number => (context.round ? Number(toUnitsFloor(context.round.game.resultAmount)) : 0);
export const stakeUnits = (context: BaccaratContext): number => context.placed?.totalUnits ?? 0;
export const placedCurrency = (context: BaccaratContext): string => context.placed?.request.currency ?? context.wallet.currency;

export function placedBet(context: BaccaratContext, bet: BaccaratWireBet): PlacedBaccaratBet {
  return {
    id: String(bet.id),
    gameName: 'Baccarat',
    wager: bet.wager,
    currency: placedCurrency(context),
    multiplier: bet.multiplier,
    payout: bet.payout,
    animationOver: false,
  };
}

/** The selected position survives a new ladder (the same rung in the new rate); the cheapest chip otherwise. */
export function keepSelection(context: BaccaratContext, chipValues: readonly number[]): number {
  const index = context.chipValues.indexOf(context.selectedChip);
  return chipValues[index >= 0 ? Math.min(index, chipValues.length - 1) : 0] ?? 0;
}

