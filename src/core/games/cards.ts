import type { FloatAt } from '../fairness/floats';

export const DECK_SIZE = 52;

/** Wire value of the dealer's face-down card: rank index 13 (`Hidden`), never produced by a float. */
export const HIDDEN_CARD = 52;

export const RANKS = [
  'Two',
  'Three',
  'Four',
  'Five',
  'Six',
  'Seven',
  'Eight',
  'Nine',
  'Ten',
  'Jack',
  'Queen',
  'King',
  'Ace',
  'Hidden',
] as const;
export type Rank = (typeof RANKS)[number];

export const SUITS = ['Diamonds', 'Hearts', 'Spades', 'Clubs'] as const;
export type Suit = (typeof SUITS)[number];

/** `suit` is null only for the hidden card, whose index carries no suit. */
export interface Card {
  readonly index: number;
  readonly rank: Rank;
  readonly suit: Suit | null;
}

const TEN_RANK = 8;
const ACE_RANK = 12;

/** Infinite deck: every float is an independent draw of one of the 52 cards. */
export function cardIndexFromFloat(float: number): number {
  // A float outside [0, 1) means a broken stream; a silently clamped card would hide that.
  if (!(float >= 0 && float < 1)) {
    throw new RangeError(`A card float must lie in [0, 1); got ${float}`);
  }
  return Math.floor(float * DECK_SIZE);
}

export function cardAt(floatAt: FloatAt, position: number): number {
  return cardIndexFromFloat(floatAt(position));
}

function assertCardIndex(index: number, allowHidden: boolean): void {
  const max = allowHidden ? HIDDEN_CARD : DECK_SIZE - 1;
  if (!Number.isInteger(index) || index < 0 || index > max) {
    throw new RangeError(`Not a card index: ${index}`);
  }
}

export function isCardIndex(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 && value < DECK_SIZE;
}

/** 0 = Two … 12 = Ace, 13 = Hidden. */
export function cardRankIndex(index: number): number {
  assertCardIndex(index, true);
  return Math.floor(index / 4);
}

export function cardRank(index: number): Rank {
  return RANKS[cardRankIndex(index)] as Rank;
}

export function cardSuit(index: number): Suit | null {
  assertCardIndex(index, true);
  return index === HIDDEN_CARD ? null : (SUITS[index % 4] as Suit);
}

export function describeCard(index: number): Card {
  return { index, rank: cardRank(index), suit: cardSuit(index) };
}

/** Ace counts 11 here; `blackjackTotal` reduces it to 1 where needed. */
export function blackjackCardValue(index: number): number {
  assertCardIndex(index, false);
  const rank = cardRankIndex(index);
  if (rank === ACE_RANK) return 11;
  return rank >= TEN_RANK ? 10 : rank + 2;
}

export function baccaratCardValue(index: number): number {
  assertCardIndex(index, false);
  const rank = cardRankIndex(index);
  if (rank === ACE_RANK) return 1;
  return rank >= TEN_RANK ? 0 : rank + 2;
}

/**
 * `total` is the best value: every Ace starts at 11 and is reduced to 1 while the hand is over 21.
 * `soft` means an Ace still counts 11, so `total - 10` is the other reading of the hand.
 */
export interface BlackjackTotal {
  readonly total: number;
  readonly soft: boolean;
}

/** The hidden card is skipped, so the UI can pass a wire hand such as `[upCard, 52]`. */
export function blackjackTotal(cards: readonly number[]): BlackjackTotal {
  let total = 0;
  let acesAsEleven = 0;
  for (const card of cards) {
    if (card === HIDDEN_CARD) continue;
    const value = blackjackCardValue(card);
    total += value;
    if (value === 11) acesAsEleven += 1;
  }
  while (total > 21 && acesAsEleven > 0) {
    total -= 10;
    acesAsEleven -= 1;
  }
  return { total, soft: acesAsEleven > 0 };
}

export function baccaratScore(cards: readonly number[]): number {
  let sum = 0;
  for (const card of cards) sum += baccaratCardValue(card);
  return sum % 10;
}

/**
 * Text of a blackjack score for the table.
 *
 * - player: a soft hand below 21 shows both readings, low first ("7/17"); otherwise one number.
 * - dealer (docs/product.md §9 "a soft total only at 17 or more"): always one number. A soft hand shows its soft
 *   total once that reaches 17, the point where the dealer stands on it; below 17 the Aces count 1
 *   (Ace + Five shows "6", a lone Ace up shows "1").
 *
 * Hidden cards are ignored, so a wire dealer hand `[upCard, 52]` gives the up card's label.
 */
export function blackjackScoreLabel(cards: readonly number[], role: 'player' | 'dealer'): string {
  const { total, soft } = blackjackTotal(cards);
  if (!soft || total === 21) return String(total);
  if (role === 'dealer') return String(total >= 17 ? total : total - 10);
  return `${total - 10}/${total}`;
}
