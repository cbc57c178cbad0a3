import { describe, expect, it } from 'vitest';
import {
  actionStake,
  allowedActions,
  applyAction,
  blackjackMaxPayout,
  parseBlackjackState,
  payoutMultiplier,
  settle,
  toWireGame,
  totalWager,
  verifyBlackjack,
} from '../../src/core/games/blackjack';
import type { BlackjackAction, BlackjackState } from '../../src/core/games/blackjack';
import { act, table } from '../support/blackjackTables';




function refusalOf(state: BlackjackState, action: BlackjackAction, floatAt: (i: number) => number, hand?: number) {
  const before = structuredClone(state);
  const result = applyAction(state, action, hand ?? state.activeHandIndex, floatAt);
  expect(state).toEqual(before);
  if (result.ok) throw new Error(`expected ${action} to be refused`);
  return result.refusal;
}

describe('dealing', () => {
  it('deals player, dealer up, player, dealer hole from floats 0..3', () => {
    const t = table('Five', 'King', 'Seven', 'Nine');
    const state = t.start();
    expect(state.hands).toEqual([{ cards: [t.cards[0], t.cards[2]], bet: '100', doubled: false, finished: false }]);
    expect(state.dealer).toEqual([t.cards[1], t.cards[3]]);
    expect(state.cursor).toBe(4);
    expect(state.gameState).toBe('PlayerTurn');
    expect(state.activeHandIndex).toBe(0);
  });

  it('refuses a bet that is not positive', () => {
    const t = table('Five', 'King', 'Seven', 'Nine');
    expect(() => t.start(0n)).toThrow(RangeError);
    expect(() => t.start(-5n)).toThrow(RangeError);
  });

  it('lists the stream cards in order for verification', () => {
    const t = table('Five', 'King', 'Seven', 'Nine', 'Ace');
    expect(verifyBlackjack(t.floatAt, 5)).toEqual([
      { position: 0, index: t.cards[0], rank: 'Five', suit: 'Spades' },
      { position: 1, index: t.cards[1], rank: 'King', suit: 'Spades' },
      { position: 2, index: t.cards[2], rank: 'Seven', suit: 'Spades' },
      { position: 3, index: t.cards[3], rank: 'Nine', suit: 'Spades' },
      { position: 4, index: t.cards[4], rank: 'Ace', suit: 'Spades' },
    ]);
  });
});

describe('dealer peek and naturals', () => {
  it('ends the round at once on a dealer blackjack under an Ace; the player loses the bet only', () => {
    const t = table('Ten', 'Ace', 'Nine', 'King');
    const state = t.start();
    expect(state.gameState).toBe('GameOver');
    expect(allowedActions(state)).toEqual([]);
    expect(settle(state)).toEqual({ outcomes: ['lose'], resultAmount: 0n, resultAmount2: 0n, payout: 0n, wager: 100n });
  });

  it('ends the round at once on a dealer blackjack under a ten-value card', () => {
    const state = table('Eight', 'Queen', 'Eight', 'Ace').start();
    expect(state.gameState).toBe('GameOver');
    expect(settle(state).outcomes).toEqual(['lose']);
  });

  it('ties a player blackjack against a dealer blackjack', () => {
    const state = table('Ace', 'Ace', 'Jack', 'Ten').start();
    expect(state.gameState).toBe('GameOver');
    expect(settle(state)).toMatchObject({ outcomes: ['push'], payout: 100n });
  });

  it('pays a player natural 3:2 at once when the dealer cannot have blackjack', () => {
    const state = table('Ace', 'Nine', 'King', 'Seven').start();
    expect(state.gameState).toBe('GameOver');
    expect(state.dealer).toHaveLength(2);
    expect(settle(state)).toMatchObject({ outcomes: ['blackjack'], resultAmount: 250n, payout: 250n });
  });

  it('pays a player natural 3:2 when the dealer peeked under an Ace and found nothing', () => {
    const state = table('King', 'Ace', 'Ace', 'Nine').start();
    expect(state.gameState).toBe('GameOver');
    expect(settle(state).outcomes).toEqual(['blackjack']);
  });

  it('floors 3:2 to the base unit on an odd bet and stays exact above 2^53', () => {
    expect(settle(table('Ace', 'Nine', 'King', 'Seven').start(101n)).payout).toBe(252n);
    const huge = 10n ** 20n + 1n;
    expect(settle(table('Ace', 'Nine', 'King', 'Seven').start(huge)).payout).toBe(huge + (huge * 3n) / 2n);
    expect(settle(table('Ace', 'Nine', 'King', 'Seven').start(huge)).payout).toBe(250_000_000_000_000_000_002n);
  });

  it('plays on when the dealer peeked and has no blackjack', () => {
    const state = table('Ten', 'Ace', 'Six', 'Nine').start();
    expect(state.gameState).toBe('PlayerTurn');
    expect(allowedActions(state)).toEqual(['hit', 'stand', 'double']);
  });
});

describe('dealer play', () => {
  it('stands on soft 17', () => {
    const t = table('Ten', 'Six', 'Eight', 'Ace');
    const state = act(t.start(), 'stand', t.floatAt);
    expect(state.gameState).toBe('GameOver');
    expect(state.dealer).toEqual([t.cards[1], t.cards[3]]);
    expect(settle(state)).toMatchObject({ outcomes: ['win'], payout: 200n });
  });

  it('draws to 16 and stops at 17 or more, taking cards in stream order', () => {
    const t = table('Ten', 'Two', 'Nine', 'Three', 'Four', 'Ace', 'Five', 'Two');
    const state = act(t.start(), 'stand', t.floatAt);
    // 2+3 = 5, +4 = 9, +A = soft 20: stands before the Five.
    expect(state.dealer).toEqual([t.cards[1], t.cards[3], t.cards[4], t.cards[5]]);
    expect(state.cursor).toBe(6);
    expect(settle(state).outcomes).toEqual(['lose']);
  });

  it('hits a hard 16 and can beat the player', () => {
    const t = table('Ten', 'Ten', 'Nine', 'Six', 'Five');
    const state = act(t.start(), 'stand', t.floatAt);
    expect(state.dealer).toHaveLength(3);
    expect(settle(state)).toMatchObject({ outcomes: ['lose'], payout: 0n });
  });

  it('pays 2x when the dealer busts', () => {
    const t = table('Ten', 'Ten', 'Two', 'Six', 'King');
    const state = act(t.start(), 'stand', t.floatAt);
    expect(settle(state)).toMatchObject({ outcomes: ['win'], resultAmount: 200n });
  });

  it('returns the bet on equal totals', () => {
    const t = table('Ten', 'Ten', 'Eight', 'Eight');
    expect(settle(act(t.start(), 'stand', t.floatAt))).toMatchObject({ outcomes: ['push'], payout: 100n });
  });

  it('does not draw when the only hand is bust, but reveals the hole card', () => {
    const t = table('Ten', 'Six', 'Six', 'Ten', 'Queen');
    const state = act(t.start(), 'hit', t.floatAt);
    expect(state.gameState).toBe('GameOver');
    expect(state.dealer).toEqual([t.cards[1], t.cards[3]]);
    expect(settle(state)).toMatchObject({ outcomes: ['lose'], payout: 0n });
    expect(toWireGame(state, 'g', 'BTC').dealerHand).toEqual([t.cards[1], t.cards[3]]);
  });

  it('loses a bust even when the dealer busts too', () => {
    const t = table('Ten', 'Six', 'Six', 'Ten', 'Queen');
    expect(settle(act(t.start(), 'hit', t.floatAt)).outcomes).toEqual(['lose']);
  });
});

describe('hit and double', () => {
  it('keeps the turn after a hit below 21', () => {
    const t = table('Two', 'Ten', 'Three', 'Seven', 'Four');
    const state = act(t.start(), 'hit', t.floatAt);
    expect(state.gameState).toBe('PlayerTurn');
    expect(state.hands[0]?.cards).toHaveLength(3);
    expect(allowedActions(state)).toEqual(['hit', 'stand']);
  });

  it('stands a hand automatically when a hit makes 21, and 21 in three cards is no blackjack', () => {
    const t = table('Five', 'Ten', 'Six', 'Seven', 'Queen');
    const state = act(t.start(), 'hit', t.floatAt);
    expect(state.gameState).toBe('GameOver');
    expect(settle(state)).toMatchObject({ outcomes: ['win'], payout: 200n });
  });

  it('doubles the bet, draws exactly one card and stands', () => {
    const t = table('Six', 'Nine', 'Five', 'Eight', 'Nine');
    const start = t.start();
    expect(actionStake(start, 'double')).toBe(100n);
    const state = act(start, 'double', t.floatAt);
    expect(state.gameState).toBe('GameOver');
    expect(state.hands[0]).toMatchObject({ bet: '200', doubled: true });
    expect(state.hands[0]?.cards).toHaveLength(3);
    expect(settle(state)).toMatchObject({ outcomes: ['win'], payout: 400n, wager: 200n });
    expect(payoutMultiplier(400n, 200n)).toBe(2);
  });

  it('loses the doubled stake', () => {
    const t = table('Six', 'Nine', 'Five', 'Ten', 'Two');
    expect(settle(act(t.start(), 'double', t.floatAt))).toMatchObject({ payout: 0n, wager: 200n });
  });

  it('refuses double on three cards and leaves the round as it was', () => {
    const t = table('Two', 'Ten', 'Three', 'Seven', 'Four');
    const state = act(t.start(), 'hit', t.floatAt);
    expect(refusalOf(state, 'double', t.floatAt).code).toBe('DOUBLE_NEEDS_TWO_CARDS');
  });
});

describe('split', () => {
  it('makes two hands with equal bets, deals both second cards at once, and plays them in turn', () => {
    const t = table('Eight', 'Six', 'Eight', 'Ten', 'Three', 'Ten', 'Ten', 'King');
    const start = t.start();
    expect(allowedActions(start)).toEqual(['hit', 'stand', 'double', 'split']);
    expect(actionStake(start, 'split')).toBe(100n);
    const split = act(start, 'split', t.floatAt);
    expect(split.hands).toEqual([
      { cards: [t.cards[0], t.cards[4]], bet: '100', doubled: false, finished: false },
      { cards: [t.cards[2], t.cards[5]], bet: '100', doubled: false, finished: false },
    ]);
    expect(split.activeHandIndex).toBe(0);
    expect(totalWager(split)).toBe(200n);

    expect(refusalOf(split, 'hit', t.floatAt, 1).code).toBe('NOT_ACTIVE_HAND');
    const hit = act(split, 'hit', t.floatAt, 0); // 8+3+10 = 21 stands by itself
    expect(hit.activeHandIndex).toBe(1);
    expect(hit.gameState).toBe('PlayerTurn');
    expect(refusalOf(hit, 'stand', t.floatAt, 0).code).toBe('NOT_ACTIVE_HAND');

    const done = act(hit, 'stand', t.floatAt, 1); // hand 2 stands on 18; dealer 6+10+K busts
    expect(done.gameState).toBe('GameOver');
    expect(done.activeHandIndex).toBe(1);
    expect(settle(done)).toEqual({ outcomes: ['win', 'win'], resultAmount: 200n, resultAmount2: 200n, payout: 400n, wager: 200n });
  });

  it('settles split hands separately against the dealer', () => {
    // Hand 1: 9+9 = 18 stands; hand 2: 9+Ten = 19 stands; dealer 10+9 = 19.
    const t = table('Nine', 'Ten', 'Nine', 'Nine', 'Nine', 'Ten');
    let state = act(t.start(), 'split', t.floatAt);
    state = act(state, 'stand', t.floatAt, 0);
    state = act(state, 'stand', t.floatAt, 1);
    expect(settle(state)).toMatchObject({ outcomes: ['lose', 'push'], resultAmount: 0n, resultAmount2: 100n, payout: 100n });
  });

  it('splits any two ten-value cards', () => {
    const t = table('King', 'Six', 'Ten', 'Ten', 'Two', 'Three');
    expect(allowedActions(t.start())).toContain('split');
    expect(act(t.start(), 'split', t.floatAt).hands).toHaveLength(2);
  });

  it('refuses to split unequal values', () => {
    const t = table('Nine', 'Six', 'Ten', 'Ten');
    expect(refusalOf(t.start(), 'split', t.floatAt).code).toBe('SPLIT_NEEDS_EQUAL_VALUES');
  });

  it('refuses to split three cards', () => {
    const t = table('Two', 'Six', 'Two', 'Ten', 'Two');
    const state = act(t.start(), 'hit', t.floatAt);
    expect(refusalOf(state, 'split', t.floatAt).code).toBe('SPLIT_NEEDS_TWO_CARDS');
  });

  it('refuses a second split even on a new pair', () => {
    const t = table('Eight', 'Six', 'Eight', 'Ten', 'Eight', 'Two');
    const state = act(t.start(), 'split', t.floatAt);
    expect(refusalOf(state, 'split', t.floatAt).code).toBe('ALREADY_SPLIT');
    expect(allowedActions(state)).toEqual(['hit', 'stand', 'double']);
  });

  it('gives split Aces one card each, stands them, and counts 21 as 21, not blackjack', () => {
    // Hands A+K and A+7; dealer 7+4 draws a Ten to 21.
    const t = table('Ace', 'Seven', 'Ace', 'Four', 'King', 'Seven', 'Ten');
    const state = act(t.start(), 'split', t.floatAt);
    expect(state.gameState).toBe('GameOver');
    expect(state.dealer).toHaveLength(3);
    expect(settle(state)).toMatchObject({ outcomes: ['push', 'lose'], payout: 100n, wager: 200n });
  });

  it('pays 21 after a split 2x, not 3:2', () => {
    const t = table('Ace', 'Nine', 'Ace', 'Eight', 'Queen', 'Two');
    const state = act(t.start(), 'split', t.floatAt); // dealer 9+8 = 17
    expect(settle(state)).toMatchObject({ outcomes: ['win', 'lose'], resultAmount: 200n, resultAmount2: 0n });
  });

  it('allows a double after the split on that hand only', () => {
    // Hand 1: 8+3 doubles with a Ten = 21; hand 2: 8+9 = 17 stands; dealer 10+7 = 17.
    const t = table('Eight', 'Ten', 'Eight', 'Seven', 'Three', 'Nine', 'Ten');
    let state = act(t.start(), 'split', t.floatAt);
    expect(actionStake(state, 'double')).toBe(100n);
    state = act(state, 'double', t.floatAt, 0);
    expect(state.hands.map((hand) => hand.bet)).toEqual(['200', '100']);
    expect(state.activeHandIndex).toBe(1);
    state = act(state, 'stand', t.floatAt, 1);
    expect(settle(state)).toEqual({ outcomes: ['win', 'push'], resultAmount: 400n, resultAmount2: 100n, payout: 500n, wager: 300n });
    expect(payoutMultiplier(500n, 300n)).toBe(5 / 3);
    expect(payoutMultiplier(5n * 10n ** 30n, 3n * 10n ** 30n)).toBeCloseTo(5 / 3, 14);
  });

  it('skips the dealer when both split hands bust', () => {
    const t = table('Eight', 'Six', 'Eight', 'Ten', 'Six', 'Seven', 'Ten', 'Nine');
    let state = act(t.start(), 'split', t.floatAt);
    state = act(state, 'hit', t.floatAt, 0); // 8+6+10 bust
    state = act(state, 'hit', t.floatAt, 1); // 8+7+9 bust
    expect(state.gameState).toBe('GameOver');
    expect(state.dealer).toHaveLength(2);
    expect(settle(state).payout).toBe(0n);
  });

  it('lets the dealer play when one split hand is still standing', () => {
    const t = table('Eight', 'Six', 'Eight', 'Ten', 'Six', 'Ten', 'Ten', 'Five');
    let state = act(t.start(), 'split', t.floatAt);
    state = act(state, 'hit', t.floatAt, 0); // 8+6+10 bust
    state = act(state, 'stand', t.floatAt, 1); // 18
    expect(state.dealer).toHaveLength(3); // 6+10+5 = 21
    expect(settle(state).outcomes).toEqual(['lose', 'lose']);
  });
});

describe('refusals', () => {
  it('refuses every action once the round is over', () => {
    const t = table('Ace', 'Nine', 'King', 'Seven');
    const state = t.start();
    for (const action of ['hit', 'stand', 'double', 'split'] as const) {
      expect(refusalOf(state, action, t.floatAt).code).toBe('GAME_OVER');
    }
  });

  it('refuses a hand index that is not in play', () => {
    const t = table('Ten', 'Six', 'Eight', 'Ten');
    expect(refusalOf(t.start(), 'stand', t.floatAt, 1)).toEqual({
      code: 'NOT_ACTIVE_HAND',
      message: 'Hand 1 is not the hand in play; the active hand is 0.',
    });
    expect(refusalOf(t.start(), 'stand', t.floatAt, -1).code).toBe('NOT_ACTIVE_HAND');
  });

  it('refuses an unknown action name coming from outside', () => {
    const t = table('Ten', 'Six', 'Eight', 'Ten');
    expect(refusalOf(t.start(), 'surrender' as BlackjackAction, t.floatAt).code).toBe('UNKNOWN_ACTION');
  });

  it('will not settle a round still in play', () => {
    expect(() => settle(table('Ten', 'Six', 'Eight', 'Ten').start())).toThrow();
  });
});

describe('wire game', () => {
  it('hides the hole card and its value during the player turn', () => {
    const t = table('Ten', 'Ace', 'Six', 'Nine');
    const wire = toWireGame(t.start(150_000_000n), 'game-1', 'BTC');
    expect(wire).toEqual({
      id: 'game-1',
      currency: 'BTC',
      playerHand1: [t.cards[0], t.cards[2]],
      playerHand2: [],
      dealerHand: [t.cards[1], 52],
      playerScore1: 16,
      playerScore2: 0,
      dealerScore: 11,
      isSplit: false,
      activeHandIndex: 0,
      betAmount: 1.5,
      betAmount2: 0,
      resultAmount: 0,
      resultAmount2: 0,
      gameState: 'PlayerTurn',
    });
  });

  it('reveals the dealer hand and the results at game over', () => {
    const t = table('Eight', 'Six', 'Eight', 'Ten', 'Three', 'Ten', 'Ten', 'King');
    let state = act(t.start(123_456_789n), 'split', t.floatAt);
    state = act(state, 'hit', t.floatAt, 0);
    state = act(state, 'stand', t.floatAt, 1);
    expect(toWireGame(state, 7, 'ETH')).toEqual({
      id: 7,
      currency: 'ETH',
      playerHand1: [t.cards[0], t.cards[4], t.cards[6]],
      playerHand2: [t.cards[2], t.cards[5]],
      dealerHand: [t.cards[1], t.cards[3], t.cards[7]],
      playerScore1: 21,
      playerScore2: 18,
      dealerScore: 26,
      isSplit: true,
      activeHandIndex: 1,
      betAmount: 1.234_567_89,
      betAmount2: 1.234_567_89,
      resultAmount: 2.469_135_78,
      resultAmount2: 2.469_135_78,
      gameState: 'GameOver',
    });
  });
});

describe('stored state', () => {
  it('survives JSON and plays on identically', () => {
    const t = table('Two', 'Ten', 'Three', 'Seven', 'Four', 'Ten');
    const state = t.start(10n ** 19n);
    const restored = parseBlackjackState(JSON.parse(JSON.stringify(state)));
    expect(restored).toEqual(state);
    expect(act(restored, 'hit', t.floatAt)).toEqual(act(state, 'hit', t.floatAt));
  });

  it.each([
    ['a wrong version', { version: 2 }],
    ['a float bet', { hands: [{ cards: [0, 1], bet: '1.5', doubled: false, finished: false }] }],
    ['a card out of range', { dealer: [0, 52] }],
    ['an active hand past the hands', { activeHandIndex: 1 }],
    ['an unknown game state', { gameState: 'DealerTurn' }],
  ])('rejects %s', (_, patch) => {
    const good = JSON.parse(JSON.stringify(table('Two', 'Ten', 'Three', 'Seven').start())) as Record<string, unknown>;
    expect(() => parseBlackjackState(good)).not.toThrow();
    expect(() => parseBlackjackState({ ...good, ...patch })).toThrow(TypeError);
  });
});

describe('blackjackMaxPayout (what an open round could still take from the house)', () => {
  it('a pair can still be split and both hands doubled: stake + 4 × bet', () => {
    const state = table('Eight', 'Seven', 'Eight', 'Nine').start();
    expect(blackjackMaxPayout(state)).toBe(500n);
  });

  it('two unequal cards can still be doubled: stake + 2 × bet; after a hit only a plain win is left', () => {
    const t = table('Five', 'Seven', 'Six', 'Nine', 'Two');
    const state = t.start();
    expect(blackjackMaxPayout(state)).toBe(300n);
    expect(blackjackMaxPayout(act(state, 'hit', t.floatAt))).toBe(200n);
  });

  it('grows with a split exactly by the stake it brings, and is 0 once the round is over', () => {
    const t = table('Eight', 'Seven', 'Eight', 'Nine', 'Two', 'Three');
    const split = act(t.start(), 'split', t.floatAt);
    // Two hands of 100 that may each still double: 200 staked + 2 × 200 profit.
    expect(blackjackMaxPayout(split)).toBe(600n);
    expect(blackjackMaxPayout(split) - 500n).toBe(actionStake(t.start(), 'split'));
    const over = table('Ten', 'Seven', 'Nine', 'King').start();
    expect(blackjackMaxPayout(act(over, 'stand', () => 0))).toBe(0n);
  });
});
