import { randomBytes } from 'node:crypto';
import { forUpdate } from '../db/sql';
import type { Sql } from '../db/sql';
import { seedChain } from '../../core/fairness/chain';
import { randomClientSeed, randomServerSeed } from '../../core/fairness/seeds';
import { AppError } from '../errors';
import { sha256Hex } from './hmac';
import { isoNow } from '../clock';

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

export type SeedMode = 'classic' | 'instant';

export interface SeedState {
  mode: SeedMode;
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
  /** A seed of an instant-reveal chain: public as soon as its bet settles. */
  chained?: boolean;
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
  /** The one wording for any bet refused in instant reveal while a round is open. */
  finishRound: 'Finish your open round first: in instant reveal no other bet is taken while a round is open.',
  chainNotShown: 'A new seed chain has begun: open your seeds to see its first hash, then bet again.',
  modeSwitchOpenGame: (game: string) => `Finish your ${game} game before switching the seed mode.`,
  classicClientSeed: 'In classic mode your client seed changes when you rotate your seeds. Switch to instant reveal to change it between bets.',
  instantRotation: 'In instant reveal every bet’s server seed is revealed as it settles; there is nothing to rotate. Switch to classic mode to rotate.',
} as const;

/** Seeds in a chain drawn when a player switches to instant reveal (and in each one after it). */
export const SEED_CHAIN_LENGTH = 1000;

const bytes = (n: number) => new Uint8Array(randomBytes(n));
export const newClientSeed = () => randomClientSeed(bytes);

async function insertPair(sql: Sql, userId: number, status: 'active' | 'next', clientSeed: string | null, shownAt: string | null): Promise<void> {
  const serverSeed = randomServerSeed(bytes);
  // A concurrent request may have drawn the pair already (unique per user and status): keep that one.
  await sql.run(
    `INSERT INTO seed_pairs (user_id, server_seed, server_seed_hash, client_seed, nonce, status, created_at, shown_at, client_seed_chosen)
     VALUES (?, ?, ?, ?, 0, ?, ?, ?, 0) ON CONFLICT DO NOTHING`,
    [userId, serverSeed, sha256Hex(serverSeed), clientSeed, status, isoNow(), shownAt],
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
  return { mode: 'classic', seedHash: active.server_seed_hash, nextHash: next.server_seed_hash, nonce: active.nonce, clientSeed: active.client_seed ?? '' };
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
    const chain = await liveChain(tx, userId);
    if (chain?.status === 'current') {
      // Instant reveal: showing the chain's hash records it shown (a new chain's first hash).
      if (chain.shown_at === null) await tx.run('UPDATE seed_chains SET shown_at = ? WHERE id = ? AND shown_at IS NULL', [isoNow(), chain.id]);
      return readChainState(tx, userId, chain);
    }
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
      isoNow(),
      userId,
    ]);
    return readState(tx, userId);
  });
}

// In instant reveal (a current chain) the classic pair rests: the same statement finds no row then.
const TAKE_NONCE = `UPDATE seed_pairs SET nonce = nonce + 1 WHERE user_id = ? AND status = 'active'
         AND NOT EXISTS (SELECT 1 FROM seed_chains c WHERE c.user_id = seed_pairs.user_id AND c.status = 'current')
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
  if (!row) return takeChainSeed(tx, userId);
  return { seedPairId: row.id, serverSeed: row.server_seed, clientSeed: row.client_seed, nonce: row.nonce };
}

// ------------------------------------------------------------------ instant reveal (seed chains)

interface ChainRow {
  id: number;
  length: number;
  next_index: number;
  client_seed: string;
  status: 'current' | 'paused' | 'done';
  shown_at: string | null;
}

const TAKE_CHAIN = `UPDATE seed_chains SET next_index = next_index + 1 WHERE user_id = ? AND status = 'current'
       RETURNING id, length, next_index - 1 AS next_index, client_seed, status, shown_at`;

/** The rounds that stay open across requests; in instant reveal one holds its seed until it ends. */
const OPEN_ROUND_SEED = `SELECT seed_pair_id FROM mines_games WHERE user_id = ? AND status = 'open'
  UNION ALL SELECT seed_pair_id FROM blackjack_games WHERE user_id = ? AND status = 'open'`;

/** Rows a multi-row insert writes at once (SQLite binds at most 32,766 values a statement). */
const CHAIN_INSERT_BATCH = 200;

/**
 * Draws a chain (core/fairness/chain.ts) and stores each seed by its position, so a bet later reads
 * one row whatever the length. `shownAt` is set when the answer that creates it shows its first hash.
 */
async function insertChain(tx: Sql, userId: number, length: number, clientSeed: string, shownAt: string | null): Promise<number> {
  const seeds = seedChain(randomServerSeed(bytes), length, sha256Hex);
  const chain = await tx.get<{ id: number }>(
    `INSERT INTO seed_chains (user_id, length, next_index, client_seed, status, shown_at, created_at) VALUES (?, ?, 0, ?, 'current', ?, ?) RETURNING id`,
    [userId, length, clientSeed, shownAt, isoNow()],
  );
  const chainId = chain!.id;
  // The hash of each seed is the seed used before it; the first one's is computed.
  for (let start = 0; start < seeds.length; start += CHAIN_INSERT_BATCH) {
    const batch = seeds.slice(start, start + CHAIN_INSERT_BATCH);
    const params = batch.flatMap((seed, i) => {
      const position = start + i;
      return [chainId, position, seed, position === 0 ? sha256Hex(seed) : seeds[position - 1]!];
    });
    await tx.run(`INSERT INTO seed_chain_seeds (chain_id, position, server_seed, server_seed_hash) VALUES ${batch.map(() => '(?, ?, ?, ?)').join(', ')}`, params);
  }
  return chainId;
}

/**
 * Instant reveal: the bet takes the chain's next seed, one atomic update of the chain's row (two bets
 * at once each get their own position, the second waiting for the first's row lock on PostgreSQL),
 * then one read of that seed by position. No bet is taken while a round is open: its seed is still
 * secret, and any later seed would reveal it. The check runs after the chain's row is locked, so a
 * round opened alongside is either committed and seen, or took its seed after this bet.
 * The seed becomes a seed_pairs row played at nonce 0 (fairness/schema.ts). When the chain's last
 * seed is taken, the next chain is drawn in the same transaction; its first hash must be shown (a
 * get-seed) before its first bet.
 */
async function takeChainSeed(tx: Sql, userId: number): Promise<BetSeed> {
  let chain = await tx.get<ChainRow>(TAKE_CHAIN, [userId]);
  if (!chain && tx.engine === 'postgres') chain = await tx.get<ChainRow>(TAKE_CHAIN, [userId]);
  if (!chain) throw new AppError(409, 'seeds_not_loaded', SEED_MESSAGES.notLoaded);
  if (chain.shown_at === null) throw new AppError(409, 'seeds_not_shown', SEED_MESSAGES.chainNotShown);
  if (await tx.get(OPEN_ROUND_SEED, [userId, userId])) throw new AppError(409, 'round_open', SEED_MESSAGES.finishRound);
  const position = Number(chain.next_index);
  const seed = (await tx.get<{ server_seed: string; server_seed_hash: string }>(
    'SELECT server_seed, server_seed_hash FROM seed_chain_seeds WHERE chain_id = ? AND position = ?',
    [chain.id, position],
  ))!;
  const now = isoNow();
  const pair = await tx.get<{ id: number }>(
    `INSERT INTO seed_pairs (user_id, server_seed, server_seed_hash, client_seed, nonce, status, created_at, shown_at, client_seed_chosen, chain_id, chain_position)
     VALUES (?, ?, ?, ?, 1, 'revealed', ?, ?, 1, ?, ?) RETURNING id`,
    [userId, seed.server_seed, seed.server_seed_hash, chain.client_seed, now, now, chain.id, position],
  );
  if (position + 1 >= Number(chain.length)) {
    await tx.run(`UPDATE seed_chains SET status = 'done' WHERE id = ?`, [chain.id]);
    await insertChain(tx, userId, Number(chain.length), chain.client_seed, null);
  }
  return { seedPairId: pair!.id, serverSeed: seed.server_seed, clientSeed: chain.client_seed, nonce: 0, chained: true };
}

/** The server seed a settled bet's answer carries: a chained seed is public once its bet settles. */
export function revealedOnSettle(seed: Pick<BetSeed, 'serverSeed' | 'chained'>): { serverSeed?: string } {
  return seed.chained ? { serverSeed: seed.serverSeed } : {};
}

/**
 * The one rule for whether a bet's server seed is public (get-bet, and every list that shows bets):
 * a classic pair once rotated out; a chain seed (stored 'revealed') once its bet is recorded, which
 * happens only when the bet settles: a mines or blackjack round writes its bets row when it ends.
 * Call it only for a seed reached from a bets row.
 */
export function revealedServerSeed(pair: { status: string | null; server_seed: string | null }): string | null {
  return pair.status === 'revealed' ? pair.server_seed : null;
}

async function liveChain(tx: Sql, userId: number, lock = false): Promise<ChainRow | undefined> {
  const text = `SELECT id, length, next_index, client_seed, status, shown_at FROM seed_chains WHERE user_id = ? AND status <> 'done'` + (lock ? forUpdate(tx) : '');
  return tx.get<ChainRow>(text, [userId]);
}

/**
 * What get-seed shows in instant reveal: the hash of the seed the next bet uses, or, while a round
 * is open, that round's own hash. `nextHash` is the same hash (the one after it would be the seed).
 */
async function readChainState(tx: Sql, userId: number, chain: ChainRow): Promise<SeedState> {
  const round = await tx.get<{ server_seed_hash: string }>(
    `SELECT s.server_seed_hash FROM seed_pairs s WHERE s.chain_id IS NOT NULL AND s.id IN (${OPEN_ROUND_SEED})`,
    [userId, userId],
  );
  const next = await tx.get<{ server_seed_hash: string }>('SELECT server_seed_hash FROM seed_chain_seeds WHERE chain_id = ? AND position = ?', [
    chain.id,
    Number(chain.next_index),
  ]);
  const seedHash = round?.server_seed_hash ?? next!.server_seed_hash;
  return { mode: 'instant', seedHash, nextHash: seedHash, nonce: 0, clientSeed: chain.client_seed };
}

/**
 * POST /casino/set-seed-mode. To instant: resumes the paused chain, or draws one that plays on with
 * the classic pair's client seed (its first hash is shown by this very answer). To classic: pauses
 * the chain; the classic pair plays on where it stopped. `guard` runs after the locks and refuses a
 * switch while a game is open. Switching to the mode already on changes nothing.
 */
export async function setSeedMode(sql: Sql, userId: number, mode: SeedMode, guard: (tx: Sql) => Promise<void>, length = SEED_CHAIN_LENGTH): Promise<SeedState> {
  await sql.transaction(async (tx) => {
    const active = await lockedPair(tx, userId, 'active');
    const chain = await liveChain(tx, userId, true);
    const current = chain?.status === 'current' ? 'instant' : 'classic';
    if (current === mode) return;
    await guard(tx);
    if (mode === 'classic') {
      await tx.run(`UPDATE seed_chains SET status = 'paused' WHERE id = ?`, [chain!.id]);
    } else if (chain) {
      await tx.run(`UPDATE seed_chains SET status = 'current' WHERE id = ?`, [chain.id]);
    } else {
      await insertChain(tx, userId, length, active?.client_seed ?? newClientSeed(), isoNow());
    }
  });
  return loadSeeds(sql, userId);
}

const SET_CHAIN_CLIENT_SEED = `UPDATE seed_chains SET client_seed = ? WHERE user_id = ? AND status = 'current'`;

/** POST /casino/set-client-seed: in instant reveal the client seed of every bet from the next one on. */
export async function setChainClientSeed(sql: Sql, userId: number, clientSeed: string): Promise<SeedState> {
  await sql.transaction(async (tx) => {
    let changed = await tx.run(SET_CHAIN_CLIENT_SEED, [clientSeed, userId]);
    // PostgreSQL: a bet that ended the chain while this waited for its row began the next one.
    if (changed === 0 && tx.engine === 'postgres') changed = await tx.run(SET_CHAIN_CLIENT_SEED, [clientSeed, userId]);
    if (changed === 0) throw new AppError(409, 'classic_mode', SEED_MESSAGES.classicClientSeed);
  });
  return loadSeeds(sql, userId);
}

/** Whether the player plays in instant reveal; rotation asks it inside its transaction. */
export async function isInstantMode(sql: Sql, userId: number): Promise<boolean> {
  return (await sql.get(`SELECT 1 AS one FROM seed_chains WHERE user_id = ? AND status = 'current'`, [userId])) !== undefined;
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
    const revealedAt = isoNow();
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
  // Classic pairs only: an instant-reveal seed is shown with its bet.
  const rows = await sql.all<PairRow>(`SELECT * FROM seed_pairs WHERE user_id = ? AND status = 'revealed' AND chain_id IS NULL ORDER BY id DESC LIMIT ?`, [
    userId,
    limit,
  ]);
  return rows.map((row) => ({
    serverSeed: row.server_seed,
    seedHash: row.server_seed_hash,
    clientSeed: row.client_seed ?? '',
    nonce: row.nonce,
    revealedAt: row.revealed_at ?? '',
  }));
}
