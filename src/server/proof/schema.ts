import type { Migration } from '../db/migrations';

/**
 * Proof-of-liabilities snapshots (migration ids 250–259; docs/fairness.md "Proof of liabilities").
 * Per snapshot and currency the root, per player the leaf (its nonce, its balance and its place among
 * the leaves), and the tree's nodes above blocks of 64 leaves, from which a proof path is answered.
 */
export const liabilityMigrations: Migration[] = [
  {
    id: 250,
    name: 'proof of liabilities: snapshots, roots and leaves',
    sql: `
      CREATE TABLE liability_snapshots (
        id INTEGER PRIMARY KEY,
        -- 'YYYY-MM-DDTHH' (UTC) for the hourly snapshot: of several instances only one takes it. NULL when taken by hand.
        hour_key TEXT UNIQUE,
        taken_at TEXT NOT NULL
      );
      CREATE TABLE liability_roots (
        snapshot_id INTEGER NOT NULL REFERENCES liability_snapshots (id),
        currency TEXT NOT NULL REFERENCES currencies (symbol),
        root_hash TEXT NOT NULL,
        total INTEGER NOT NULL,
        leaves INTEGER NOT NULL,
        reserves INTEGER NOT NULL,
        PRIMARY KEY (snapshot_id, currency)
      );
      CREATE TABLE liability_leaves (
        snapshot_id INTEGER NOT NULL REFERENCES liability_snapshots (id),
        currency TEXT NOT NULL,
        user_id INTEGER NOT NULL REFERENCES users (id),
        position INTEGER NOT NULL,
        nonce TEXT NOT NULL,
        balance INTEGER NOT NULL,
        PRIMARY KEY (snapshot_id, currency, user_id),
        UNIQUE (snapshot_id, currency, position)
      );
      -- The tree's nodes from level 6 up (blocks of 64 leaves): a proof rebuilds only its leaf's block.
      CREATE TABLE liability_nodes (
        snapshot_id INTEGER NOT NULL REFERENCES liability_snapshots (id),
        currency TEXT NOT NULL,
        level INTEGER NOT NULL,
        position INTEGER NOT NULL,
        hash TEXT NOT NULL,
        sum INTEGER NOT NULL,
        PRIMARY KEY (snapshot_id, currency, level, position)
      );
    `,
  },
];
