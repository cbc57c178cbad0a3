import { describe, expect, it } from 'vitest';
import { blackjackCardValue, cardIndexFromFloat, describeCard, HIDDEN_CARD, isCardIndex } from '../../src/core/games/cards';

describe('what a card index may be', () => {
  it('is a whole number 0..51 on the wire from the browser', () => {
    expect([0, 1, 51].map(isCardIndex)).toEqual([true, true, true]);
    expect([-1, 52, 2.5, Number.NaN, '3', null].map(isCardIndex)).toEqual([false, false, false, false, false, false]);
  });

  it('never gives the hidden card a blackjack value', () => {
    expect(() => blackjackCardValue(HIDDEN_CARD)).toThrow('Not a card index: 52');
    expect(() => describeCard(53)).toThrow('Not a card index: 53');
  });

  it('names the float of a broken stream', () => {
    expect(() => cardIndexFromFloat(1)).toThrow('A card float must lie in [0, 1); got 1');
  });
});
