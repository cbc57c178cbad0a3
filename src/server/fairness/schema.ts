import type { Migration } from '../db/migrations';

/**
 * Instant-reveal seed chains (migration ids 310–319; docs/fairness.md "Instant reveal").
 *
 * A chain is drawn whole when a player switches to instant reveal or the last chain runs out: each
 * seed is the SHA-256 of the next one's text, and they are used from the end backwards, so position
 * p (0 first) hashes to the seed at position p − 1. Each seed is stored by position, so a bet reads
 * one row whatever the chain's length. `next_index` is the position the next bet takes; a player has
 * at most one live chain, `current` in instant mode and `paused` in classic (kept for a switch back).
 *
 * A seed that a bet takes becomes a `seed_pairs` row of its own (status 'revealed', chain_id set,
 * nonce 1: one bet at nonce 0), so the bets row, a mines game or a blackjack round refer to it as to
 * any pair. Its bets row is written only when the bet settles, so get-bet shows it only then.
 */
export const chainMigrations: Migration[] = [
  {
    id: 310,
    name: 'instant-reveal seed chains',
    sql: `
      CREATE TABLE seed_chains (
        id INTEGER PRIMARY KEY,
        user_id INTEGER NOT NULL REFERENCES users (id),
        length INTEGER NOT NULL CHECK (length > 0),
        next_index INTEGER NOT NULL DEFAULT 0,
        client_seed TEXT NOT NULL,
        status TEXT NOT NULL CHECK (status IN ('current', 'paused', 'done')),
        shown_at TEXT,
        created_at TEXT NOT NULL
      );
      CREATE UNIQUE INDEX seed_chains_one_live ON seed_chains (user_id) WHERE status <> 'done';
      CREATE INDEX seed_chains_user ON seed_chains (user_id, status);
      CREATE TABLE seed_chain_seeds (
        chain_id INTEGER NOT NULL REFERENCES seed_chains (id),
        position INTEGER NOT NULL,
        server_seed TEXT NOT NULL,
        server_seed_hash TEXT NOT NULL,
        PRIMARY KEY (chain_id, position)
      );
      ALTER TABLE seed_pairs ADD COLUMN chain_id INTEGER REFERENCES seed_chains (id);
      ALTER TABLE seed_pairs ADD COLUMN chain_position INTEGER;
      CREATE INDEX seed_pairs_classic_revealed ON seed_pairs (user_id, id) WHERE status = 'revealed' AND chain_id IS NULL;
    `,
  },
];
