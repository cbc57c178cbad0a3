import type { SnapshotFrom } from 'xstate';
import type { BaccaratSide } from '../../src/core/games/baccarat';
import { baccaratScore } from '../../src/core/games/cards';
import { chipFaces } from '../../src/core/bets/chips';
import { cryptoToFiat, toUnitsFloor, unitsToNumber } from '../../src/core/money';
import { areaUnits, totalUnits } from './machine';
import type { BaccaratArea, baccaratMachine } from './machine';

type Snapshot = SnapshotFrom<typeof baccaratMachine>;

export type BaccaratOutcome = 'won' | 'lost' | 'draw';

/** docs/product.md §4 wording. */
export const OUTCOME_MESSAGES: Readonly<Record<BaccaratOutcome, string>> = { won: 'You Won', lost: 'You Lost', draw: 'Draw' };

export interface TableCard {
  card: number;
  /** False while the card is still travelling to its hand. */
  faceUp: boolean;
}

export interface WinPopup {
  amount: number;
  multiplier: number;
  currency: string;
}

/** One chip of the selector: its value (base units), its face, and its rung (0 = cheapest), which picks its colour. */
export interface ChipView {
  value: number;
  face: string;
  rung: number;
}

export const selectChipValues = (s: Snapshot): readonly number[] => s.context.chipValues;

/** The selector's chips with their faces in the currency (or dollars); empty until the limits are known. */
export function selectChips(s: Snapshot): ChipView[] {
  const { chipValues, wallet } = s.context;
  const faces = chipFaces(chipValues.map(BigInt), { exchangeRate: wallet.exchangeRate ?? null, fiat: wallet.fiatRate !== null });
  return chipValues.map((value, rung) => ({ value, face: faces[rung] ?? '', rung }));
}

/**
 * A stacked chip's look: the selector's chip of that value, else (a rate moved the ladder under a
 * stack) the rung of the nearest cheaper chip with the coin amount as its face.
 */
export function chipViewOf(chips: readonly ChipView[], value: number): ChipView {
  const same = chips.find((chip) => chip.value === value);
  if (same) return same;
  const rung = Math.max(0, chips.filter((chip) => chip.value < value).length - 1);
  return { value, face: String(unitsToNumber(BigInt(value))), rung };
}
export const selectSelectedChip = (s: Snapshot): number => s.context.selectedChip;
/** The stack on one area, bottom first (base units). */
export const selectStack = (area: BaccaratArea) => (s: Snapshot): readonly number[] => s.context.chips[area];

const toDisplay = (s: Snapshot, units: number): number => {
  const coins = unitsToNumber(BigInt(units));
  return s.context.wallet.fiatRate === null ? coins : cryptoToFiat(coins, s.context.wallet.fiatRate);
};
/** An area's total in the displayed unit (coins, or dollars in fiat display). */
export const selectAreaTotal = (area: BaccaratArea) => (s: Snapshot): number => toDisplay(s, areaUnits(s.context.chips, area));
export const selectTotalBet = (s: Snapshot): number => toDisplay(s, totalUnits(s.context.chips));

/** The controls follow the machine: each is enabled exactly when its event would do something. */
export const selectCanPlaceChips = (s: Snapshot): boolean => s.can({ type: 'user.placeChip', area: 'player' });
export const selectCanClear = (s: Snapshot): boolean => s.can({ type: 'user.clear' });
export const selectCanBet = (s: Snapshot): boolean => s.can({ type: 'user.bet' });
export const selectCanSelectChip = (value: number) => (s: Snapshot): boolean => s.can({ type: 'user.selectChip', value });
/** A round is being sent or dealt. */
export const selectIsRunning = (s: Snapshot): boolean => s.hasTag('busy');

/** The cards on the table per side, in the order each side received them. */
export const selectHand = (side: BaccaratSide) => (s: Snapshot): TableCard[] => {
  const { round, dealt } = s.context;
  if (!round) return [];
  const travelling = s.matches({ round: { dealing: 'cardArriving' } }) ? dealt - 1 : -1;
  return round.order
    .map((entry, position) => ({ ...entry, position }))
    .filter((entry) => entry.position < dealt && entry.side === side)
    .map((entry) => ({ card: entry.card, faceUp: entry.position !== travelling }));
};

/** The score of the face-up cards while dealing, the server's final score once the round is over; null before any card. */
export const selectScore = (side: BaccaratSide) => (s: Snapshot): number | null => {
  const { round } = s.context;
  if (!round) return null;
  if (s.hasTag('result')) return side === 'player' ? round.game.playerScore : round.game.bankerScore;
  const faceUp = selectHand(side)(s).filter((c) => c.faceUp);
  return faceUp.length ? baccaratScore(faceUp.map((c) => c.card)) : null;
};

export const selectOutcome = (s: Snapshot): BaccaratOutcome | null =>
  s.hasTag('won') ? 'won' : s.hasTag('lost') ? 'lost' : s.hasTag('draw') ? 'draw' : null;
export const selectOutcomeMessage = (s: Snapshot): string | null => {
  const outcome = selectOutcome(s);
  return outcome ? OUTCOME_MESSAGES[outcome] : null;
};

export const selectWinPopup = (s: Snapshot): WinPopup | null => {
  const { round, placed } = s.context;
  if (!s.hasTag('winPopup') || !round || !placed) return null;
  const stake = BigInt(placed.totalUnits);
  const result = toUnitsFloor(round.game.resultAmount);
  return {
    amount: round.game.resultAmount,
    // payout ÷ wager, 4 decimals floored, like the bet row's multiplier.
    multiplier: stake > 0n ? Number((result * 10_000n) / stake) / 10_000 : 0,
    currency: placed.request.currency,
  };
};

/** The refusal or failure under the buttons. */
export const selectMessage = (s: Snapshot): string | null => (s.hasTag('message') ? s.context.message : null);

/** Instant reveal: the dealt round's bet and its public server seed, once the cards are out; never while dealing. */
export const selectRevealedBet = (s: Snapshot): { betId: number; serverSeed: string } | null => {
  const { round } = s.context;
  return s.hasTag('result') && round?.serverSeed ? { betId: Number(round.betId), serverSeed: round.serverSeed } : null;
};
