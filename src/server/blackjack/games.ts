import { forUpdate } from '../db/sql';
import type { Sql } from '../db/sql';
import { blackjackMaxPayout, parseBlackjackState } from '../../core/games/blackjack';
import type { BlackjackState } from '../../core/games/blackjack';
import type { BetSeed } from '../fairness/seeds';
import { isoNow } from '../clock';

/**
 * The blackjack_games table: one row per round, at most one `open` per player.
 *
 * On PostgreSQL two requests of one player run side by side. An action locks its round's row first
 * (`lockOpenGameOf`), so a second action on the round waits and then reads the round as the first
 * left it, as SQLite's one-after-another transactions do; every write is still conditional on the
 * version it read. A new round is inserted with `ON CONFLICT DO NOTHING` on the one-open-round
 * index, so of two bets raced the second finds the first's round and inserts nothing.
 */

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
  chain_id: number | null;
}

const statusOf = (state: BlackjackState) => (state.gameState === 'GameOver' ? 'over' : 'open');

const COLUMNS = 'g.id, g.user_id, g.currency, g.seed_pair_id, g.nonce, g.state, g.version, g.bet_id';
const SELECT = `SELECT ${COLUMNS}, s.server_seed, s.client_seed, s.chain_id FROM blackjack_games g JOIN seed_pairs s ON s.id = g.seed_pair_id`;

function toGame(row: GameRow): StoredGame {
  return {
    id: row.id,
    userId: row.user_id,
    currency: row.currency,
    seed: { seedPairId: row.seed_pair_id, serverSeed: row.server_seed, clientSeed: row.client_seed ?? '', nonce: row.nonce, chained: row.chain_id !== null },
    state: parseBlackjackState(JSON.parse(row.state)),
    version: row.version,
    betId: row.bet_id,
  };
}

export async function openGameOf(sql: Sql, userId: number): Promise<StoredGame | null> {
  const row = await sql.get<GameRow>(`${SELECT} WHERE g.user_id = ? AND g.status = 'open'`, [userId]);
  return row ? toGame(row) : null;
}

/**
 * The open round with its row locked until the transaction ends (PostgreSQL; SQLite's writers never
 * run side by side). Only the round's row is locked, not its seed pair's (which the player's other
 * bets take their nonces from): the lock is taken alone, the seeds read after.
 */
export async function lockOpenGameOf(tx: Sql, userId: number): Promise<StoredGame | null> {
  const locked = await tx.get<{ id: number }>(`SELECT id FROM blackjack_games WHERE user_id = ? AND status = 'open'${forUpdate(tx)}`, [userId]);
  return locked ? gameById(tx, locked.id) : null;
}

export async function gameById(sql: Sql, id: number): Promise<StoredGame | null> {
  const row = await sql.get<GameRow>(`${SELECT} WHERE g.id = ?`, [id]);
  return row ? toGame(row) : null;
}

export async function hasOpenGame(sql: Sql, userId: number): Promise<boolean> {
  return (await sql.get(`SELECT 1 AS one FROM blackjack_games WHERE user_id = ? AND status = 'open'`, [userId])) !== undefined;
}

/** What the round may still take from the house (bets/exposure.ts); nothing once it is over. */
const reservedOf = (state: BlackjackState): bigint => (statusOf(state) === 'open' ? blackjackMaxPayout(state) : 0n);

/**
 * Inserts a new round at version 0, already `over` when it ended at the deal. Resolves with its id,
 * or null when the player already has an open round: the one-open-round index refuses a second, and
 * a round over at the deal is inserted open and then closed so that it meets the same refusal (on
 * PostgreSQL a bet raced with another must not deal a round while the other's is open).
 */
export async function insertGame(tx: Sql, game: { userId: number; currency: string; seed: BetSeed; state: BlackjackState }): Promise<number | null> {
  const now = isoNow();
  const state = JSON.stringify(game.state);
  const inserted = await tx.get<{ id: number }>(
    `INSERT INTO blackjack_games (user_id, currency, seed_pair_id, nonce, state, status, version, created_at, updated_at, reserved)
     VALUES (?, ?, ?, ?, ?, 'open', 0, ?, ?, ?)
     ON CONFLICT (user_id) WHERE status = 'open' DO NOTHING
     RETURNING id`,
    [game.userId, game.currency, game.seed.seedPairId, game.seed.nonce, state, now, now, reservedOf(game.state)],
  );
  if (!inserted) return null;
  if (statusOf(game.state) === 'over') {
    await tx.run(`UPDATE blackjack_games SET status = 'over' WHERE id = ?`, [inserted.id]);
  }
  return inserted.id;
}

/**
 * Writes a round's next state only if nobody wrote it since `expectedVersion` was read (and it is
 * still open). Resolves with false when the update lost that race: the caller must then roll back.
 */
export async function updateGame(sql: Sql, id: number, expectedVersion: number, state: BlackjackState): Promise<boolean> {
  const changed = await sql.run(
    `UPDATE blackjack_games SET state = ?, status = ?, version = version + 1, updated_at = ?, reserved = ?
     WHERE id = ? AND version = ? AND status = 'open'`,
    [JSON.stringify(state), statusOf(state), isoNow(), reservedOf(state), id, expectedVersion],
  );
  return changed === 1;
}

export async function linkBet(sql: Sql, id: number, betId: number): Promise<void> {
  await sql.run('UPDATE blackjack_games SET bet_id = ? WHERE id = ?', [betId, id]);
}
