import { randomBytes } from 'node:crypto';
import type { Database } from 'better-sqlite3';
import { randomClientSeed, randomServerSeed } from '../../core/fairness/seeds';
import { sha256Hex } from './hmac';

/**
 * Each player has an active seed pair (server seed shown only as its SHA-256, a client seed, a
 * nonce) and a committed next server seed whose hash is shown as nextHash. Rotation reveals the
 * active server seed and promotes the next one, so every bet can be recomputed afterwards.
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
}

const bytes = (n: number) => new Uint8Array(randomBytes(n));
export const newClientSeed = () => randomClientSeed(bytes);

function insertPair(db: Database, userId: number, status: 'active' | 'next', clientSeed: string | null): void {
  const serverSeed = randomServerSeed(bytes);
  db.prepare(
    `INSERT INTO seed_pairs (user_id, server_seed, server_seed_hash, client_seed, nonce, status, created_at)
     VALUES (?, ?, ?, ?, 0, ?, ?)`,
  ).run(userId, serverSeed, sha256Hex(serverSeed), clientSeed, status, new Date().toISOString());
}

function pair(db: Database, userId: number, status: 'active' | 'next'): PairRow | undefined {
  return db.prepare('SELECT * FROM seed_pairs WHERE user_id = ? AND status = ?').get(userId, status) as PairRow | undefined;
}

/** Creates the player's pairs on first use; call inside the caller's transaction or alone. */
export function ensureSeeds(db: Database, userId: number, clientSeed?: string): void {
  db.transaction(() => {
    if (!pair(db, userId, 'active')) insertPair(db, userId, 'active', clientSeed ?? newClientSeed());
    if (!pair(db, userId, 'next')) insertPair(db, userId, 'next', null);
  })();
}

export function seedState(db: Database, userId: number): SeedState {
  ensureSeeds(db, userId);
  const active = pair(db, userId, 'active') as PairRow;
  const next = pair(db, userId, 'next') as PairRow;
  return { seedHash: active.server_seed_hash, nextHash: next.server_seed_hash, nonce: active.nonce, clientSeed: active.client_seed ?? '' };
}

/**
 * Takes the nonce for one bet and raises it by exactly one. Must run inside the bet's
 * transaction, so a failed bet gives its nonce back.
 */
export function takeBetSeed(db: Database, userId: number): BetSeed {
  ensureSeeds(db, userId);
  const row = db
    .prepare(
      `UPDATE seed_pairs SET nonce = nonce + 1 WHERE user_id = ? AND status = 'active'
       RETURNING id, server_seed, client_seed, nonce - 1 AS nonce`,
    )
    .get(userId) as { id: number; server_seed: string; client_seed: string; nonce: number };
  return { seedPairId: row.id, serverSeed: row.server_seed, clientSeed: row.client_seed, nonce: row.nonce };
}

export function rotateSeeds(db: Database, userId: number, clientSeed: string): { previous: RevealedPair } & SeedState {
  return db.transaction(() => {
    ensureSeeds(db, userId);
    const active = pair(db, userId, 'active') as PairRow;
    const revealedAt = new Date().toISOString();
    db.prepare(`UPDATE seed_pairs SET status = 'revealed', revealed_at = ? WHERE id = ?`).run(revealedAt, active.id);
    db.prepare(`UPDATE seed_pairs SET status = 'active', client_seed = ?, nonce = 0 WHERE user_id = ? AND status = 'next'`).run(
      clientSeed,
      userId,
    );
    insertPair(db, userId, 'next', null);
    return {
      previous: {
        serverSeed: active.server_seed,
        seedHash: active.server_seed_hash,
        clientSeed: active.client_seed ?? '',
        nonce: active.nonce,
        revealedAt,
      },
      ...seedState(db, userId),
    };
  })();
}

export function revealedPairs(db: Database, userId: number, limit = 50): RevealedPair[] {
  const rows = db
    .prepare(`SELECT * FROM seed_pairs WHERE user_id = ? AND status = 'revealed' ORDER BY id DESC LIMIT ?`)
    .all(userId, limit) as PairRow[];
  return rows.map((row) => ({
    serverSeed: row.server_seed,
    seedHash: row.server_seed_hash,
    clientSeed: row.client_seed ?? '',
    nonce: row.nonce,
    revealedAt: row.revealed_at ?? '',
  }));
}
