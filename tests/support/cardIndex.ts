import { RANKS, SUITS } from '../../src/core/games/cards';
import type { Rank, Suit } from '../../src/core/games/cards';

/** Card index straight from the formula of docs/product.md §3 Card (rank × 4 + suit), independent of the engine's mapping. */
export function cardIndex(rank: Exclude<Rank, 'Hidden'>, suit: Suit = 'Spades'): number {
  return RANKS.indexOf(rank) * 4 + SUITS.indexOf(suit);
}
