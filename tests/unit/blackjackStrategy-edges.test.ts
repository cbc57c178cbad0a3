import { describe, expect, it } from 'vitest';
import { applyAction, startRound } from '../../src/core/games/blackjack';
import { basicStrategyAction, basicStrategyExpectation, basicStrategyMove } from '../../src/core/games/blackjackStrategy';
import type { StrategyHand } from '../../src/core/games/blackjackStrategy';
import type { Rank } from '../../src/core/games/cards';
import { cardIndex } from '../support/cardIndex';
import { scriptedCards } from '../support/seededFloats';

const soft = (total: number): StrategyHand => ({ total, soft: true, pairValue: null, canDouble: true });
const pair = (value: number): StrategyHand => ({ total: value * 2, soft: false, pairValue: value, canDouble: true });

describe('basic strategy at the edges of its table', () => {
  it.each([
    ['4,4 v 6', pair(4), 6, 'split'],
    ['4,4 v 4', pair(4), 4, 'hit'],
    ['soft 17 v 3', soft(17), 3, 'double'],
    ['soft 16 v 4', soft(16), 4, 'double'],
    ['soft 15 v 4', soft(15), 4, 'double'],
    ['soft 15 v 3', soft(15), 3, 'hit'],
    ['soft 14 v 4', soft(14), 4, 'hit'],
    ['soft 12 v 5', soft(12), 5, 'hit'],
  ] as const)('%s: %s', (_, hand, up, move) => {
    expect(basicStrategyMove(hand, up)).toBe(move);
  });
});

describe('basic strategy on an engine round', () => {
  function round(...ranks: Exclude<Rank, 'Hidden'>[]) {
    const floatAt = scriptedCards(ranks.map((rank) => cardIndex(rank)));
    return { floatAt, state: startRound(100n, floatAt) };
  }

  it('splits a pair of Eights against a Ten, and plays the split hands without a second split', () => {
    const { floatAt, state } = round('Eight', 'Ten', 'Eight', 'Seven', 'Eight', 'Three');
    expect(basicStrategyAction(state)).toBe('split');
    const split = applyAction(state, 'split', 0, floatAt);
    if (!split.ok) throw new Error(split.refusal.message);
    // Hand 1 is Eight + Eight again: hard 16 against a Ten, no split left.
    expect(basicStrategyAction(split.state)).toBe('hit');
  });

  it('doubles a hard 11 on two cards, and only hits it on three', () => {
    const two = round('Six', 'Six', 'Five', 'Ten');
    expect(basicStrategyAction(two.state)).toBe('double');
    const three = round('Four', 'Six', 'Five', 'Ten', 'Two');
    const hit = applyAction(three.state, 'hit', 0, three.floatAt);
    if (!hit.ok) throw new Error(hit.refusal.message);
    expect(basicStrategyAction(hit.state)).toBe('hit');
  });

  it('has no move once the round is over, nor for a round without the hand in play or the dealer’s up card', () => {
    const over = round('Ace', 'Nine', 'King', 'Seven').state;
    expect(() => basicStrategyAction(over)).toThrow('Basic strategy needs a round in PlayerTurn');
    const { state } = round('Ten', 'Seven', 'Six', 'Ten');
    expect(() => basicStrategyAction({ ...state, activeHandIndex: 1 })).toThrow('Basic strategy needs a round in PlayerTurn');
    expect(() => basicStrategyAction({ ...state, dealer: [] })).toThrow('Basic strategy needs a round in PlayerTurn');
  });
});

describe('the published theoretical return (docs/blackjack.md)', () => {
  it('stakes 1.1288 initial bets a round and pays back 99.49 % of all that is wagered', () => {
    const { wagerPerInitialBet, returnPerUnitWagered } = basicStrategyExpectation();
    expect(wagerPerInitialBet).toBeCloseTo(1.1288, 4);
    expect(returnPerUnitWagered).toBeCloseTo(0.9949, 4);
  });
});
