import { describe, expect, it } from 'vitest';
import {
  actionStake,
  allowedWireActions,
  applyAction,
  parseBlackjackState,
  payoutMultiplier,
  settle,
  toWireGame,
  verifyBlackjack,
} from '../../src/core/games/blackjack';
import type { BlackjackAction, BlackjackState } from '../../src/core/games/blackjack';
import { cardIndex } from '../support/cardIndex';
import { scriptedCards } from '../support/seededFloats';
import { act, table } from '../support/blackjackTables';




function refusal(state: BlackjackState, action: string, floatAt: (i: number) => number, hand = state.activeHandIndex) {
  const result = applyAction(state, action as BlackjackAction, hand, floatAt);
  if (result.ok) throw new Error(`expected ${action} to be refused`);
  return result.refusal;
}

describe('what the player is told when an action is refused', () => {
  it('says the round is over', () => {
    const t = table('Ace', 'Nine', 'King', 'Seven');
    expect(refusal(t.start(), 'hit', t.floatAt)).toEqual({
      code: 'GAME_OVER',
      message: 'The round is over; no further actions are accepted.',
    });
  });

  it('names an unknown action and the four it knows', () => {
    const t = table('Ten', 'Six', 'Eight', 'Ten');
    expect(refusal(t.start(), 'surrender', t.floatAt)).toEqual({
      code: 'UNKNOWN_ACTION',
      message: 'Unknown action "surrender"; expected hit, stand, double or split.',
    });
  });

  it('says a double needs two cards', () => {
    const t = table('Two', 'Ten', 'Three', 'Seven', 'Four');
    expect(refusal(act(t.start(), 'hit', t.floatAt), 'double', t.floatAt)).toEqual({
      code: 'DOUBLE_NEEDS_TWO_CARDS',
      message: 'Double is only allowed on a hand of exactly two cards.',
    });
  });

  it('says a round splits once, a split needs two cards, and two cards of equal value', () => {
    const pair = table('Eight', 'Six', 'Eight', 'Ten', 'Eight', 'Two');
    expect(refusal(act(pair.start(), 'split', pair.floatAt), 'split', pair.floatAt)).toEqual({
      code: 'ALREADY_SPLIT',
      message: 'This round has already been split; a hand can be split only once.',
    });
    const three = table('Two', 'Six', 'Two', 'Ten', 'Two');
    expect(refusal(act(three.start(), 'hit', three.floatAt), 'split', three.floatAt)).toEqual({
      code: 'SPLIT_NEEDS_TWO_CARDS',
      message: 'Split is only allowed on a hand of exactly two cards.',
    });
    const unequal = table('Nine', 'Six', 'Ten', 'Ten');
    expect(refusal(unequal.start(), 'split', unequal.floatAt)).toEqual({
      code: 'SPLIT_NEEDS_EQUAL_VALUES',
      message: 'Split is only allowed on two cards of equal value.',
    });
  });

  it('refuses a bet that is not positive, saying so', () => {
    expect(() => table('Ten', 'Six', 'Eight', 'Ten').start(0n)).toThrow('A blackjack bet must be positive; got 0');
  });
});

describe('rounds at their edges', () => {
  it('stands a split hand that reaches 21 with its second card and moves on to the other hand', () => {
    // King + Ace on hand 1 (21, not a blackjack after a split); hand 2 King + Five plays on.
    const t = table('King', 'Seven', 'King', 'Ten', 'Ace', 'Five');
    const split = act(t.start(), 'split', t.floatAt);
    expect(split.hands.map((hand) => hand.finished)).toEqual([true, false]);
    expect(split.activeHandIndex).toBe(1);
    expect(split.gameState).toBe('PlayerTurn');
  });

  it('lets the dealer draw against a 21 made by hitting', () => {
    // Player 10 + 6, hits a Five: 21. Dealer 10 + 5 must draw: a Six makes 21, a push.
    const t = table('Ten', 'Ten', 'Six', 'Five', 'Five', 'Six');
    const state = act(t.start(), 'hit', t.floatAt);
    expect(state.dealer).toEqual([t.cards[1], t.cards[3], t.cards[5]]);
    expect(settle(state)).toMatchObject({ outcomes: ['push'], payout: 100n });
  });

  it('shows the single hand as the active one once an unsplit round is over', () => {
    const t = table('Ten', 'Seven', 'Nine', 'King');
    const over = act(t.start(), 'stand', t.floatAt);
    expect(over.activeHandIndex).toBe(0);
    expect(toWireGame(over, 1, 'BTC')).toMatchObject({ activeHandIndex: 0, gameState: 'GameOver', resultAmount: 0.000_002 });
  });

  it('takes no extra stake for a hit or a stand, the hand’s bet for a double or a split', () => {
    const t = table('Eight', 'Six', 'Eight', 'Ten');
    const state = t.start(250n);
    expect((['hit', 'stand', 'double', 'split'] as const).map((action) => actionStake(state, action))).toEqual([0n, 0n, 250n, 250n]);
  });

  it('refuses to settle a round still in play, saying so', () => {
    expect(() => settle(table('Ten', 'Six', 'Eight', 'Ten').start())).toThrow('Only a finished round can be settled.');
  });

  it('names what is corrupt in a round that has no such hand or no dealer card', () => {
    const t = table('Ten', 'Six', 'Eight', 'Ten');
    const state = t.start();
    expect(() => applyAction({ ...state, activeHandIndex: 1 }, 'hit', 1, t.floatAt)).toThrow('Corrupt blackjack state: no hand 1');
    expect(() => toWireGame({ ...state, hands: [] }, 1, 'BTC')).toThrow('Corrupt blackjack state: no player hand');
    expect(() => toWireGame({ ...state, dealer: [] }, 1, 'BTC')).toThrow('Corrupt blackjack state: no dealer card');
  });
});

describe('the buttons the table enables for a wire game', () => {
  const wire: Parameters<typeof allowedWireActions>[0] = {
    playerHand1: [cardIndex('Eight'), cardIndex('Eight', 'Hearts')],
    playerHand2: [],
    isSplit: false,
    activeHandIndex: 0,
    gameState: 'PlayerTurn',
  };

  it('enables every action a pair allows', () => {
    expect(allowedWireActions(wire)).toEqual(['hit', 'stand', 'double', 'split']);
  });

  it('enables nothing when the active hand is not in the game', () => {
    expect(allowedWireActions({ ...wire, activeHandIndex: 1 })).toEqual([]);
  });

  it('enables nothing when a hand holds something that is not a card', () => {
    expect(allowedWireActions({ ...wire, playerHand1: [cardIndex('Eight'), 52] })).toEqual([]);
    expect(allowedWireActions({ ...wire, isSplit: true, playerHand2: [cardIndex('Eight'), 99], activeHandIndex: 0 })).toEqual([]);
  });
});

describe('the payout multiplier of the bets feed', () => {
  it('is the correctly rounded division up to 2^53 base units', () => {
    expect(payoutMultiplier(13n, 3n)).toBe(13 / 3);
    // At the largest exact amounts: a blackjack's 1.5 and a half returned.
    expect(payoutMultiplier(9_007_199_254_740_991n, 6_004_799_503_160_663n)).toBe(9_007_199_254_740_991 / 6_004_799_503_160_663);
    expect(payoutMultiplier(4_503_599_627_370_498n, 9_007_199_254_740_991n)).toBe(4_503_599_627_370_498 / 9_007_199_254_740_991);
  });

  it('stays the double nearest the exact ratio beyond 2^53, where a plain division would not', () => {
    // (2^53 + 1) / (2^53 + 3) is 1 − 2^-52 to the nearest double; Number() of each side gives 1 − 2^-51.
    expect(payoutMultiplier(2n ** 53n + 1n, 2n ** 53n + 3n)).toBe(1 - 2 ** -52);
    // 2^52 / (2^53 + 1), half a wager just above 2^53, is just under 0.5.
    expect(payoutMultiplier(2n ** 52n, 2n ** 53n + 1n)).toBe(0.5 - 2 ** -54);
    // A payout above 2^53 on a small wager: (2^53 + 1) / 3 is a whole number.
    expect(payoutMultiplier(2n ** 53n + 1n, 3n)).toBe(3_002_399_751_580_331);
  });

  it('rounds a tiny ratio of a huge wager to the nearest 10^-18', () => {
    expect(payoutMultiplier(2n, 3n * 10n ** 16n)).toBe(6.7e-17);
  });

  it('refuses a wager that is not positive', () => {
    expect(() => payoutMultiplier(0n, 0n)).toThrow('Wager must be positive; got 0');
    expect(() => payoutMultiplier(1n, -1n)).toThrow(RangeError);
  });
});

describe('the blackjack cards the verifier lists', () => {
  const floatAt = scriptedCards([cardIndex('Ace'), cardIndex('Two', 'Hearts')]);

  it('lists none when asked for none', () => {
    expect(verifyBlackjack(floatAt, 0)).toEqual([]);
  });

  it.each([-1, 1.5, Number.NaN])('refuses the count %f', (count) => {
    expect(() => verifyBlackjack(floatAt, count)).toThrow(`count must be a non-negative integer; got ${count}`);
  });
});

describe('a round read back from storage', () => {
  const good = () => JSON.parse(JSON.stringify(table('Two', 'Ten', 'Three', 'Seven').start())) as Record<string, unknown>;
  const hand = { cards: [0, 1], bet: '100', doubled: false, finished: false };

  it('is accepted as stored, with one hand or two', () => {
    expect(parseBlackjackState(good())).toEqual(good());
    const split = { ...good(), hands: [hand, hand], activeHandIndex: 1, gameState: 'GameOver' };
    expect(parseBlackjackState(split)).toEqual(split);
  });

  it.each([
    ['not an object', null, 'blackjack state must be an object'],
    ['a string', 'state', 'blackjack state must be an object'],
    ['a wrong version', { version: 2 }, 'unsupported blackjack state version 2'],
    ['a cursor that is not a number', { cursor: '4' }, 'cursor must be an integer of at least 4'],
    ['a cursor that is not whole', { cursor: 4.5 }, 'cursor must be an integer of at least 4'],
    ['a cursor before the first four cards', { cursor: 3 }, 'cursor must be an integer of at least 4'],
    ['hands that are not a list', { hands: 'one' }, 'hands must hold 1 or 2 hands'],
    ['no hand', { hands: [] }, 'hands must hold 1 or 2 hands'],
    ['three hands', { hands: [hand, hand, hand] }, 'hands must hold 1 or 2 hands'],
    ['a dealer that is not a list', { dealer: 'AK' }, 'dealer must hold at least two card indexes 0..51'],
    ['a dealer with one card', { dealer: [0] }, 'dealer must hold at least two card indexes 0..51'],
    ['a dealer card out of range', { dealer: [0, 52] }, 'dealer must hold at least two card indexes 0..51'],
    ['an active hand that is not 0 or 1', { activeHandIndex: 2 }, 'activeHandIndex must be 0 or 1'],
    ['an active hand past the hands', { activeHandIndex: 1 }, 'activeHandIndex points past the hands'],
    ['an unknown game state', { gameState: 'DealerTurn' }, 'gameState must be PlayerTurn or GameOver'],
    ['a hand that is not an object', { hands: [null] }, 'hand must be an object'],
    ['a hand that is a number', { hands: [7] }, 'hand must be an object'],
    ['hand cards that are not a list', { hands: [{ ...hand, cards: 'AK' }] }, 'hand.cards must be a non-empty list of card indexes 0..51'],
    ['a hand without cards', { hands: [{ ...hand, cards: [] }] }, 'hand.cards must be a non-empty list of card indexes 0..51'],
    ['a hand card out of range', { hands: [{ ...hand, cards: [0, 52] }] }, 'hand.cards must be a non-empty list of card indexes 0..51'],
    ['a bet that is not text', { hands: [{ ...hand, bet: 100 }] }, 'hand.bet must be positive base units'],
    ['a bet of 0', { hands: [{ ...hand, bet: '0' }] }, 'hand.bet must be positive base units'],
    ['doubled that is not a boolean', { hands: [{ ...hand, doubled: 'no' }] }, 'hand.doubled and hand.finished must be booleans'],
    ['finished that is not a boolean', { hands: [{ ...hand, finished: 0 }] }, 'hand.doubled and hand.finished must be booleans'],
  ])('is refused with %s', (_, patch, message) => {
    const value = patch !== null && typeof patch === 'object' ? { ...good(), ...patch } : patch;
    expect(() => parseBlackjackState(value)).toThrow(new TypeError(message));
  });

  it('accepts a player turn on the second hand of a split', () => {
    const state = { ...good(), hands: [hand, hand], activeHandIndex: 1, gameState: 'PlayerTurn' };
    expect(parseBlackjackState(state).activeHandIndex).toBe(1);
  });
});
