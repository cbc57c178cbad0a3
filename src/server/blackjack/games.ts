import type { Database } from 'better-sqlite3';
import { statement } from '../db/statements';
import { blackjackMaxPayout, parseBlackjackState } from '../../core/games/blackjack';
import type { BlackjackState } from '../../core/games/blackjack';
import type { BetSeed } from '../fairness/seeds';

/** The blackjack_games table: one row per round, at most one `open` per player. */

export interface StoredGame {
  id: number;
  userId: number;
  currency: string;
  seed: BetSeed;
  state: BlackjackState;
  version: number;
  betId: number | null;
}

interface GameRow {
  id: number;
  user_id: number;
  currency: string;
  seed_pair_id: number;
  nonce: number;
  state: string;
  version: number;
  bet_id: number | null;
  server_seed: string;
  client_seed: string | null;
}

const statusOf = (state: BlackjackState) => (state.gameState === 'GameOver' ? 'over' : 'open');

const SELECT = `SELECT g.*, s.server_seed, s.client_seed FROM blackjack_games g JOIN seed_pairs s ON s.id = g.seed_pair_id`;

function toGame(row: GameRow): StoredGame {
  return {
    id: row.id,
    userId: row.user_id,
    currency: row.currency,
    seed: { seedPairId: row.seed_pair_id, serverSeed: row.server_seed, clientSeed: row.client_seed ?? '', nonce: row.nonce },
    state: parseBlackjackState(JSON.parse(row.state)),
    version: row.version,
    betId: row.bet_id,
  };
}

export function openGameOf(db: Database, userId: number): StoredGame | null {
  const row = statement(db, `${SELECT} WHERE g.user_id = ? AND g.status = 'open'`).get(userId) as GameRow | undefined;
  return row ? toGame(row) : null;
}

export function gameById(db: Database, id: number): StoredGame | null {
  const row = statement(db, `${SELECT} WHERE g.id = ?`).get(id) as GameRow | undefined;
  return row ? toGame(row) : null;
}

export function hasOpenGame(db: Database, userId: number): boolean {
  return statement(db, `SELECT 1 FROM blackjack_games WHERE user_id = ? AND status = 'open'`).get(userId) !== undefined;
}

/** What the round may still take from the house (bets/exposure.ts); nothing once it is over. */
const reservedOf = (state: BlackjackState): bigint => (statusOf(state) === 'open' ? blackjackMaxPayout(state) : 0n);

/**
 * Inserts a new round at version 0, already `over` when it ended at the deal; the unique index
 * refuses a second open round of one player.
 */
export function insertGame(db: Database, game: { userId: number; currency: string; seed: BetSeed; state: BlackjackState }): number {
  const now = new Date().toISOString();
  const result = statement(
      db,
      `INSERT INTO blackjack_games (user_id, currency, seed_pair_id, nonce, state, status, version, created_at, updated_at, reserved)
       VALUES (?, ?, ?, ?, ?, ?, 0, ?, ?, ?)`,
    )
    .run(game.userId, game.currency, game.seed.seedPairId, game.seed.nonce, JSON.stringify(game.state), statusOf(game.state), now, now, reservedOf(game.state));
  return Number(result.lastInsertRowid);
}

/**
 * Writes a round's next state only if nobody wrote it since `expectedVersion` was read (and it is
 * still open). Returns false when the update lost that race: the caller must then roll back.
 */
export function updateGame(db: Database, id: number, expectedVersion: number, state: BlackjackState): boolean {
  const result = statement(
      db,
      `UPDATE blackjack_games SET state = ?, status = ?, version = version + 1, updated_at = ?, reserved = ?
       WHERE id = ? AND version = ? AND status = 'open'`,
    )
    .run(JSON.stringify(state), statusOf(state), new Date().toISOString(), reservedOf(state), id, expectedVersion);
  return result.changes === 1;
}

export function linkBet(db: Database, id: number, betId: number): void {
  statement(db, 'UPDATE blackjack_games SET bet_id = ? WHERE id = ?').run(betId, id);
}
