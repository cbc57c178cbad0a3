/**
 * Proof of liabilities on the server (issue 23; docs/fairness.md "Proof of liabilities"): a snapshot
 * reads every player's wallet balance per currency in one transaction, builds the Merkle sum tree of
 * src/core/proof and keeps per currency the root, and per player the leaf (nonce, balance, position).
 * and the tree's nodes from level BLOCK_DEPTH up. A proof rebuilds only its leaf's block of 64 leaves
 * and reads the stored siblings above it: rebuilding a whole tree of 100,000 leaves took 1.3 s of CPU
 * on the event loop (measured), storing every node would double the rows; this stores n/32 nodes
 * (docs/architecture.md has the measured times of a snapshot of 100,000 wallets).
 */
import { randomBytes, randomInt } from 'node:crypto';
import { buildLevels, heightOf, pathFromBlock, rootOf, upperSiblings } from '../../core/proof/merkleSum';
import type { LeafInput, SumNode, WireLiabilityProof } from '../../core/proof/merkleSum';
import { BIGINT } from '../db/sql';
import type { Database, Sql, SqlValue } from '../db/sql';
import { notFound } from '../errors';
import { sha256Hex } from '../fairness/hmac';
import { EXTERNAL_HOLDER } from '../ledger/ledger';

export interface SnapshotRoot {
  currency: string;
  rootHash: string;
  total: bigint;
  leaves: number;
  reserves: bigint;
}

export interface SnapshotSummary {
  id: number;
  takenAt: string;
  currencies: SnapshotRoot[];
}

export interface TakeOptions {
  /** 'YYYY-MM-DDTHH': the hourly snapshot; null or absent for one taken by hand. */
  hourKey?: string | null;
  now?: Date;
  /** 32 lowercase hex characters; tests pass their own. */
  nonce?: () => string;
}

/** The hour a snapshot taken at `ms` stands for (UTC), the key that elects one instance per hour. */
export const hourKeyOf = (ms: number): string => new Date(ms).toISOString().slice(0, 13);

/** Nonces drawn 4,096 at a time: one call per nonce was a large share of a big snapshot's time. */
function nonceSource(): () => string {
  let pool = '';
  let at = 0;
  return () => {
    if (at >= pool.length) {
      pool = randomBytes(16 * 4096).toString('hex');
      at = 0;
    }
    at += 32;
    return pool.slice(at - 32, at);
  };
}

/** Leaves in a random order, so a leaf's place says nothing about who holds it (e.g. sign-up order). */
function shuffle<T>(items: T[]): T[] {
  for (let i = items.length - 1; i > 0; i -= 1) {
    const j = randomInt(i + 1);
    [items[i], items[j]] = [items[j]!, items[i]!];
  }
  return items;
}

/** Leaves per block: a proof rebuilds its leaf's block of 2^6 and reads the stored nodes above it. */
export const BLOCK_DEPTH = 6;

interface TakenTree {
  currency: string;
  leaves: Array<LeafInput & { userId: bigint }>;
  levels: SumNode[][];
  reserves: bigint;
}

/** Every wallet and the reserves, read in one transaction: on PostgreSQL one repeatable-read snapshot. */
async function readBalances(db: Database) {
  return db.transaction(async (tx) => {
    if (tx.engine === 'postgres') await tx.run('SET TRANSACTION ISOLATION LEVEL REPEATABLE READ READ ONLY');
    const currencies = await tx.all<{ symbol: string }>('SELECT symbol FROM currencies ORDER BY position, symbol');
    const wallets = await tx.all<{ userId: bigint; currency: string; balance: bigint }>(
      `SELECT user_id AS "userId", currency, balance FROM ledger_accounts
       WHERE user_id IS NOT NULL AND holder LIKE 'player:%' ORDER BY currency, user_id`,
      [],
      BIGINT,
    );
    const external = await tx.all<{ currency: string; balance: bigint }>('SELECT currency, balance FROM ledger_accounts WHERE holder = ?', [EXTERNAL_HOLDER], BIGINT);
    return { currencies, wallets, external };
  });
}

async function insertRows(tx: Sql, table: string, columns: string[], rows: SqlValue[][]): Promise<void> {
  // 30,000 parameters a statement: under SQLite's 32,766 and PostgreSQL's 65,535.
  const chunk = Math.floor(30_000 / columns.length);
  const tuple = `(${columns.map(() => '?').join(', ')})`;
  for (let start = 0; start < rows.length; start += chunk) {
    const part = rows.slice(start, start + chunk);
    await tx.run(`INSERT INTO ${table} (${columns.join(', ')}) VALUES ${part.map(() => tuple).join(', ')}`, part.flat());
  }
}

/**
 * Takes a snapshot: one read transaction takes every balance at one instant (every currency alike),
 * the trees are built outside any transaction, and one write transaction keeps them. With an hour key,
 * of several instances ticking at once exactly one keeps it (a unique key); the others get null.
 */
export async function takeSnapshot(db: Database, options: TakeOptions = {}): Promise<SnapshotSummary | null> {
  const takenAt = (options.now ?? new Date()).toISOString();
  const nonce = options.nonce ?? nonceSource();
  // An hour already taken (a restart, another instance) costs one read, not a tree; a race is settled below.
  if (options.hourKey && (await db.get('SELECT id FROM liability_snapshots WHERE hour_key = ?', [options.hourKey]))) return null;
  const { currencies, wallets, external } = await readBalances(db);
  const reservesOf = new Map(external.map((row) => [row.currency, -row.balance]));
  const trees: TakenTree[] = currencies.map(({ symbol }) => {
    const leaves = shuffle(wallets.filter((w) => w.currency === symbol).map((w) => ({ userId: w.userId, nonce: nonce(), balance: w.balance })));
    return { currency: symbol, leaves, levels: buildLevels(leaves, sha256Hex), reserves: reservesOf.get(symbol) ?? 0n };
  });
  return db.transaction(async (tx) => {
    const claimed = await tx.get<{ id: number }>(
      'INSERT INTO liability_snapshots (hour_key, taken_at) VALUES (?, ?) ON CONFLICT (hour_key) DO NOTHING RETURNING id',
      [options.hourKey ?? null, takenAt],
    );
    if (!claimed) return null;
    const snapshotId = claimed.id;
    const roots: SnapshotRoot[] = [];
    for (const tree of trees) {
      const root = rootOf(tree.levels);
      const entry: SnapshotRoot = { currency: tree.currency, rootHash: root.hash, total: root.sum, leaves: tree.leaves.length, reserves: tree.reserves };
      roots.push(entry);
      await tx.run('INSERT INTO liability_roots (snapshot_id, currency, root_hash, total, leaves, reserves) VALUES (?, ?, ?, ?, ?, ?)', [
        snapshotId,
        tree.currency,
        entry.rootHash,
        entry.total,
        entry.leaves,
        entry.reserves,
      ]);
      await insertRows(
        tx,
        'liability_leaves',
        ['snapshot_id', 'currency', 'user_id', 'position', 'nonce', 'balance'],
        tree.leaves.map((leaf, i) => [snapshotId, tree.currency, leaf.userId, i, leaf.nonce, leaf.balance]),
      );
      await insertRows(
        tx,
        'liability_nodes',
        ['snapshot_id', 'currency', 'level', 'position', 'hash', 'sum'],
        tree.levels.slice(BLOCK_DEPTH).flatMap((level, l) => level.map((node, p) => [snapshotId, tree.currency, l + BLOCK_DEPTH, p, node.hash, node.sum])),
      );
    }
    return { id: snapshotId, takenAt, currencies: roots };
  });
}

/** How many snapshots the public list shows (two days of hourly ones and more). */
export const LISTED_SNAPSHOTS = 100;

/** The newest snapshots with their roots, newest first. */
export async function listSnapshots(sql: Sql, limit = LISTED_SNAPSHOTS): Promise<SnapshotSummary[]> {
  const snapshots = await sql.all<{ id: number; takenAt: string }>('SELECT id, taken_at AS "takenAt" FROM liability_snapshots ORDER BY id DESC LIMIT ?', [limit]);
  if (snapshots.length === 0) return [];
  const oldest = snapshots[snapshots.length - 1]!.id;
  const roots = await sql.all<{ snapshotId: bigint; currency: string; rootHash: string; total: bigint; leaves: bigint; reserves: bigint }>(
    `SELECT r.snapshot_id AS "snapshotId", r.currency, r.root_hash AS "rootHash", r.total, r.leaves, r.reserves
     FROM liability_roots r JOIN currencies c ON c.symbol = r.currency
     WHERE r.snapshot_id >= ? ORDER BY c.position, r.currency`,
    [oldest],
    BIGINT,
  );
  return snapshots.map((s) => ({
    id: s.id,
    takenAt: s.takenAt,
    currencies: roots
      .filter((r) => Number(r.snapshotId) === s.id)
      .map((r) => ({ currency: r.currency, rootHash: r.rootHash, total: r.total, leaves: Number(r.leaves), reserves: r.reserves })),
  }));
}

/** How long the players' proofs of a snapshot are kept by default (PROOF_RETENTION_DAYS). */
export const PROOF_RETENTION_DAYS = 30;
const DAY_MS = 86_400_000;

/** Which proofs are still answered: those of snapshots taken at most `retentionMs` before `nowMs`. */
export interface ProofRetention {
  nowMs: number;
  retentionMs: number;
}

const expired = (retentionMs: number) => {
  const days = Math.round((retentionMs / DAY_MS) * 100) / 100;
  return notFound(`Proofs are kept for ${days} ${days === 1 ? 'day' : 'days'}: this snapshot is older.`, 'proof_expired');
};

/**
 * Drops the players' leaves and the tree nodes of every snapshot taken before `before` (run after the
 * hourly snapshot): one transaction per snapshot, so a first run over a long history holds no lock for
 * long. The snapshot and its roots (root, total, leaf count, reserves) stay for the public list.
 * Returns the ids pruned; a snapshot already pruned is not looked at again.
 */
export async function pruneSnapshots(db: Database, before: Date): Promise<number[]> {
  const old = await db.all<{ id: number }>(
    `SELECT s.id FROM liability_snapshots s WHERE s.taken_at < ?
       AND (EXISTS (SELECT 1 FROM liability_leaves l WHERE l.snapshot_id = s.id) OR EXISTS (SELECT 1 FROM liability_nodes n WHERE n.snapshot_id = s.id))
     ORDER BY s.id`,
    [before.toISOString()],
  );
  for (const { id } of old) {
    await db.transaction(async (tx) => {
      await tx.run('DELETE FROM liability_leaves WHERE snapshot_id = ?', [id]);
      await tx.run('DELETE FROM liability_nodes WHERE snapshot_id = ?', [id]);
    });
  }
  return old.map(({ id }) => id);
}

/**
 * A player's proof: their leaf and the path to the root. 404 with a sentence when there is none, or
 * when the snapshot is older than the retention (its leaves are dropped, or about to be).
 */
export async function proofFor(
  sql: Sql,
  userId: number,
  currency: string,
  snapshotId: number | null,
  retention: ProofRetention = { nowMs: Date.now(), retentionMs: PROOF_RETENTION_DAYS * DAY_MS },
): Promise<WireLiabilityProof> {
  const snapshot =
    snapshotId === null
      ? await sql.get<{ id: number; takenAt: string }>('SELECT id, taken_at AS "takenAt" FROM liability_snapshots ORDER BY id DESC LIMIT 1')
      : await sql.get<{ id: number; takenAt: string }>('SELECT id, taken_at AS "takenAt" FROM liability_snapshots WHERE id = ?', [snapshotId]);
  if (!snapshot) {
    throw snapshotId === null ? notFound('No snapshot of the liabilities has been taken yet.', 'no_snapshot') : notFound(`No snapshot #${snapshotId}.`, 'no_snapshot');
  }
  if (Date.parse(snapshot.takenAt) < retention.nowMs - retention.retentionMs) throw expired(retention.retentionMs);
  const root = await sql.get<{ rootHash: string; total: bigint }>(
    'SELECT root_hash AS "rootHash", total FROM liability_roots WHERE snapshot_id = ? AND currency = ?',
    [snapshot.id, currency],
    BIGINT,
  );
  if (!root) throw notFound(`Snapshot #${snapshot.id} holds no ${currency}.`, 'no_currency');
  const own = await sql.get<{ position: number }>('SELECT position FROM liability_leaves WHERE snapshot_id = ? AND currency = ? AND user_id = ?', [snapshot.id, currency, userId]);
  const count = Number((await sql.get<{ n: number }>('SELECT leaves AS n FROM liability_roots WHERE snapshot_id = ? AND currency = ?', [snapshot.id, currency]))!.n);
  if (!own) {
    // Leaves counted but none kept: pruned under a shorter retention than this instance's (PROOF_RETENTION_DAYS raised since).
    if (count > 0 && !(await sql.get('SELECT 1 AS kept FROM liability_leaves WHERE snapshot_id = ? AND currency = ? LIMIT 1', [snapshot.id, currency]))) {
      throw expired(retention.retentionMs);
    }
    throw notFound(`You had no ${currency} wallet at snapshot #${snapshot.id}, so it holds no balance of yours in ${currency}.`, 'no_leaf');
  }
  const size = 2 ** BLOCK_DEPTH;
  const [from, to] = heightOf(count) <= BLOCK_DEPTH ? [0, count] : [Math.floor(own.position / size) * size, Math.floor(own.position / size) * size + size];
  const block = await sql.all<LeafInput & { position: number }>(
    'SELECT nonce, balance FROM liability_leaves WHERE snapshot_id = ? AND currency = ? AND position >= ? AND position < ? ORDER BY position',
    [snapshot.id, currency, from, to],
    BIGINT,
  );
  const upper = new Map<string, SumNode>();
  for (const { level, position } of upperSiblings(count, BLOCK_DEPTH, own.position)) {
    const node = await sql.get<SumNode>('SELECT hash, sum FROM liability_nodes WHERE snapshot_id = ? AND currency = ? AND level = ? AND position = ?', [snapshot.id, currency, level, position], BIGINT);
    if (node) upper.set(`${level}:${position}`, node);
  }
  const leaf = block[own.position - from]!;
  const path = pathFromBlock(block, count, BLOCK_DEPTH, own.position, upper, sha256Hex);
  return {
    snapshotId: snapshot.id,
    currency,
    rootHash: root.rootHash,
    total: String(root.total),
    leaf: { nonce: leaf.nonce, balance: String(leaf.balance) },
    path: path.map((step) => ({ side: step.side, hash: step.hash, sum: String(step.sum) })),
  };
}
