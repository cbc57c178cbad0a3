import { applyAction, startRound } from '../../src/core/games/blackjack';
import type { BlackjackAction, BlackjackState } from '../../src/core/games/blackjack';
import type { Rank } from '../../src/core/games/cards';
import { cardIndex } from './cardIndex';
import { scriptedCards } from './seededFloats';

/** The blackjack engine's unit tests deal from scripted cards: these are their shared helpers. */

export type Face = Exclude<Rank, 'Hidden'>;

/**
 * A round dealt from exactly these cards, in stream order: player, dealer up, player, dealer hole,
 * then every further card. The scripted stream throws if the engine reads one card too many.
 */
export function table(...ranks: Face[]) {
  const cards = ranks.map((rank) => cardIndex(rank));
  const floatAt = scriptedCards(cards);
  return { cards, floatAt, start: (bet = 100n) => startRound(bet, floatAt) };
}

/** Plays an action that must be accepted (on the active hand unless told), and returns the new state. */
export function act(state: BlackjackState, action: BlackjackAction, floatAt: (i: number) => number, hand = state.activeHandIndex) {
  const result = applyAction(state, action, hand, floatAt);
  if (!result.ok) throw new Error(`refused: ${result.refusal.message}`);
  return result.state;
}
