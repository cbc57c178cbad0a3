import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { blackjackDealOrder, checkRecall, isBetId, publicOutcome, readRecall, verifyRequestOf } from '../../src/core/bets/recall';
import type { BetRecall, ComputedRecall } from '../../src/core/bets/recall';
import { createFloatStream } from '../../src/core/fairness/floats';
import type { FloatAt } from '../../src/core/fairness/floats';
import { verifyOutcomeAsync } from '../../src/core/fairness/verify';
import type { VerifiableGame } from '../../src/core/fairness/verify';
import { dealBaccarat } from '../../src/core/games/baccarat';
import { allowedActions, applyAction, settle, startRound } from '../../src/core/games/blackjack';
import type { BlackjackState } from '../../src/core/games/blackjack';
import { cardAt } from '../../src/core/games/cards';
import { diceRollFromStream, diceWins } from '../../src/core/games/dice';
import { minesBoard } from '../../src/core/games/mines';
import { nodeHmacSha256 } from '../../src/server/fairness/hmac';
import { createSeededStreams, scriptedCards } from '../support/seededFloats';

const seeds = { serverSeed: '2a97516c354b68848cdbd8f54a226a0a55b21ed138e207ad6c5cbb9c00aa5aea', clientSeed: 'abc', nonce: 1 };
const seedHash = createHash('sha256').update(seeds.serverSeed).digest('hex');
const stream = createFloatStream(nodeHmacSha256, seeds.serverSeed, seeds.clientSeed, seeds.nonce).at;

/** What the bet page computes: the Seed modal's verifier on the seeds, and the seed's hash. */
async function computedFor(recall: BetRecall, serverSeed = seeds.serverSeed): Promise<ComputedRecall> {
  const request = verifyRequestOf(recall)!;
  const { outcome } = await verifyOutcomeAsync(request.game as VerifiableGame, { ...seeds, serverSeed }, request.params as never);
  return { serverSeedHash: createHash('sha256').update(serverSeed).digest('hex'), outcome };
}

/** A blackjack round played to its end with random legal moves (a round record as the server writes it). */
function playRound(floatAt: FloatAt, choose: (n: number) => number): BlackjackState {
  let state = startRound(1000n, floatAt);
  while (state.gameState === 'PlayerTurn') {
    const actions = allowedActions(state);
    const result = applyAction(state, actions[choose(actions.length)]!, state.activeHandIndex, floatAt);
    if (!result.ok) throw new Error(result.refusal.message);
    state = result.state;
  }
  return state;
}

const blackjackRecord = (state: BlackjackState) => ({
  gameId: 77,
  playerHands: state.hands.map((hand) => ({ cards: hand.cards, bet: hand.bet, doubled: hand.doubled })),
  dealerHand: state.dealer,
  outcomes: settle(state).outcomes,
  cardsDealt: state.cursor,
});

describe('bet ids in /bet/ID', () => {
  it.each(['1', '42', '999999999999999'])('should take %s', (id) => expect(isBetId(id)).toBe(true));
  it.each(['', '0', '012', '-1', '1.5', 'abc', '1e3', '1000000000000000', ' 1'])('should refuse %j', (id) => expect(isBetId(id)).toBe(false));
});

describe('reading a stored outcome back as the game', () => {
  it('should read a dice roll with its target', () => {
    expect(readRecall('Dice', { roll: 70.61, chance: 49.5, target: 'under', win: false })).toEqual({ game: 'dice', roll: 70.61, chance: 49.5, target: 'under', win: false });
  });

  it('should read a mines board with the picks in their order and the mine that ended it', () => {
    expect(readRecall('Mines', { gameId: 3, minesCount: 3, mines: [24, 0, 6], gems: [12, 3], hitMine: 6, multiplier: 0 })).toEqual({
      game: 'mines',
      minesCount: 3,
      mines: [0, 6, 24],
      gems: [12, 3],
      hitMine: 6,
    });
  });

  it('should read a baccarat tableau and the coins on each area', () => {
    const recall = readRecall('Baccarat', { bets: { player: '100000000', tie: '0', banker: '50000000' }, playerHand: [0, 4], bankerHand: [8, 12, 51], playerScore: 5, bankerScore: 4, winner: 'player' });
    expect(recall).toMatchObject({ game: 'baccarat', playerHand: [0, 4], bankerHand: [8, 12, 51], winner: 'player', bets: { player: 1, tie: 0, banker: 0.5 } });
  });

  it.each([
    ['Dice', { roll: 70.61 }],
    ['Dice', { roll: 101, chance: 50, target: 'under', win: true }],
    ['Mines', { minesCount: 3, mines: [0, 6], gems: [], hitMine: null }],
    ['Mines', { minesCount: 1, mines: [4], gems: [4], hitMine: null }],
    ['Mines', { minesCount: 1, mines: [4], gems: [], hitMine: 5 }],
    ['Blackjack', { playerHands: [], dealerHand: [1, 2] }],
    ['Blackjack', { playerHands: [{ cards: [1, 60], bet: '1' }], dealerHand: [1, 2] }],
    ['Baccarat', { playerHand: [1], bankerHand: [1, 2], playerScore: 1, bankerScore: 1, winner: 'tie' }],
    ['Roulette', { number: 7 }],
    ['Dice', null],
    ['Dice', '{"roll":1}'],
  ])('should call a %s record it cannot draw unreadable (%j)', (game, outcome) => {
    expect(readRecall(game, outcome)).toEqual({ game: 'unreadable', gameName: game });
  });
});

describe('the order blackjack deals its cards', () => {
  it('should put a split round in shoe order: both first cards, the split cards, the hits, the dealer', () => {
    // 8♦ 5♣ 8♥ 10♠ | split: 3♦ to hand 1, 2♣ to hand 2 | hand 1 hits 4♦ | hand 2 hits 9♦ | dealer draws 4♦
    const shoe = [24, 15, 25, 34, 4, 3, 8, 28, 8];
    let state = startRound(100n, scriptedCards(shoe));
    const act = (action: 'split' | 'hit' | 'stand') => {
      const result = applyAction(state, action, state.activeHandIndex, scriptedCards(shoe));
      if (!result.ok) throw new Error(result.refusal.message);
      state = result.state;
    };
    act('split');
    act('hit');
    act('stand');
    act('hit');
    act('stand');
    const order = blackjackDealOrder(state.hands.map((h) => h.cards), state.dealer);
    expect(order.map((d) => d.card)).toEqual(shoe.slice(0, state.cursor));
    expect(order.map((d) => d.seat)).toEqual(['player1', 'dealer', 'player2', 'dealer', 'player1', 'player2', 'player1', 'player2', 'dealer']);
  });

  it('should rebuild the shoe of 500 rounds played at random, splits and doubles included', () => {
    const streams = createSeededStreams(20);
    let split = 0;
    for (let round = 0; round < 500; round += 1) {
      const floatAt = streams.nextStream();
      let pick = round;
      const state = playRound(floatAt, (n) => (pick = (pick * 7 + 3) % 101) % n);
      if (state.hands.length === 2) split += 1;
      const recall = readRecall('Blackjack', blackjackRecord(state));
      if (recall.game !== 'blackjack') throw new Error('unreadable round');
      expect(recall.dealt.map((d) => d.card)).toEqual(Array.from({ length: state.cursor }, (_, i) => cardAt(floatAt, i)));
    }
    expect(split).toBeGreaterThan(0);
  });
});

describe('verifying a recall with the revealed seed', () => {
  const roll = diceRollFromStream(stream);
  const dice = readRecall('Dice', { roll, chance: 49.5, target: 'under', win: diceWins(roll, 49.5, 'under') });
  const mines = readRecall('Mines', { minesCount: 5, mines: minesBoard(stream, 5), gems: [], hitMine: minesBoard(stream, 5)[2]! });
  const deal = dealBaccarat(stream);
  const baccarat = readRecall('Baccarat', { ...deal, bets: { player: '1', tie: '0', banker: '0' } });
  let pick = 0;
  const blackjack = readRecall('Blackjack', blackjackRecord(playRound(stream, (n) => (pick++ % 2) % n)));

  it.each([
    ['dice', dice],
    ['mines', mines],
    ['baccarat', baccarat],
    ['blackjack', blackjack],
  ])('should match a %s bet the seeds decided, and its hash', async (_name, recall) => {
    const check = checkRecall(recall, seedHash, await computedFor(recall));
    expect(check).toMatchObject({ hashMatches: true, outcomeMatches: true });
  });

  it('should say what it computed, in words', async () => {
    expect((await computedFor(dice)).outcome).toMatchObject({ roll: 70.61 });
    expect(checkRecall(dice, seedHash, await computedFor(dice)).computed).toBe('roll 70.61');
    expect(checkRecall(mines, seedHash, await computedFor(mines)).computed).toMatch(/^mines on tiles \d+(, \d+){4}$/);
    expect(checkRecall(baccarat, seedHash, await computedFor(baccarat)).computed).toMatch(/^player (\S+ ?){2,3}, banker (\S+ ?){2,3}$/);
  });

  it('should find a mismatch when the record differs from what the seeds decide', async () => {
    const forged = readRecall('Dice', { roll: roll === 1 ? 2 : 1, chance: 49.5, target: 'under', win: true });
    expect(checkRecall(forged, seedHash, await computedFor(forged))).toMatchObject({ hashMatches: true, outcomeMatches: false, computed: 'roll 70.61' });
    if (mines.game !== 'mines') throw new Error('unreadable');
    const moved = { ...mines, mines: mines.mines.map((t) => (t + 1) % 25).sort((a, b) => a - b) };
    expect(checkRecall(moved, seedHash, await computedFor(moved)).outcomeMatches).toBe(false);
    if (blackjack.game !== 'blackjack') throw new Error('unreadable');
    const swapped = { ...blackjack, dealt: [...blackjack.dealt].reverse() };
    expect(checkRecall(swapped, seedHash, await computedFor(swapped)).outcomeMatches).toBe(false);
    if (baccarat.game !== 'baccarat') throw new Error('unreadable');
    const other = { ...baccarat, winner: baccarat.winner === 'tie' ? ('player' as const) : ('tie' as const) };
    expect(checkRecall(other, seedHash, await computedFor(other)).outcomeMatches).toBe(false);
  });

  it('should find a server seed that does not hash to the hash shown', async () => {
    const wrongSeed = '0'.repeat(64);
    const check = checkRecall(dice, seedHash, await computedFor(dice, wrongSeed));
    expect(check.hashMatches).toBe(false);
    expect(checkRecall(dice, seedHash.toUpperCase(), await computedFor(dice)).hashMatches).toBe(true);
  });

  it('should never call an unreadable record a match', async () => {
    const unreadable = readRecall('Dice', {});
    expect(verifyRequestOf(unreadable)).toBeNull();
    expect(checkRecall(unreadable, seedHash, { serverSeedHash: seedHash, outcome: { roll } }).outcomeMatches).toBe(false);
  });
});

describe('what a visitor sees of a stored outcome', () => {
  it("should keep what draws the game and drop the record's bookkeeping", () => {
    expect(publicOutcome('Mines', { gameId: 9, minesCount: 1, mines: [4], gems: [1, 2], hitMine: null, multiplier: 1.08 })).toEqual({ minesCount: 1, mines: [4], gems: [1, 2], hitMine: null });
    const bj = publicOutcome('Blackjack', { gameId: 3, playerHands: [{ cards: [1, 2], bet: '100', doubled: false, extra: 1 }], dealerHand: [3, 4], outcomes: ['lose'], cardsDealt: 4 });
    expect(bj).toEqual({ playerHands: [{ cards: [1, 2], bet: '100', doubled: false }], dealerHand: [3, 4], outcomes: ['lose'] });
    expect(publicOutcome('Baccarat', { bets: { player: '1', tie: '0', banker: '0', x: 1 }, returns: {}, playerHand: [1, 2], bankerHand: [3, 4], playerScore: 0, bankerScore: 0, winner: 'tie' })).toEqual({
      bets: { player: '1', tie: '0', banker: '0' },
      playerHand: [1, 2],
      bankerHand: [3, 4],
      playerScore: 0,
      bankerScore: 0,
      winner: 'tie',
    });
    expect(publicOutcome('Dice', { roll: 1, chance: 50, target: 'over', win: false, secret: 'x' })).toEqual({ roll: 1, chance: 50, target: 'over', win: false });
  });

  it('should show nothing of a record it cannot read', () => {
    expect(publicOutcome('Dice', { roll: 1, secret: 'x' })).toBeNull();
  });
});
