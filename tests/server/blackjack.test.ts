import { HubConnectionBuilder, LogLevel } from '@microsoft/signalr';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createFloatStream } from '../../src/core/fairness/floats';
import type { FloatAt } from '../../src/core/fairness/floats';
import { applyAction, settle, startRound, toWireGame } from '../../src/core/games/blackjack';
import type { BlackjackAction, BlackjackState, WireBlackjackGame } from '../../src/core/games/blackjack';
import { blackjackCardValue, blackjackTotal, HIDDEN_CARD } from '../../src/core/games/cards';
import { decimalToUnits } from '../../src/core/money';
import { gameById, updateGame } from '../../src/server/blackjack/games';
import { nodeHmacSha256 } from '../../src/server/fairness/hmac';
import { checkLedger } from '../../src/server/ledger/check';
import { playerAccount } from '../../src/server/ledger/ledger';
import type { SettledBet } from '../../src/server/plugins/settlement';
import { startTestServer } from '../support/server';
import type { TestServer } from '../support/server';
import { createPlayer, ledgerRows, TOKEN_ROWS, fundedPlayer as fundPlayer, balanceIn, nonceOf } from '../support/wallet';
import type { Player } from '../support/wallet';

interface RoundBody {
  success: boolean;
  game: WireBlackjackGame | null;
  errorMessage: string | null;
  balance?: number;
  bet?: { id: number; gameName: string; wager: number; multiplier: number; payout: number; currency: string } | null;
  code?: string;
  error?: string;
  message?: string;
}

const BET = 2; // USDT
const BET_UNITS = 200_000_000n;

describe('blackjack rounds by API', () => {
  let server: TestServer;
  const settled: SettledBet[] = [];
  beforeAll(async () => {
    server = await startTestServer({}, (app) => {
      app.settlement.register(async (_tx, bet) => {
        settled.push(bet);
      });
    });
  });
  afterAll(async () => server.close());
  // Whatever a scenario did, every balance still equals its entries and each currency sums to zero.
  afterEach(async () => {
    expect(await checkLedger(server.app.db)).toMatchObject({ ok: true });
  });

  const fundedPlayer = () => fundPlayer(server);
  const usdt = (player: Player) => balanceIn(server, player);
  const call = async (player: Player, method: string, path: string, body?: unknown) => {
    const answer = await player.call(method, path, body);
    return { status: answer.status, body: answer.body as RoundBody };
  };
  const activeGame = async (player: Player) => (await call(player, 'GET', '/blackjack/get-active-game')).body.game;

  /**
   * The cards of the next bet follow from the committed next server seed, the client seed and
   * nonce 0 after a rotation. The test reads the next server seed from the database, searches
   * client seeds with the real engine until the first round is the one it wants, and rotates to it.
   */
  async function rigFirstRound(player: Player, wanted: (state: BlackjackState, floatAt: FloatAt) => boolean) {
    await player.call('GET', '/casino/get-seed');
    const { server_seed: serverSeed } = (await server.app.db.get<{ server_seed: string }>(
      `SELECT server_seed FROM seed_pairs WHERE user_id = ? AND status = 'next'`,
      [player.id],
    ))!;
    for (let i = 0; i < 20_000; i++) {
      const clientSeed = `rig${i}`;
      const floatAt = createFloatStream(nodeHmacSha256, serverSeed, clientSeed, 0).at;
      if (!wanted(startRound(BET_UNITS, floatAt), floatAt)) continue;
      const rotated = await player.call('POST', '/casino/rotate-seed', { clientSeed });
      expect(rotated.status).toBe(200);
      return floatAt;
    }
    throw new Error('no client seed gives the wanted round');
  }

  const inPlay = (state: BlackjackState) => state.gameState === 'PlayerTurn';
  const firstCards = (state: BlackjackState) => state.hands[0]!.cards as [number, number];
  const sameValue = (state: BlackjackState) => blackjackCardValue(firstCards(state)[0]) === blackjackCardValue(firstCards(state)[1]);
  const total = (cards: readonly number[]) => blackjackTotal(cards).total;

  /** Every PlayerTurn answer: hole card as Hidden, dealer score of the up card alone. */
  function expectHoleHidden(game: WireBlackjackGame | null | undefined) {
    expect(game).toBeTruthy();
    if (game!.gameState !== 'PlayerTurn') return;
    expect(game!.dealerHand).toHaveLength(2);
    expect(game!.dealerHand[1]).toBe(HIDDEN_CARD);
    expect(game!.dealerScore).toBe(total([game!.dealerHand[0]!]));
  }

  /** Plays actions through the API and the engine side by side; every answer must equal the engine's. */
  async function play(player: Player, floatAt: FloatAt, actions: Array<[BlackjackAction, 0 | 1]>) {
    const opened = await call(player, 'POST', '/blackjack/bet', { betAmount: BET, currency: 'USDT' });
    expect(opened.status).toBe(200);
    expect(opened.body.success).toBe(true);
    expect(opened.body.errorMessage).toBeNull();
    let state = startRound(BET_UNITS, floatAt);
    const id = opened.body.game!.id;
    expect(opened.body.game).toEqual(toWireGame(state, id, 'USDT'));
    expectHoleHidden(opened.body.game);
    let last = opened.body;
    for (const [action, hand] of actions) {
      const answer = await call(player, 'POST', `/blackjack/${action}`, { activeHand: hand });
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      const next = applyAction(state, action, hand, floatAt);
      if (!next.ok) throw new Error(next.refusal.message);
      state = next.state;
      expect(answer.body.game).toEqual(toWireGame(state, id, 'USDT'));
      expectHoleHidden(answer.body.game);
      last = answer.body;
    }
    return { last, state, id };
  }

  async function expectSettled(player: Player, body: RoundBody, state: BlackjackState, before: bigint) {
    const { payout, wager } = settle(state);
    expect(body.game!.gameState).toBe('GameOver');
    expect(body.game!.dealerHand).toEqual(state.dealer);
    expect(body.bet).toMatchObject({
      gameName: 'Blackjack',
      currency: 'USDT',
      wager: Number(wager) / 1e8,
      payout: Number(payout) / 1e8,
      multiplier: Math.floor(Number((payout * 10_000n) / wager)) / 10_000,
    });
    expect(await usdt(player)).toBe(before - wager + payout);
    expect(body.balance).toBe(Number(await usdt(player)) / 1e8);
    expect(settled.at(-1)).toMatchObject({ betId: body.bet!.id, game: 'Blackjack', wager, payout, userId: player.id });
    expect((await checkLedger(server.app.db)).ok).toBe(true);
  }

  it('should pay a player blackjack 3:2 at once, with the dealer hand shown', async () => {
    const player = await fundedPlayer();
    const floatAt = await rigFirstRound(player, (s) => total(firstCards(s)) === 21 && total(s.dealer) !== 21);
    const before = await usdt(player);
    const rows = await ledgerRows(server);
    const answer = await call(player, 'POST', '/blackjack/bet', { betAmount: BET, currency: 'USDT' });
    expect(answer.status).toBe(200);
    const state = startRound(BET_UNITS, floatAt);
    expect(answer.body.game).toEqual(toWireGame(state, answer.body.game!.id, 'USDT'));
    expect(answer.body.game!.resultAmount).toBe(5);
    await expectSettled(player, answer.body, state, before);
    expect(answer.body.bet!.multiplier).toBe(2.5);
    expect((await ledgerRows(server)) - rows).toBe(4 + TOKEN_ROWS);
    expect(await activeGame(player)).toBeNull();
  });

  it('should end the round at once on a dealer blackjack and take the bet', async () => {
    const player = await fundedPlayer();
    const floatAt = await rigFirstRound(player, (s) => total(s.dealer) === 21 && total(firstCards(s)) !== 21);
    const before = await usdt(player);
    const rows = await ledgerRows(server);
    const answer = await call(player, 'POST', '/blackjack/bet', { betAmount: BET, currency: 'USDT' });
    const state = startRound(BET_UNITS, floatAt);
    expect(answer.body.game).toMatchObject({ gameState: 'GameOver', dealerScore: 21, resultAmount: 0 });
    await expectSettled(player, answer.body, state, before);
    expect((await ledgerRows(server)) - rows).toBe(2 + TOKEN_ROWS);
  });

  it('should play a double: the stake doubles before the card, the hand stands and the round settles', async () => {
    const player = await fundedPlayer();
    const floatAt = await rigFirstRound(player, (s) => inPlay(s) && !sameValue(s));
    const before = await usdt(player);
    const { last, state } = await play(player, floatAt, [['double', 0]]);
    expect(last.game!.betAmount).toBe(4);
    expect(last.game!.playerHand1).toHaveLength(3);
    await expectSettled(player, last, state, before);
    expect(settled.at(-1)!.wager).toBe(2n * BET_UNITS);
  });

  it('should play a split: two hands in turn, each with the first bet, settled together', async () => {
    const player = await fundedPlayer();
    const floatAt = await rigFirstRound(player, (s, f) => {
      if (!inPlay(s) || !sameValue(s)) return false;
      // Wanted: after the split hand 0 still in play, so both hands are played by the player.
      const split = applyAction(s, 'split', 0, f);
      return split.ok && split.state.activeHandIndex === 0 && split.state.gameState === 'PlayerTurn';
    });
    const before = await usdt(player);
    const { last: afterSplit, state: split } = await play(player, floatAt, [['split', 0]]);
    expect(afterSplit.game).toMatchObject({ isSplit: true, activeHandIndex: 0, betAmount: BET, betAmount2: BET });
    expect(afterSplit.game!.playerHand1).toHaveLength(2);
    expect(afterSplit.game!.playerHand2).toHaveLength(2);
    expect(await usdt(player)).toBe(before - 2n * BET_UNITS);

    // A second split is refused, and nothing changes.
    const again = await call(player, 'POST', '/blackjack/split', { activeHand: 0 });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ success: false, code: 'ALREADY_SPLIT', game: afterSplit.game });

    let state = split;
    let last = afterSplit;
    while (state.gameState === 'PlayerTurn') {
      const hand = state.activeHandIndex;
      const answer = await call(player, 'POST', '/blackjack/stand', { activeHand: hand });
      expect(answer.status).toBe(200);
      const next = applyAction(state, 'stand', hand, floatAt);
      if (!next.ok) throw new Error(next.refusal.message);
      state = next.state;
      expect(answer.body.game).toEqual(toWireGame(state, afterSplit.game!.id, 'USDT'));
      expectHoleHidden(answer.body.game);
      last = answer.body;
    }
    expect(last.game!.resultAmount + last.game!.resultAmount2).toBe(last.bet!.payout);
    await expectSettled(player, last, state, before);
    expect(settled.at(-1)!.wager).toBe(2n * BET_UNITS);
  });

  it('should hit until the hand is over, the hole card hidden in every PlayerTurn answer', async () => {
    const player = await fundedPlayer();
    const floatAt = await rigFirstRound(player, (s, f) => {
      if (!inPlay(s)) return false;
      const hit = applyAction(s, 'hit', 0, f);
      return hit.ok && hit.state.gameState === 'PlayerTurn';
    });
    const before = await usdt(player);
    let { last, state } = await play(player, floatAt, [['hit', 0]]);
    while (state.gameState === 'PlayerTurn') {
      ({ last, state } = await (async () => {
        const answer = await call(player, 'POST', '/blackjack/hit', { activeHand: 0 });
        const next = applyAction(state, 'hit', 0, floatAt);
        if (!next.ok) throw new Error(next.refusal.message);
        expect(answer.body.game).toEqual(toWireGame(next.state, answer.body.game!.id, 'USDT'));
        expectHoleHidden(answer.body.game);
        return { last: answer.body, state: next.state };
      })());
    }
    await expectSettled(player, last, state, before);
  });

  it('should restore the open round with the hole card still hidden, and forget it once over', async () => {
    const player = await fundedPlayer();
    const floatAt = await rigFirstRound(player, inPlay);
    const opened = await call(player, 'POST', '/blackjack/bet', { betAmount: BET, currency: 'USDT' });
    const restored = await call(player, 'GET', '/blackjack/get-active-game');
    expect(restored.status).toBe(200);
    expect(restored.body).toEqual({ success: true, game: opened.body.game, errorMessage: null, balance: opened.body.balance });
    expectHoleHidden(restored.body.game);
    expect(restored.body.game).toEqual(toWireGame(startRound(BET_UNITS, floatAt), opened.body.game!.id, 'USDT'));
    await call(player, 'POST', '/blackjack/stand', { activeHand: 0 });
    expect((await call(player, 'GET', '/blackjack/get-active-game')).body).toEqual({ success: true, game: null, errorMessage: null });
  });

  it('should reveal on rotation a seed that recomputes every card of every round', async () => {
    const player = await fundedPlayer();
    await player.call('GET', '/casino/get-seed');
    const played: Array<{ id: number; actions: Array<[BlackjackAction, 0 | 1]>; game: WireBlackjackGame }> = [];
    for (let round = 0; round < 6; round++) {
      const opened = await call(player, 'POST', '/blackjack/bet', { betAmount: 1, currency: 'USDT' });
      expect(opened.status).toBe(200);
      let game = opened.body.game!;
      const actions: Array<[BlackjackAction, 0 | 1]> = [];
      // A simple policy that touches every action: split pairs, double on 10 or 11, hit below 15.
      while (game.gameState === 'PlayerTurn') {
        const hand = game.activeHandIndex;
        const cards = hand === 0 ? game.playerHand1 : game.playerHand2;
        const score = hand === 0 ? game.playerScore1 : game.playerScore2;
        const pair = !game.isSplit && cards.length === 2 && blackjackCardValue(cards[0]!) === blackjackCardValue(cards[1]!);
        const action: BlackjackAction = pair ? 'split' : cards.length === 2 && (score === 10 || score === 11) ? 'double' : score < 15 ? 'hit' : 'stand';
        const answer = await call(player, 'POST', `/blackjack/${action}`, { activeHand: hand });
        expect(answer.status).toBe(200);
        actions.push([action, hand]);
        game = answer.body.game!;
      }
      played.push({ id: game.id as number, actions, game });
    }
    const rotated = (await player.call('POST', '/casino/rotate-seed', { clientSeed: 'after-blackjack' })).body as {
      previous: { serverSeed: string; clientSeed: string; nonce: number };
    };
    expect(rotated.previous.nonce).toBe(6);
    played.forEach((round, nonce) => {
      const floatAt = createFloatStream(nodeHmacSha256, rotated.previous.serverSeed, rotated.previous.clientSeed, nonce).at;
      let state = startRound(100_000_000n, floatAt);
      for (const [action, hand] of round.actions) {
        const next = applyAction(state, action, hand, floatAt);
        if (!next.ok) throw new Error(next.refusal.message);
        state = next.state;
      }
      expect(toWireGame(state, round.id, 'USDT')).toEqual(round.game);
    });
    // The bet rows point at the pair and nonce that fix their cards.
    const stored = (await gameById(server.app.db, played[0]!.id))!;
    const detail = (await player.call('GET', `/casino/get-bet?id=${stored.betId}`)).body as {
      bet: { nonce: number; serverSeed: string; outcome: { dealerHand: number[] } };
    };
    expect(detail.bet.nonce).toBe(0);
    expect(detail.bet.serverSeed).toBe(rotated.previous.serverSeed);
    expect(detail.bet.outcome.dealerHand).toEqual(played[0]!.game.dealerHand);
  });

  describe('refusals change nothing', () => {
    async function snapshot(player: Player) {
      return {
        rows: await ledgerRows(server),
        balance: await usdt(player),
        nonce: await nonceOf(player),
        game: await activeGame(player),
      };
    }

    async function expectRefused(player: Player, path: string, body: unknown, status: number, match: Partial<RoundBody>) {
      const before = await snapshot(player);
      const answer = await call(player, 'POST', path, body);
      expect(answer.status).toBe(status);
      expect(answer.body).toMatchObject({ success: false, ...match });
      expect(answer.body.errorMessage).toBe(answer.body.message);
      expect(await snapshot(player)).toEqual(before);
      expect((await checkLedger(server.app.db)).ok).toBe(true);
      return answer.body;
    }

    it('should refuse any action without an open round (none yet, or the last one over)', async () => {
      const player = await fundedPlayer();
      for (const action of ['stand', 'hit', 'double', 'split']) {
        await expectRefused(player, `/blackjack/${action}`, { activeHand: 0 }, 404, { code: 'no_active_game', game: null });
      }
      await rigFirstRound(player, (s) => s.gameState === 'GameOver');
      await call(player, 'POST', '/blackjack/bet', { betAmount: BET, currency: 'USDT' });
      await expectRefused(player, '/blackjack/hit', { activeHand: 0 }, 404, { code: 'no_active_game' });
    });

    it('should refuse a hand that is not the active one, a double on three cards and a split of unequal cards', async () => {
      const player = await fundedPlayer();
      await rigFirstRound(player, (s, f) => {
        if (!inPlay(s) || sameValue(s)) return false;
        const hit = applyAction(s, 'hit', 0, f);
        return hit.ok && hit.state.gameState === 'PlayerTurn';
      });
      const opened = await call(player, 'POST', '/blackjack/bet', { betAmount: BET, currency: 'USDT' });
      expect(opened.body.game!.gameState).toBe('PlayerTurn');
      const unequal = await expectRefused(player, '/blackjack/split', { activeHand: 0 }, 409, { code: 'SPLIT_NEEDS_EQUAL_VALUES' });
      expect(unequal.game).toEqual(opened.body.game);
      await expectRefused(player, '/blackjack/stand', { activeHand: 1 }, 409, { code: 'NOT_ACTIVE_HAND' });
      const hit = await call(player, 'POST', '/blackjack/hit', { activeHand: 0 });
      expect(hit.body.game!.playerHand1).toHaveLength(3);
      const refused = await expectRefused(player, '/blackjack/double', { activeHand: 0 }, 409, { code: 'DOUBLE_NEEDS_TWO_CARDS' });
      expect(refused.errorMessage).toBe('Double is only allowed on a hand of exactly two cards.');
      await expectRefused(player, '/blackjack/split', { activeHand: 0 }, 409, { code: 'SPLIT_NEEDS_TWO_CARDS' });
    });

    it("should refuse a double or split the balance cannot cover with \"Can't bet more than balance\"", async () => {
      const player = await fundedPlayer();
      await rigFirstRound(player, (s) => inPlay(s) && sameValue(s));
      const all = Number(await usdt(player)) / 1e8;
      const opened = await call(player, 'POST', '/blackjack/bet', { betAmount: all, currency: 'USDT' });
      expect(opened.status).toBe(200);
      expect(opened.body.balance).toBe(0);
      for (const action of ['double', 'split']) {
        const body = await expectRefused(player, `/blackjack/${action}`, { activeHand: 0 }, 400, {
          code: 'insufficient_balance',
          errorMessage: "Can't bet more than balance",
          error: "Can't bet more than balance",
        });
        expect(body.game).toEqual(opened.body.game);
      }
    });

    it('should keep one open round per player, and refuse seed rotation while it is open', async () => {
      const player = await fundedPlayer();
      await rigFirstRound(player, inPlay);
      const opened = await call(player, 'POST', '/blackjack/bet', { betAmount: BET, currency: 'USDT' });
      const second = await expectRefused(player, '/blackjack/bet', { betAmount: BET, currency: 'USDT' }, 409, { code: 'game_in_progress' });
      expect(second.game).toEqual(opened.body.game);
      const before = await snapshot(player);
      const rotation = await player.call('POST', '/casino/rotate-seed', { clientSeed: 'too-early' });
      expect(rotation.status).toBe(409);
      expect(rotation.body).toMatchObject({ error: 'game_in_progress', message: 'Finish your blackjack game before changing seeds.' });
      expect(await snapshot(player)).toEqual(before);
    });

    it.each([
      [{ betAmount: 0, currency: 'USDT' }, 400, 'Bet must be greater than 0'],
      [{ betAmount: '-1', currency: 'USDT' }, 400, 'Bet must be greater than 0'],
      [{ betAmount: 1, currency: 'ACC' }, 400, 'ACC betting not available at this time'],
      [{ betAmount: 5000, currency: 'USDT' }, 400, "Can't bet more than balance"],
      [{ betAmount: 0.01, currency: 'USDT' }, 400, 'Bet must be greater than 0.10000000 USDT'],
      [{ betAmount: 'abc', currency: 'USDT' }, 400, 'betAmount must be a number'],
      [{ betAmount: 1, currency: 'XRP' }, 400, 'Unknown currency XRP.'],
      [{ betAmount: 1, currency: 'USDT', extra: 1 }, 400, 'extra is not allowed'],
      [{ betAmount: 1 }, 400, 'currency is required'],
    ])('should refuse the bet %j with %i "%s"', async (body, status, message) => {
      const player = await fundedPlayer();
      const before = await snapshot(player);
      const answer = await player.call('POST', '/blackjack/bet', body);
      expect(answer.status).toBe(status);
      expect((answer.body as { message: string }).message).toContain(message);
      expect(await snapshot(player)).toEqual(before);
    });

    it("should refuse a bet above maxBet with 'Bet must be less than less {max}'", async () => {
      const player = await createPlayer(server);
      // Fund past maxBet ($1,000 in USDT) straight from the outside world.
      const { transfer, externalAccount } = await import('../../src/server/ledger/ledger');
      await transfer(server.app.db, { from: externalAccount('USDT'), to: playerAccount(player.id, 'USDT'), amount: 2_000n * 100_000_000n, kind: 'deposit', ref: 'test' });
      const before = await snapshot(player);
      const answer = await call(player, 'POST', '/blackjack/bet', { betAmount: 1500, currency: 'USDT' });
      expect(answer.status).toBe(400);
      expect(answer.body.errorMessage).toBe('Bet must be less than less 1000.00000000 USDT');
      expect(answer.body.error).toBe(answer.body.errorMessage);
      expect(await snapshot(player)).toEqual(before);
    });

    it.each([
      [{ activeHand: 2 }, 'activeHand must be equal to one of the allowed values'],
      [{ activeHand: '0' }, 'activeHand must be integer'],
      [{}, 'activeHand is required'],
      [{ activeHand: 0, more: true }, 'more is not allowed'],
    ])('should refuse the action body %j', async (body, message) => {
      const player = await fundedPlayer();
      await rigFirstRound(player, inPlay);
      await call(player, 'POST', '/blackjack/bet', { betAmount: BET, currency: 'USDT' });
      const before = await snapshot(player);
      const answer = await player.call('POST', '/blackjack/hit', body);
      expect(answer.status).toBe(400);
      expect((answer.body as { message: string }).message).toContain(message);
      expect(await snapshot(player)).toEqual(before);
    });

    it('should need a signed-in player', async () => {
      for (const [method, path] of [
        ['POST', '/api/blackjack/bet'],
        ['POST', '/api/blackjack/hit'],
        ['GET', '/api/blackjack/get-active-game'],
      ] as const) {
        expect((await fetch(`${server.url}${path}`, { method })).status).toBe(401);
      }
    });
  });

  describe('races', () => {
    it('should apply only one of many concurrent doubles on one round', async () => {
      const player = await fundedPlayer();
      await rigFirstRound(player, (s) => inPlay(s) && !sameValue(s));
      const opened = await call(player, 'POST', '/blackjack/bet', { betAmount: BET, currency: 'USDT' });
      const before = await usdt(player);
      const answers = await Promise.all(Array.from({ length: 12 }, () => call(player, 'POST', '/blackjack/double', { activeHand: 0 })));
      const applied = answers.filter((a) => a.status === 200);
      expect(applied).toHaveLength(1);
      expect(answers.filter((a) => a.status !== 200).every((a) => a.body.success === false)).toBe(true);
      const payout = decimalToUnits(applied[0]!.body.bet!.payout);
      expect(await usdt(player)).toBe(before - BET_UNITS + payout);
      expect(applied[0]!.body.game!.id).toBe(opened.body.game!.id);
      expect((await checkLedger(server.app.db)).ok).toBe(true);
    });

    it('should apply one of a stand and a double raced on one round, refuse the other, and keep the ledger exact', async () => {
      const player = await fundedPlayer();
      const betRows = async () =>
        (await server.app.db.get<{ n: number }>(`SELECT COUNT(*) AS n FROM bets WHERE user_id = ? AND game = 'Blackjack'`, [player.id]))!.n;
      // Several rounds, so that on PostgreSQL (requests side by side) either may come first.
      for (let played = 0; played < 4; ) {
        const start = await usdt(player);
        const bets = await betRows();
        const opened = await call(player, 'POST', '/blackjack/bet', { betAmount: BET, currency: 'USDT' });
        expect(opened.status).toBe(200);
        if (opened.body.game!.gameState !== 'PlayerTurn') continue;
        played += 1;
        const answers = await Promise.all([
          call(player, 'POST', '/blackjack/stand', { activeHand: 0 }),
          call(player, 'POST', '/blackjack/double', { activeHand: 0 }),
        ]);
        const applied = answers.filter((a) => a.status === 200);
        expect(applied).toHaveLength(1);
        expect(answers.filter((a) => a.status !== 200).map((a) => [a.status, a.body.code])).toEqual([[404, 'no_active_game']]);
        const { bet } = applied[0]!.body;
        const doubled = answers[1]!.status === 200;
        expect(bet!.wager).toBe(doubled ? 2 * BET : BET);
        expect(await usdt(player)).toBe(start - decimalToUnits(bet!.wager) + decimalToUnits(bet!.payout));
        expect(await betRows()).toBe(bets + 1);
        expect(await activeGame(player)).toBeNull();
        expect((await checkLedger(server.app.db)).ok).toBe(true);
      }
    });

    it('should refuse an action that waited for another which ended the round (its row locked, on both engines)', async () => {
      const player = await fundedPlayer();
      await rigFirstRound(player, inPlay);
      const opened = await call(player, 'POST', '/blackjack/bet', { betAmount: BET, currency: 'USDT' });
      const before = await usdt(player);
      // The stand's transaction stays open until released; the hit starts meanwhile. On PostgreSQL it
      // runs side by side and must wait for the stand's lock, then find no open round; on SQLite it runs after.
      let release!: () => void;
      const gate = new Promise<void>((resolve) => (release = resolve));
      let stood!: () => void;
      const standDone = new Promise<void>((resolve) => (stood = resolve));
      const stand = server.app.db.transaction(async (tx) => {
        const answer = await server.app.blackjackRounds.act(tx, player.id, 'stand', 0);
        stood();
        await gate;
        return answer;
      });
      await standDone;
      const hit = server.app.db.transaction((tx) => server.app.blackjackRounds.act(tx, player.id, 'hit', 0));
      const hitRefused = expect(hit).rejects.toMatchObject({ statusCode: 404, fields: { code: 'no_active_game' } });
      await new Promise((resolve) => setTimeout(resolve, 100));
      release();
      const ended = await stand;
      await hitRefused;
      expect(ended.game).toMatchObject({ id: opened.body.game!.id, gameState: 'GameOver' });
      expect(await usdt(player)).toBe(before + decimalToUnits(ended.bet!.payout));
      expect(ended.balance).toBe(await usdt(player));
      expect(await activeGame(player)).toBeNull();
    });

    it('should open only one round from many concurrent bets', async () => {
      const player = await fundedPlayer();
      await rigFirstRound(player, inPlay);
      const before = await usdt(player);
      const answers = await Promise.all(Array.from({ length: 8 }, () => call(player, 'POST', '/blackjack/bet', { betAmount: BET, currency: 'USDT' })));
      expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
      expect(answers.filter((a) => a.status === 409).every((a) => a.body.code === 'game_in_progress')).toBe(true);
      expect(await usdt(player)).toBe(before - BET_UNITS);
      expect(await nonceOf(player)).toBe(1);
      expect((await checkLedger(server.app.db)).ok).toBe(true);
    });

    it('should refuse a write from a stale read (the version check behind every action)', async () => {
      const player = await fundedPlayer();
      const floatAt = await rigFirstRound(player, inPlay);
      const opened = await call(player, 'POST', '/blackjack/bet', { betAmount: BET, currency: 'USDT' });
      const stored = (await gameById(server.app.db, opened.body.game!.id as number))!;
      const next = applyAction(stored.state, 'stand', 0, floatAt);
      if (!next.ok) throw new Error('stand refused');
      expect(await updateGame(server.app.db, stored.id, stored.version + 1, next.state)).toBe(false);
      expect(await activeGame(player)).toEqual(opened.body.game);
      // The real action still applies once, and the old version can then never write again.
      expect((await call(player, 'POST', '/blackjack/hit', { activeHand: 0 })).status).toBe(200);
      expect(await updateGame(server.app.db, stored.id, stored.version, next.state)).toBe(false);
    });
  });

  it('should send the finished round to the live table, never the open one', async () => {
    const player = await fundedPlayer();
    await rigFirstRound(player, inPlay);
    const visitor = new HubConnectionBuilder().withUrl(`${server.url}/api/socket`).configureLogging(LogLevel.None).build();
    const seen: Array<{ id: number; gameName: string }> = [];
    visitor.on('bet', (bet: { id: number; gameName: string }) => seen.push(bet));
    await visitor.start();
    try {
      await call(player, 'POST', '/blackjack/bet', { betAmount: BET, currency: 'USDT' });
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(seen).toEqual([]);
      const stood = await call(player, 'POST', '/blackjack/stand', { activeHand: 0 });
      await expect.poll(() => seen.length).toBe(1);
      expect(seen[0]).toEqual({ ...stood.body.bet, playerName: expect.any(String) });
    } finally {
      await visitor.stop();
    }
  });
});
