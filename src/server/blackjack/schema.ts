import type { Migration } from '../db/migrations';

/**
 * Blackjack schema (migration ids 600–699). A round lives across requests, so its whole state is a
 * row: the engine's JSON state, the seed pair and nonce that fix its cards, and a version that every
 * action raises with a conditional update, so two actions racing on one round cannot both apply.
 */
export const blackjackMigrations: Migration[] = [
  {
    id: 600,
    name: 'blackjack games',
    sql: `
      CREATE TABLE blackjack_games (
        id INTEGER PRIMARY KEY,
        user_id INTEGER NOT NULL REFERENCES users (id),
        currency TEXT NOT NULL REFERENCES currencies (symbol),
        seed_pair_id INTEGER NOT NULL REFERENCES seed_pairs (id),
        nonce INTEGER NOT NULL,
        state TEXT NOT NULL,
        status TEXT NOT NULL CHECK (status IN ('open', 'over')),
        version INTEGER NOT NULL DEFAULT 0,
        bet_id INTEGER REFERENCES bets (id),
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL
      );
      CREATE UNIQUE INDEX blackjack_games_one_open ON blackjack_games (user_id) WHERE status = 'open';
      CREATE INDEX blackjack_games_user ON blackjack_games (user_id, id);
    `,
  },
  {
    id: 601,
    name: 'blackjack reserved payout',
    // The round's largest payout from where it stands (bets/exposure.ts), rewritten with its state so
    // the reserves of a currency are one indexed sum. NULL on rounds opened before this column existed.
    sql: `
      ALTER TABLE blackjack_games ADD COLUMN reserved INTEGER CHECK (reserved >= 0);
      CREATE INDEX blackjack_games_open_reserved ON blackjack_games (currency, reserved) WHERE status = 'open';
    `,
  },
];
