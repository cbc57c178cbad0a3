import type { Migration } from '../db/migrations';

/**
 * Mines schema (migration ids 500–599). A game row lives from the bet to the end of the game; the
 * bets row is only written when it ends (bust, cash-out or the last gem).
 */
export const minesMigrations: Migration[] = [
  {
    id: 500,
    name: 'mines games',
    sql: `
      CREATE TABLE mines_games (
        id INTEGER PRIMARY KEY,
        user_id INTEGER NOT NULL REFERENCES users (id),
        currency TEXT NOT NULL REFERENCES currencies (symbol),
        -- Base units, already moved from the player to the house when the bet was placed.
        wager INTEGER NOT NULL CHECK (wager > 0),
        mines_count INTEGER NOT NULL CHECK (mines_count BETWEEN 1 AND 24),
        -- The profit cap of the limits at bet time, so a later bankroll change cannot alter the game.
        max_payout INTEGER NOT NULL CHECK (max_payout >= 0),
        seed_pair_id INTEGER NOT NULL REFERENCES seed_pairs (id),
        nonce INTEGER NOT NULL,
        -- JSON arrays of tile ids: the board fixed at bet time (secret while open) and the picks in order.
        mine_tiles TEXT NOT NULL,
        picks TEXT NOT NULL DEFAULT '[]',
        -- Raised by every change; a pick or cash-out only applies to the version it read.
        version INTEGER NOT NULL DEFAULT 0,
        status TEXT NOT NULL CHECK (status IN ('open', 'busted', 'cashedOut')),
        payout INTEGER CHECK (payout >= 0),
        bet_id INTEGER REFERENCES bets (id),
        created_at TEXT NOT NULL,
        ended_at TEXT
      );
      CREATE UNIQUE INDEX mines_games_one_open ON mines_games (user_id) WHERE status = 'open';
      CREATE INDEX mines_games_user ON mines_games (user_id, id);
    `,
  },
  {
    id: 501,
    name: 'mines reserved payout',
    // What an open game may still take from the house (bets/exposure.ts), written with the game so the
    // reserves of a currency are one indexed sum. NULL on games opened before this column existed.
    sql: `
      ALTER TABLE mines_games ADD COLUMN reserved INTEGER CHECK (reserved >= 0);
      CREATE INDEX mines_games_open_reserved ON mines_games (currency, reserved) WHERE status = 'open';
    `,
  },
];
