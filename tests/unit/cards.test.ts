import { describe, expect, it } from 'vitest';
import {
  baccaratCardValue,
  baccaratScore,
  blackjackCardValue,
  blackjackScoreLabel,
  blackjackTotal,
  cardIndexFromFloat,
  describeCard,
  HIDDEN_CARD,
} from '../../src/core/games/cards';
import { unitsToNumber } from '../../src/core/money';
import { cardIndex } from '../support/cardIndex';

describe('card from float', () => {
  it.each([
    [0, 0, 'Two', 'Diamonds'],
    [0.1, 5, 'Three', 'Hearts'],
    [0.25, 13, 'Five', 'Hearts'],
    [0.5, 26, 'Eight', 'Spades'],
    [0.75, 39, 'Jack', 'Clubs'],
    [0.9, 46, 'King', 'Spades'],
    [0.999_999_999_999, 51, 'Ace', 'Clubs'],
    [1 - Number.EPSILON / 2, 51, 'Ace', 'Clubs'],
  ])('float %f is card %i, %s of %s', (float, index, rank, suit) => {
    expect(cardIndexFromFloat(float)).toBe(index);
    expect(describeCard(index)).toEqual({ index, rank, suit });
  });

  it('gives each of the 52 float intervals its own rank and suit', () => {
    const seen = new Set<string>();
    for (let i = 0; i < 52; i++) {
      const index = cardIndexFromFloat((i + 0.5) / 52);
      expect(index).toBe(i);
      const { rank, suit } = describeCard(index);
      seen.add(`${rank} ${suit}`);
    }
    expect(seen.size).toBe(52);
  });

  it('reads wire value 52 as the hidden card, without a suit', () => {
    expect(HIDDEN_CARD).toBe(52);
    expect(describeCard(52)).toEqual({ index: 52, rank: 'Hidden', suit: null });
  });

  it.each([1, -0.01, Number.NaN, 1.5])('refuses the out-of-range float %f', (float) => {
    expect(() => cardIndexFromFloat(float)).toThrow(RangeError);
  });

  it.each([-1, 53, 2.5])('refuses the card index %f', (index) => {
    expect(() => describeCard(index)).toThrow(RangeError);
  });
});

describe('card values', () => {
  it('values blackjack cards 2..10, faces 10, Ace 11', () => {
    expect(blackjackCardValue(cardIndex('Two'))).toBe(2);
    expect(blackjackCardValue(cardIndex('Nine', 'Clubs'))).toBe(9);
    expect(blackjackCardValue(cardIndex('Ten', 'Hearts'))).toBe(10);
    expect(blackjackCardValue(cardIndex('Jack'))).toBe(10);
    expect(blackjackCardValue(cardIndex('Queen'))).toBe(10);
    expect(blackjackCardValue(cardIndex('King', 'Diamonds'))).toBe(10);
    expect(blackjackCardValue(cardIndex('Ace'))).toBe(11);
  });

  it('values baccarat cards: tens and faces 0, Ace 1', () => {
    expect(baccaratCardValue(cardIndex('Ace'))).toBe(1);
    expect(baccaratCardValue(cardIndex('Seven'))).toBe(7);
    expect(baccaratCardValue(cardIndex('Nine'))).toBe(9);
    for (const face of ['Ten', 'Jack', 'Queen', 'King'] as const) expect(baccaratCardValue(cardIndex(face))).toBe(0);
    expect(() => baccaratCardValue(HIDDEN_CARD)).toThrow(RangeError);
  });

  it('scores baccarat hands modulo 10', () => {
    expect(baccaratScore([cardIndex('Nine'), cardIndex('Nine')])).toBe(8);
    expect(baccaratScore([cardIndex('King'), cardIndex('Ace')])).toBe(1);
    expect(baccaratScore([cardIndex('Five'), cardIndex('Five')])).toBe(0);
    expect(baccaratScore([cardIndex('Seven'), cardIndex('Eight'), cardIndex('Six')])).toBe(1);
  });
});

describe('blackjack totals', () => {
  const hand = (...ranks: Parameters<typeof cardIndex>[0][]) => ranks.map((rank) => cardIndex(rank));

  it.each([
    [hand('Ten', 'Six'), 16, false],
    [hand('Ace', 'King'), 21, true],
    [hand('Ace', 'Ace'), 12, true],
    [hand('Ace', 'Six'), 17, true],
    [hand('Ace', 'Six', 'Ten'), 17, false],
    [hand('Ace', 'Ace', 'Nine'), 21, true],
    [hand('Ace', 'Ace', 'Ace', 'Ace'), 14, true],
    [hand('Ace', 'Nine', 'Ace', 'King'), 21, false],
    [hand('King', 'Queen', 'Two'), 22, false],
  ])('%j totals %i (soft: %s)', (cards, total, soft) => {
    expect(blackjackTotal(cards)).toEqual({ total, soft });
  });

  it('skips the hidden card so a wire dealer hand counts its up card', () => {
    expect(blackjackTotal([cardIndex('Ace'), HIDDEN_CARD])).toEqual({ total: 11, soft: true });
    expect(blackjackTotal([cardIndex('Queen'), HIDDEN_CARD])).toEqual({ total: 10, soft: false });
  });

  it('labels a soft player hand with both readings below 21', () => {
    expect(blackjackScoreLabel(hand('Ace', 'Six'), 'player')).toBe('7/17');
    expect(blackjackScoreLabel(hand('Ace', 'Five'), 'player')).toBe('6/16');
    expect(blackjackScoreLabel(hand('Ace', 'King'), 'player')).toBe('21');
    expect(blackjackScoreLabel(hand('Ace', 'Six', 'Ten'), 'player')).toBe('17');
    expect(blackjackScoreLabel(hand('Ten', 'Six'), 'player')).toBe('16');
  });

  it('shows the dealer a soft total only at 17 or more', () => {
    expect(blackjackScoreLabel(hand('Ace', 'Five'), 'dealer')).toBe('6');
    expect(blackjackScoreLabel([cardIndex('Ace'), HIDDEN_CARD], 'dealer')).toBe('1');
    expect(blackjackScoreLabel(hand('Ace', 'Six'), 'dealer')).toBe('17');
    expect(blackjackScoreLabel(hand('Ace', 'Seven'), 'dealer')).toBe('18');
    expect(blackjackScoreLabel(hand('Ten', 'Six'), 'dealer')).toBe('16');
    expect(blackjackScoreLabel(hand('Ten', 'Six', 'Nine'), 'dealer')).toBe('25');
  });
});

describe('wire amounts', () => {
  it.each([
    [0n, 0],
    [1n, 0.000_000_01],
    [150_000_000n, 1.5],
    [123_456_789n, 1.234_567_89],
    [-250_000_000n, -2.5],
    [2_100_000_000_000_000n, 21_000_000],
  ])('%s base units go out as %f coins', (units, coins) => {
    expect(unitsToNumber(units)).toBe(coins);
  });
});
