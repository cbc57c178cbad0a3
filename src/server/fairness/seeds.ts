import { randomBytes } from 'node:crypto';
import { forUpdate } from '../db/sql';
import type { Sql } from '../db/sql';
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
 *
 * Concurrency (PostgreSQL runs a player's requests side by side): a bet takes its nonce with one
 * atomic `UPDATE ... SET nonce = nonce + 1 ... RETURNING`, so no two bets share a nonce; a player has
 * at most one active and one next pair (partial unique indexes), and pairs are drawn with
 * `ON CONFLICT DO NOTHING`; rotation locks both pairs before reading them.
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

async function insertPair(sql: Sql, userId: number, status: 'active' | 'next', clientSeed: string | null, shownAt: string | null): Promise<void> {
  const serverSeed = randomServerSeed(bytes);
  // A concurrent request may have drawn the pair already (unique per user and status): keep that one.
  await sql.run(
    `INSERT INTO seed_pairs (user_id, server_seed, server_seed_hash, client_seed, nonce, status, created_at, shown_at, client_seed_chosen)
     VALUES (?, ?, ?, ?, 0, ?, ?, ?, 0) ON CONFLICT DO NOTHING`,
    [userId, serverSeed, sha256Hex(serverSeed), clientSeed, status, new Date().toISOString(), shownAt],
  );
}

function pair(sql: Sql, userId: number, status: 'active' | 'next'): Promise<PairRow | undefined> {
  return sql.get<PairRow>('SELECT * FROM seed_pairs WHERE user_id = ? AND status = ?', [userId, status]);
}

/**
 * The pair, locked until the transaction ends (PostgreSQL). A rotation that committed while this
 * waited for the lock leaves the row it found no longer matching; the statement's snapshot predates
 * the pair promoted in its place, so one more read (a fresh snapshot) finds that one.
 */
async function lockedPair(tx: Sql, userId: number, status: 'active' | 'next'): Promise<PairRow | undefined> {
  const text = 'SELECT * FROM seed_pairs WHERE user_id = ? AND status = ?' + forUpdate(tx);
  return (await tx.get<PairRow>(text, [userId, status])) ?? (tx.engine === 'postgres' ? tx.get<PairRow>(text, [userId, status]) : undefined);
}

/**
 * Draws the player's first pair and the next server seed: at sign-up (inside its transaction), or at
 * the first get-seed of an account older than that rule. Until the player's own client seed is
 * adopted, the active pair plays with one the server drew. Called with a transaction's handle it
 * runs in a savepoint of it; with the database, in a transaction of its own.
 */
export async function createFirstSeeds(sql: Sql, userId: number): Promise<void> {
  await sql.transaction(async (tx) => {
    if (!(await pair(tx, userId, 'active'))) await insertPair(tx, userId, 'active', newClientSeed(), null);
    if (!(await pair(tx, userId, 'next'))) await insertPair(tx, userId, 'next', null, null);
  });
}

async function readState(sql: Sql, userId: number): Promise<SeedState> {
  const active = (await pair(sql, userId, 'active'))!;
  const next = (await pair(sql, userId, 'next'))!;
  return { seedHash: active.server_seed_hash, nextHash: next.server_seed_hash, nonce: active.nonce, clientSeed: active.client_seed ?? '' };
}

/**
 * GET /casino/get-seed: shows the hashes (recording that they were shown) and adopts the browser's
 * client seed only for a pair whose hash was shown in an earlier answer, that has played no bet and
 * whose client seed the server drew; otherwise the offered seed is ignored. The adoption is one
 * conditional update on those very conditions, so a bet or another get-seed running alongside
 * (PostgreSQL) cannot slip in between the read and the write.
 */
export async function loadSeeds(sql: Sql, userId: number, offeredClientSeed?: string): Promise<SeedState> {
  return sql.transaction(async (tx) => {
    const active = await pair(tx, userId, 'active');
    if (active && offeredClientSeed !== undefined && active.shown_at !== null && active.nonce === 0 && active.client_seed_chosen === 0) {
      await tx.run(
        `UPDATE seed_pairs SET client_seed = ?, client_seed_chosen = 1
         WHERE id = ? AND status = 'active' AND nonce = 0 AND client_seed_chosen = 0 AND shown_at IS NOT NULL`,
        [offeredClientSeed, active.id],
      );
    }
    if (!active || !(await pair(tx, userId, 'next'))) await createFirstSeeds(tx, userId);
    await tx.run(`UPDATE seed_pairs SET shown_at = ? WHERE user_id = ? AND status IN ('active', 'next') AND shown_at IS NULL`, [
      new Date().toISOString(),
      userId,
    ]);
    return readState(tx, userId);
  });
}

const TAKE_NONCE = `UPDATE seed_pairs SET nonce = nonce + 1 WHERE user_id = ? AND status = 'active'
       RETURNING id, server_seed, client_seed, nonce - 1 AS nonce`;

/**
 * Takes the nonce for one bet and raises it by exactly one, atomically (one UPDATE ... RETURNING:
 * two bets of the same player at once each get their own nonce, the second waiting for the first's
 * row lock on PostgreSQL). Must run with the bet's transaction, so a failed bet gives its nonce back.
 * A player without seeds is refused rather than given a pair drawn inside the very request that plays it.
 */
export async function takeBetSeed(tx: Sql, userId: number): Promise<BetSeed> {
  type Taken = { id: number; server_seed: string; client_seed: string; nonce: number };
  let row = await tx.get<Taken>(TAKE_NONCE, [userId]);
  // PostgreSQL: a rotation that committed while this waited for the old pair leaves it revealed; the
  // update's snapshot predates the pair promoted in its place, which a second statement sees.
  if (!row && tx.engine === 'postgres') row = await tx.get<Taken>(TAKE_NONCE, [userId]);
  if (!row) throw new AppError(409, 'seeds_not_loaded', SEED_MESSAGES.notLoaded);
  return { seedPairId: row.id, serverSeed: row.server_seed, clientSeed: row.client_seed, nonce: row.nonce };
}

/**
 * Reveals the active pair and promotes the next server seed with the player's client seed, which is
 * accepted only if that server seed's hash (nextHash) has already been shown. The new next seed's
 * hash is shown by this very answer.
 *
 * Both pairs are locked first (PostgreSQL), so a bet running alongside either took its nonce before
 * (and the revealed nonce counts it) or waits and plays with the new pair. `guard`, run after the
 * locks with the same transaction, may refuse the rotation (a game still open: one opened alongside
 * took its nonce, so it is either visible to the guard or waits for the rotation to end).
 */
export async function rotateSeeds(
  sql: Sql,
  userId: number,
  clientSeed: string,
  guard?: (tx: Sql) => Promise<void>,
): Promise<{ previous: RevealedPair } & SeedState> {
  return sql.transaction(async (tx) => {
    const active = await lockedPair(tx, userId, 'active');
    const next = await lockedPair(tx, userId, 'next');
    if (!active || !next || next.shown_at === null) throw new AppError(409, 'seeds_not_shown', SEED_MESSAGES.nextNotShown);
    await guard?.(tx);
    const revealedAt = new Date().toISOString();
    await tx.run(`UPDATE seed_pairs SET status = 'revealed', revealed_at = ? WHERE id = ?`, [revealedAt, active.id]);
    await tx.run(`UPDATE seed_pairs SET status = 'active', client_seed = ?, client_seed_chosen = 1, nonce = 0 WHERE id = ?`, [clientSeed, next.id]);
    await insertPair(tx, userId, 'next', null, revealedAt);
    return {
      previous: {
        serverSeed: active.server_seed,
        seedHash: active.server_seed_hash,
        clientSeed: active.client_seed ?? '',
        nonce: active.nonce,
        revealedAt,
      },
      ...(await readState(tx, userId)),
    };
  });
}

export async function revealedPairs(sql: Sql, userId: number, limit = 50): Promise<RevealedPair[]> {
  const rows = await sql.all<PairRow>(`SELECT * FROM seed_pairs WHERE user_id = ? AND status = 'revealed' ORDER BY id DESC LIMIT ?`, [userId, limit]);
  return rows.map((row) => ({
    serverSeed: row.server_seed,
    seedHash: row.server_seed_hash,
    clientSeed: row.client_seed ?? '',
    nonce: row.nonce,
    revealedAt: row.revealed_at ?? '',
  }));
}
