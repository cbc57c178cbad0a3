import { describe, expect, it } from 'vitest';
import { bankerDraws, isNatural, maxProfitOf, playerDraws, roundHouseEdge } from '../../src/core/games/baccarat';
import type { BaccaratBets } from '../../src/core/games/baccarat';

const bets = (player: bigint, tie: bigint, banker: bigint): BaccaratBets => ({ player, tie, banker });

// docs/baccarat.md: the exact outcome counts over 13^6 weighted deals.
const DEALS = 4_826_809;
const PLAYER_WINS = 2_153_464;
const BANKER_WINS = 2_212_744;
const TIES = 460_601;
const EDGE = {
  player: 1 - (2 * PLAYER_WINS + TIES) / DEALS,
  banker: 1 - (1.95 * BANKER_WINS + TIES) / DEALS,
  tie: 1 - (9 * TIES) / DEALS,
};

describe('the house edge of a baccarat round (what the rewards pool shares)', () => {
  it('is each area’s published edge when the round is on one area', () => {
    expect(roundHouseEdge(bets(5n, 0n, 0n))).toBeCloseTo(EDGE.player, 12);
    expect(roundHouseEdge(bets(0n, 0n, 5n))).toBeCloseTo(EDGE.banker, 12);
    expect(roundHouseEdge(bets(0n, 5n, 0n))).toBeCloseTo(EDGE.tie, 12);
    expect([EDGE.player, EDGE.banker, EDGE.tie].map((edge) => Math.round(edge * 10_000) / 100)).toEqual([1.23, 1.06, 14.12]);
  });

  it('weighs the areas by their stakes when the round mixes them', () => {
    const expected = (300 * EDGE.player + 100 * EDGE.tie + 600 * EDGE.banker) / 1000;
    expect(roundHouseEdge(bets(300n, 100n, 600n))).toBeCloseTo(expected, 12);
  });

  it('is 0 for a round with nothing staked', () => {
    expect(roundHouseEdge(bets(0n, 0n, 0n))).toBe(0);
  });
});

describe('the largest profit a baccarat round can bring (what the max-win check weighs)', () => {
  it('is the best of the three winners', () => {
    // Player wins: 200 back on 160 staked; tie: 100 + 90 + 50 = 240 back; banker: 50 + 47 back.
    expect(maxProfitOf(bets(100n, 10n, 50n))).toBe(80n);
    expect(maxProfitOf(bets(100n, 0n, 0n))).toBe(100n);
    expect(maxProfitOf(bets(0n, 0n, 100n))).toBe(95n);
    expect(maxProfitOf(bets(0n, 1n, 0n))).toBe(8n);
    expect(maxProfitOf(bets(0n, 0n, 19n))).toBe(18n);
  });

  it('is 0 when no winner can bring more than the stakes', () => {
    // Player wins 200 back on 200, tie returns both stakes, banker wins 195 back: never a profit.
    expect(maxProfitOf(bets(100n, 0n, 100n))).toBe(0n);
    expect(maxProfitOf(bets(0n, 0n, 0n))).toBe(0n);
  });

  it('refuses a negative stake on any area, naming it', () => {
    expect(() => maxProfitOf(bets(0n, -1n, 0n))).toThrow('The tie bet must not be negative; got -1');
    expect(() => maxProfitOf(bets(0n, 0n, -2n))).toThrow('The banker bet must not be negative; got -2');
  });
});

describe('the baccarat drawing rules at their edges', () => {
  it('ends the deal on a two-card 8 or 9 only', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 7, 8, 9].map(isNatural)).toEqual([false, false, false, false, false, false, false, false, true, true]);
  });

  it('draws the player a third card on 0 to 5 only', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 7].map(playerDraws)).toEqual([true, true, true, true, true, true, false, false]);
  });

  it('draws the banker like the player when the player stood', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 7].map((score) => bankerDraws(score, null))).toEqual([true, true, true, true, true, true, false, false]);
  });

  it('has the banker stand on 7 whatever the player’s third card', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 7, 8, 9].map((third) => bankerDraws(7, third))).toEqual(Array.from({ length: 10 }, () => false));
  });
});
