import { describe, expect, it } from 'vitest';
import {
  baccaratExactProbabilities,
  baccaratExactRtp,
  dealBaccarat,
  settleBaccarat,
  toWireBaccaratGame,
  verifyBaccarat,
} from '../../src/core/games/baccarat';
import type { BaccaratBets, BaccaratWinner } from '../../src/core/games/baccarat';
import type { Rank } from '../../src/core/games/cards';
import { cardIndex } from '../support/cardIndex';
import { createSeededStreams, scriptedCards } from '../support/seededFloats';

// Statistical simulations check the return over the randomness; under mutation testing (a slower,
// instrumented run per mutant) they are skipped and the exact tests of the same maths stand in.
const underMutation = process.env.MUTATION_RUN === '1';

/** A card of the given baccarat value, suits varied so the hands are not all Spades. */
const RANK_OF_VALUE: readonly Exclude<Rank, 'Hidden'>[] = [
  'King', 'Ace', 'Two', 'Three', 'Four', 'Five', 'Six', 'Seven', 'Eight', 'Nine',
];
function valued(value: number, suit: 'Diamonds' | 'Hearts' | 'Spades' | 'Clubs' = 'Hearts'): number {
  const rank = RANK_OF_VALUE[value];
  if (!rank) throw new Error(`no card of value ${value}`);
  return cardIndex(rank, suit);
}

/** Two cards totalling `score`, different splits for different scores. */
function twoCards(score: number): [number, number] {
  const first = (score * 7 + 3) % 10;
  return [valued(first, 'Diamonds'), valued((score - first + 10) % 10, 'Clubs')];
}

/**
 * The punto banco tableau as printed in casinos: when the player drew, does the banker (by its
 * two-card total, rows) draw given the value of the player's third card (columns 0..9)?
 */
const BANKER_DRAWS_AFTER_PLAYER_THIRD: Record<number, string> = {
  //   0123456789
  0: 'DDDDDDDDDD',
  1: 'DDDDDDDDDD',
  2: 'DDDDDDDDDD',
  3: 'DDDDDDDDSD',
  4: 'SSDDDDDDSS',
  5: 'SSSSDDDDSS',
  6: 'SSSSSSDDSS',
  7: 'SSSSSSSSSS',
};

describe('baccarat tableau', () => {
  const cases: [number, number, number][] = [];
  for (let player = 0; player < 10; player++)
    for (let banker = 0; banker < 10; banker++) for (let third = 0; third < 10; third++) cases.push([player, banker, third]);

  it.each(cases)('player %i, banker %i, next card worth %i', (player, banker, next) => {
    const [p1, p2] = twoCards(player);
    const [b1, b2] = twoCards(banker);
    const fifth = valued(next, 'Spades');
    const sixth = valued((next + 3) % 10, 'Hearts');
    const deal = dealBaccarat(scriptedCards([p1, b1, p2, b2, fifth, sixth]));

    let playerHand = [p1, p2];
    let bankerHand = [b1, b2];
    let playerScore = player;
    let bankerScore = banker;
    if (player < 8 && banker < 8) {
      if (player <= 5) {
        playerHand = [p1, p2, fifth];
        playerScore = (player + next) % 10;
        if (BANKER_DRAWS_AFTER_PLAYER_THIRD[banker]?.[next] === 'D') {
          bankerHand = [b1, b2, sixth];
          bankerScore = (banker + next + 3) % 10;
        }
      } else if (banker <= 5) {
        bankerHand = [b1, b2, fifth];
        bankerScore = (banker + next) % 10;
      }
    }
    const winner: BaccaratWinner = playerScore === bankerScore ? 'tie' : playerScore > bankerScore ? 'player' : 'banker';

    expect(deal).toMatchObject({ playerHand, bankerHand, playerScore, bankerScore, winner });
    const sides = deal.order.map((entry) => entry.side);
    expect(sides.slice(0, 4)).toEqual(['player', 'banker', 'player', 'banker']);
    expect(deal.order.map((entry) => entry.card)).toEqual([p1, b1, p2, b2, fifth, sixth].slice(0, deal.order.length));
    if (playerHand.length === 3) expect(sides[4]).toBe('player');
  });

  it('reads only four floats when a natural ends the deal', () => {
    // A fifth read would throw: the scripted stream holds exactly four cards.
    const deal = dealBaccarat(scriptedCards([valued(4), valued(9), valued(4), valued(9)]));
    expect(deal).toMatchObject({ playerScore: 8, bankerScore: 8, winner: 'tie' });
  });
});

describe('baccarat settlement', () => {
  const bets = (player: bigint, tie: bigint, banker: bigint): BaccaratBets => ({ player, tie, banker });

  // The same stakes on every side: 100 on the player, 10 on the tie, 50 on the banker.
  it.each([
    ['pays the player bet 1:1 and loses the others on a player win', 'player', { resultAmount: 200n, wager: 160n, returns: bets(200n, 0n, 0n) }],
    ['pays a tie 8:1 and returns player and banker stakes', 'tie', { resultAmount: 240n, wager: 160n, returns: bets(100n, 90n, 50n) }],
  ] as const)('%s', (_, winner, settlement) => {
    expect(settleBaccarat(bets(100n, 10n, 50n), { winner })).toEqual(settlement);
  });

  it('pays the banker 0.95:1, flooring the win to the base unit', () => {
    expect(settleBaccarat(bets(0n, 0n, 100n), { winner: 'banker' }).resultAmount).toBe(195n);
    expect(settleBaccarat(bets(0n, 0n, 19n), { winner: 'banker' }).resultAmount).toBe(37n);
    expect(settleBaccarat(bets(0n, 0n, 1n), { winner: 'banker' }).resultAmount).toBe(1n);
    expect(settleBaccarat(bets(100n, 0n, 0n), { winner: 'banker' }).resultAmount).toBe(0n);
  });


  it('stays exact beyond 2^53 base units', () => {
    const big = 123_456_789_012_345_678_901n;
    expect(settleBaccarat(bets(0n, 0n, big), { winner: 'banker' }).resultAmount).toBe(big + (big * 95n) / 100n);
    expect(settleBaccarat(bets(0n, 0n, big), { winner: 'banker' }).resultAmount).toBe(240_740_738_574_074_073_856n);
  });

  it('refuses negative bets', () => {
    expect(() => settleBaccarat(bets(-1n, 0n, 0n), { winner: 'player' })).toThrow(RangeError);
  });

  it('puts scores, hands and the coin amount on the wire', () => {
    const deal = dealBaccarat(scriptedCards([valued(4), valued(9), valued(4), valued(9)]));
    expect(toWireBaccaratGame(deal, 250_000_000n)).toEqual({
      playerHand: [valued(4), valued(4)],
      bankerHand: [valued(9), valued(9)],
      playerScore: 8,
      bankerScore: 8,
      resultAmount: 2.5,
    });
  });

  it('describes a deal for the verifier', () => {
    const floatAt = scriptedCards([valued(2), valued(0), valued(1), valued(3), valued(5), valued(7)]);
    const verified = verifyBaccarat(floatAt);
    expect(verified.playerHand.map((card) => card.rank)).toEqual(['Two', 'Ace', 'Five']);
    expect(verified.bankerHand.map((card) => card.rank)).toEqual(['King', 'Three', 'Seven']);
    expect(verified).toMatchObject({ playerScore: 8, bankerScore: 0, winner: 'player' });
    expect(verified.order.map((entry) => [entry.position, entry.side])).toEqual([
      [0, 'player'], [1, 'banker'], [2, 'player'], [3, 'banker'], [4, 'player'], [5, 'banker'],
    ]);
  });
});

describe('baccarat return to player', () => {
  it('enumerates the infinite deck exactly', () => {
    const p = baccaratExactProbabilities();
    expect(p.denominator).toBe(13 ** 6);
    expect(p.player + p.banker + p.tie).toBe(p.denominator);
    expect(p).toEqual({ player: 2_153_464, banker: 2_212_744, tie: 460_601, denominator: 4_826_809 });
  });

  it('matches the published figures to four decimals', () => {
    const rtp = baccaratExactRtp();
    expect(rtp.player).toBeCloseTo(0.9877, 4);
    expect(rtp.banker).toBeCloseTo(0.9894, 4);
    expect(rtp.tie).toBeCloseTo(0.8588, 4);
  });

  it.skipIf(underMutation)('is what 100,000 simulated deals pay, within four standard errors', () => {
    const streams = createSeededStreams(20_240_611);
    const stake = 100_000_000n;
    const n = 100_000;
    const sums = { player: 0, tie: 0, banker: 0 };
    const squares = { player: 0, tie: 0, banker: 0 };
    for (let i = 0; i < n; i++) {
      const deal = dealBaccarat(streams.nextStream());
      const { returns } = settleBaccarat({ player: stake, tie: stake, banker: stake }, deal);
      for (const bet of ['player', 'tie', 'banker'] as const) {
        const multiple = Number(returns[bet]) / Number(stake);
        sums[bet] += multiple;
        squares[bet] += multiple * multiple;
      }
    }
    const exact = baccaratExactRtp();
    for (const bet of ['player', 'tie', 'banker'] as const) {
      const mean = sums[bet] / n;
      const standardError = Math.sqrt((squares[bet] / n - mean * mean) / n);
      expect(standardError).toBeGreaterThan(0);
      expect(Math.abs(mean - exact[bet]), `${bet}: measured ${mean}, exact ${exact[bet]}`).toBeLessThan(4 * standardError);
    }
  });
});
