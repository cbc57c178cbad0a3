import { randomBytes } from 'node:crypto';
import type { Database } from 'better-sqlite3';
import { statement } from '../db/statements';
import { randomClientSeed, randomServerSeed } from '../../core/fairness/seeds';
import { AppError } from '../errors';
import { sha256Hex } from './hmac';

/**
 * Each player has an active seed pair (server seed shown only as its SHA-256, a client seed, a
 * nonce) and a committed next server seed whose hash is shown as nextHash. Rotation reveals the
 * active server seed and promotes the next one, so every bet can be recomputed afterwards.
 *
 * Commit before play: a server seed is drawn in an earlier request than any client seed that plays
 * with it is accepted, and that client seed is accepted only once the server seed's hash has been
 * shown (`shown_at`, set when get-seed or rotate-seed answers with it). A bet never creates seeds.
 */

export interface SeedState {
  seedHash: string;
  nextHash: string;
  nonce: number;
  clientSeed: string;
}

export interface RevealedPair {
  serverSeed: string;
  seedHash: string;
  clientSeed: string;
  /** Bets played with the pair: nonces 0 … nonce − 1. */
  nonce: number;
  revealedAt: string;
}

export interface BetSeed {
  seedPairId: number;
  serverSeed: string;
  clientSeed: string;
  nonce: number;
}

interface PairRow {
  id: number;
  server_seed: string;
  server_seed_hash: string;
  client_seed: string | null;
  nonce: number;
  status: 'active' | 'next' | 'revealed';
  revealed_at: string | null;
  shown_at: string | null;
  client_seed_chosen: number;
}

export const SEED_MESSAGES = {
  notLoaded: 'Your fairness seeds are not loaded yet. Reload the page, then bet again.',
  nextNotShown: 'Load your seeds first: the next server seed hash must be shown before a client seed can play with it.',
} as const;

const bytes = (n: number) => new Uint8Array(randomBytes(n));
export const newClientSeed = () => randomClientSeed(bytes);

function insertPair(db: Database, userId: number, status: 'active' | 'next', clientSeed: string | null, shownAt: string | null): void {
  const serverSeed = randomServerSeed(bytes);
  statement(
    db,
    `INSERT INTO seed_pairs (user_id, server_seed, server_seed_hash, client_seed, nonce, status, created_at, shown_at, client_seed_chosen)
     VALUES (?, ?, ?, ?, 0, ?, ?, ?, 0)`,
  ).run(userId, serverSeed, sha256Hex(serverSeed), clientSeed, status, new Date().toISOString(), shownAt);
}

function pair(db: Database, userId: number, status: 'active' | 'next'): PairRow | undefined {
  return statement(db, 'SELECT * FROM seed_pairs WHERE user_id = ? AND status = ?').get(userId, status) as PairRow | undefined;
}

/**
 * Draws the player's first pair and the next server seed: at sign-up (inside its transaction), or at
 * the first get-seed of an account older than that rule. Until the player's own client seed is
 * adopted, the active pair plays with one the server drew.
 */
export function createFirstSeeds(db: Database, userId: number): void {
  db.transaction(() => {
    if (!pair(db, userId, 'active')) insertPair(db, userId, 'active', newClientSeed(), null);
    if (!pair(db, userId, 'next')) insertPair(db, userId, 'next', null, null);
  })();
}

function readState(db: Database, userId: number): SeedState {
  const active = pair(db, userId, 'active') as PairRow;
  const next = pair(db, userId, 'next') as PairRow;
  return { seedHash: active.server_seed_hash, nextHash: next.server_seed_hash, nonce: active.nonce, clientSeed: active.client_seed ?? '' };
}

/**
 * GET /casino/get-seed: shows the hashes (recording that they were shown) and adopts the browser's
 * client seed only for a pair whose hash was shown in an earlier answer, that has played no bet and
 * whose client seed the server drew; otherwise the offered seed is ignored.
 */
export function loadSeeds(db: Database, userId: number, offeredClientSeed?: string): SeedState {
  return db.transaction(() => {
    const active = pair(db, userId, 'active');
    if (active && offeredClientSeed !== undefined && active.shown_at !== null && active.nonce === 0 && active.client_seed_chosen === 0) {
      statement(db, 'UPDATE seed_pairs SET client_seed = ?, client_seed_chosen = 1 WHERE id = ? AND nonce = 0').run(offeredClientSeed, active.id);
    }
    if (!active || !pair(db, userId, 'next')) createFirstSeeds(db, userId);
    statement(db, `UPDATE seed_pairs SET shown_at = ? WHERE user_id = ? AND status IN ('active', 'next') AND shown_at IS NULL`).run(
      new Date().toISOString(),
      userId,
    );
    return readState(db, userId);
  })();
}

/**
 * Takes the nonce for one bet and raises it by exactly one. Must run inside the bet's
 * transaction, so a failed bet gives its nonce back. A player without seeds is refused rather
 * than given a pair drawn inside the very request that plays it.
 */
export function takeBetSeed(db: Database, userId: number): BetSeed {
  const row = statement(
      db,
      `UPDATE seed_pairs SET nonce = nonce + 1 WHERE user_id = ? AND status = 'active'
       RETURNING id, server_seed, client_seed, nonce - 1 AS nonce`,
    )
    .get(userId) as { id: number; server_seed: string; client_seed: string; nonce: number } | undefined;
  if (!row) throw new AppError(409, 'seeds_not_loaded', SEED_MESSAGES.notLoaded);
  return { seedPairId: row.id, serverSeed: row.server_seed, clientSeed: row.client_seed, nonce: row.nonce };
}

/**
 * Reveals the active pair and promotes the next server seed with the player's client seed, which is
 * accepted only if that server seed's hash (nextHash) has already been shown. The new next seed's
 * hash is shown by this very answer.
 */
export function rotateSeeds(db: Database, userId: number, clientSeed: string): { previous: RevealedPair } & SeedState {
  return db.transaction(() => {
    const active = pair(db, userId, 'active');
    const next = pair(db, userId, 'next');
    if (!active || !next || next.shown_at === null) throw new AppError(409, 'seeds_not_shown', SEED_MESSAGES.nextNotShown);
    const revealedAt = new Date().toISOString();
    statement(db, `UPDATE seed_pairs SET status = 'revealed', revealed_at = ? WHERE id = ?`).run(revealedAt, active.id);
    statement(db, `UPDATE seed_pairs SET status = 'active', client_seed = ?, client_seed_chosen = 1, nonce = 0 WHERE id = ?`).run(
      clientSeed,
      next.id,
    );
    insertPair(db, userId, 'next', null, revealedAt);
    return {
      previous: {
        serverSeed: active.server_seed,
        seedHash: active.server_seed_hash,
        clientSeed: active.client_seed ?? '',
        nonce: active.nonce,
        revealedAt,
      },
      ...readState(db, userId),
    };
  })();
}

export function revealedPairs(db: Database, userId: number, limit = 50): RevealedPair[] {
  const rows = statement(db, `SELECT * FROM seed_pairs WHERE user_id = ? AND status = 'revealed' ORDER BY id DESC LIMIT ?`)
    .all(userId, limit) as PairRow[];
  return rows.map((row) => ({
    serverSeed: row.server_seed,
    seedHash: row.server_seed_hash,
    clientSeed: row.client_seed ?? '',
    nonce: row.nonce,
    revealedAt: row.revealed_at ?? '',
  }));
}
