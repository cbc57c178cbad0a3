import type { Database, Sql } from '../db/sql';
import { BET_MESSAGES } from '../../core/bets/validation';
import type { BetLimitsUnits } from '../../core/bets/validation';
import { createFloatStream } from '../../core/fairness/floats';
import type { FloatAt } from '../../core/fairness/floats';
import { actionStake, applyAction, BLACKJACK_MAX_PROFIT_FACTOR, settle, startRound, toWireGame } from '../../core/games/blackjack';
import type { BlackjackAction, BlackjackRefusalCode, BlackjackState, WireBlackjackGame } from '../../core/games/blackjack';
import { BLACKJACK_THEORETICAL_RTP } from '../../core/bets/rtp';
import { checkWager } from '../bets/checks';
import { payFromHouse } from '../bets/payout';
import { recordBet, usdCents } from '../bets/record';
import type { WireBet } from '../bets/record';
import { nodeHmacSha256 } from '../fairness/hmac';
import { revealedOnSettle, takeBetSeed } from '../fairness/seeds';
import type { BetSeed } from '../fairness/seeds';
import { BetRefusal } from '../errors';
import { balanceOf, houseAccount, InsufficientFundsError, playerAccount, transfer } from '../ledger/ledger';
import type { SettledBet } from '../plugins/settlement';
import { guardStake } from '../responsible/store';
import { insertGame, linkBet, lockOpenGameOf, openGameOf, updateGame } from './games';

/**
 * Blackjack rounds on the server: every request is one transaction (the route's `app.bets.commit`)
 * that reads the round, lets the shared engine (src/core/games/blackjack.ts) decide, moves the stakes
 * through the ledger and writes the round back with a version check. Any refusal throws before
 * anything is written, or rolls back what was. An action locks the round's row before reading it
 * (blackjack/games.ts), so on PostgreSQL two actions on one round apply one after the other, each
 * to the round the other left, as on SQLite.
 */

/** Return to player under basic strategy is 99.43% (docs/blackjack.md), for the rewards pool share. */
export const BLACKJACK_HOUSE_EDGE = 0.00571;

/** Our own refusals; the engine's (NOT_ACTIVE_HAND, DOUBLE_NEEDS_TWO_CARDS, …) pass through as they are. */
export type RefusalCode = 'bet_refused' | 'game_in_progress' | 'no_active_game' | 'insufficient_balance' | 'game_changed' | BlackjackRefusalCode;

/**
 * A request the round refuses, answered (src/server/errors.ts) with the message, the stable `code`
 * and the round as it stands (null when there is none).
 */
export class BlackjackRefusal extends BetRefusal {
  constructor(statusCode: number, reason: RefusalCode, message: string, game: WireBlackjackGame | null = null) {
    super(message, { status: statusCode, reason, fields: { game } });
    this.name = 'BlackjackRefusal';
  }
}

export interface RoundDeps {
  /** The database, for the reads outside a bet (the round to restore). */
  db: Database;
  /** The limits as they stand in the bet's transaction (the maxPayout cap reads the bankroll). */
  limitsFor: (tx: Sql, currency: string) => Promise<BetLimitsUnits>;
  usdRate: (currency: string) => number;
  /** The settlement hooks, inside the round's final transaction. */
  settled: (tx: Sql, bet: SettledBet) => Promise<void>;
}

export interface RoundAnswer {
  game: WireBlackjackGame;
  /** The player's balance in the round's currency after the request, base units. */
  balance: bigint;
  /** The bet row written when the round ended with this request; broadcast it after commit. */
  bet: WireBet | null;
  /** An instant-reveal seed, public once the round ended with this request. */
  serverSeed?: string;
}

const streamOf = (seed: BetSeed): FloatAt => createFloatStream(nodeHmacSha256, seed.serverSeed, seed.clientSeed, seed.nonce).at;
const refOf = (gameId: number) => `blackjack:${gameId}`;
const wire = (game: { id: number; currency: string }, state: BlackjackState) => toWireGame(state, game.id, game.currency);

/** Pays a finished round from the house, writes its bet row and reports it; inside the caller's transaction. */
async function settleRound(
  tx: Sql,
  deps: RoundDeps,
  game: { id: number; userId: number; currency: string; seed: BetSeed },
  state: BlackjackState,
): Promise<WireBet> {
  const settlement = settle(state);
  const usdRate = deps.usdRate(game.currency);
  const bet = await recordBet(tx, {
    userId: game.userId,
    game: 'Blackjack',
    currency: game.currency,
    wager: settlement.wager,
    payout: settlement.payout,
    seed: game.seed,
    outcome: {
      gameId: game.id,
      playerHands: state.hands.map((hand) => ({ cards: hand.cards, bet: hand.bet, doubled: hand.doubled })),
      dealerHand: state.dealer,
      outcomes: settlement.outcomes,
      cardsDealt: state.cursor,
    },
    usdRate,
  });
  if (settlement.payout > 0n) {
    await payFromHouse(tx, { to: playerAccount(game.userId, game.currency), currency: game.currency, amount: settlement.payout, ref: refOf(game.id) });
  }
  await linkBet(tx, game.id, bet.id);
  await deps.settled(tx, {
    betId: bet.id,
    userId: game.userId,
    game: 'Blackjack',
    currency: game.currency,
    wager: settlement.wager,
    payout: settlement.payout,
    houseEdge: BLACKJACK_HOUSE_EDGE,
    theoreticalRtp: BLACKJACK_THEORETICAL_RTP,
    usdRate,
  });
  return bet;
}

function rethrowBalance(error: unknown): never {
  // A balance raced away between the check and the debit, or a double/split the balance cannot cover.
  if (error instanceof InsufficientFundsError && error.account.holder.startsWith('player')) {
    throw new BlackjackRefusal(400, 'insufficient_balance', BET_MESSAGES.aboveBalance);
  }
  throw error;
}

const inProgress = (open: { id: number; currency: string; state: BlackjackState }) =>
  new BlackjackRefusal(409, 'game_in_progress', 'Finish the blackjack game in progress before placing a new bet.', wire(open, open.state));

export function createRounds(deps: RoundDeps) {
  const { db } = deps;

  const bet = async (tx: Sql, userId: number, wager: bigint, currency: string): Promise<RoundAnswer> => {
    const open = await openGameOf(tx, userId);
    if (open) throw inProgress(open);
    const player = playerAccount(userId, currency);
    const limits = await deps.limitsFor(tx, currency);
    // Before the deal nobody knows whether a split will be possible, so the largest win is assumed.
    const maxProfitUnits = wager * BLACKJACK_MAX_PROFIT_FACTOR;
    await guardStake(tx, { userId, wagerCents: BigInt(usdCents(wager, deps.usdRate(currency))) }, (message) => new BlackjackRefusal(400, 'bet_refused', message));
    await checkWager(tx, { game: 'blackjack', player, currency, wager, limits, maxProfitUnits }, (message) => new BlackjackRefusal(400, 'bet_refused', message));

    const seed = await takeBetSeed(tx, userId);
    const state = startRound(wager, streamOf(seed));
    const id = await insertGame(tx, { userId, currency, seed, state });
    if (id === null) {
      // A bet raced with this one (PostgreSQL) opened a round first: it is committed, so it reads now.
      const first = await openGameOf(tx, userId);
      throw first ? inProgress(first) : new BlackjackRefusal(409, 'game_in_progress', 'Finish the blackjack game in progress before placing a new bet.');
    }
    const moved = await transfer(tx, { from: player, to: houseAccount(currency), amount: wager, kind: 'bet', ref: refOf(id) });
    const game = { id, userId, currency, seed };
    const settledBet = state.gameState === 'GameOver' ? await settleRound(tx, deps, game, state) : null;
    return {
      game: wire(game, state),
      balance: settledBet ? await balanceOf(tx, player) : moved.fromBalance,
      bet: settledBet,
      ...(settledBet ? revealedOnSettle(seed) : {}),
    };
  };

  const act = async (tx: Sql, userId: number, action: BlackjackAction, handIndex: number): Promise<RoundAnswer> => {
    const game = await lockOpenGameOf(tx, userId);
    if (!game) throw new BlackjackRefusal(404, 'no_active_game', 'There is no blackjack game in progress; place a bet to start one.');
    const applied = applyAction(game.state, action, handIndex, streamOf(game.seed));
    if (!applied.ok) throw new BlackjackRefusal(409, applied.refusal.code, applied.refusal.message, wire(game, game.state));

    const player = playerAccount(userId, game.currency);
    const stake = actionStake(game.state, action);
    if (stake > (await balanceOf(tx, player))) {
      throw new BlackjackRefusal(400, 'insufficient_balance', BET_MESSAGES.aboveBalance, wire(game, game.state));
    }
    if (stake > 0n) {
      // A double or split puts more at risk: a break or a limit refuses it, and the round stays as it was.
      await guardStake(tx, { userId, wagerCents: BigInt(usdCents(stake, deps.usdRate(game.currency))) }, (message) =>
        new BlackjackRefusal(400, 'bet_refused', message, wire(game, game.state)),
      );
      // A conditional debit: a balance another bet took since the read above is refused here.
      await transfer(tx, { from: player, to: houseAccount(game.currency), amount: stake, kind: 'bet', ref: refOf(game.id) });
    }
    if (!(await updateGame(tx, game.id, game.version, applied.state))) {
      throw new BlackjackRefusal(409, 'game_changed', 'The game changed while this action was on its way; nothing was applied.');
    }
    const settledBet = applied.state.gameState === 'GameOver' ? await settleRound(tx, deps, game, applied.state) : null;
    return { game: wire(game, applied.state), balance: await balanceOf(tx, player), bet: settledBet, ...(settledBet ? revealedOnSettle(game.seed) : {}) };
  };

  const activeGame = async (userId: number): Promise<{ game: WireBlackjackGame; balance: bigint } | null> => {
    const game = await openGameOf(db, userId);
    if (!game) return null;
    return { game: wire(game, game.state), balance: await balanceOf(db, playerAccount(userId, game.currency)) };
  };

  return {
    /** Places a bet and deals; inside the caller's transaction. */
    bet: async (tx: Sql, userId: number, wager: bigint, currency: string): Promise<RoundAnswer> => {
      try {
        return await bet(tx, userId, wager, currency);
      } catch (error) {
        return rethrowBalance(error);
      }
    },
    /** Plays an action on the open round; inside the caller's transaction. */
    act: async (tx: Sql, userId: number, action: BlackjackAction, handIndex: number): Promise<RoundAnswer> => {
      try {
        return await act(tx, userId, action, handIndex);
      } catch (error) {
        return rethrowBalance(error);
      }
    },
    activeGame,
  };
}

export type Rounds = ReturnType<typeof createRounds>;
