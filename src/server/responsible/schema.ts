import type { Migration } from '../db/migrations';

/**
 * Responsible gambling (ids 150–159): a player's limits, the break or exclusion that runs, and what
 * the player staked, got back and deposited per clock hour, in US dollar cents (the running totals the
 * bet path sums over at most 721 rows of its primary key, never the bets table).
 */
export const responsibleMigrations: Migration[] = [
  {
    id: 150,
    name: 'responsible gambling: limits, blocks and hourly usage',
    sql: `
      CREATE TABLE rg_players (
        user_id INTEGER PRIMARY KEY REFERENCES users (id),
        block_kind TEXT CHECK (block_kind IN ('break', 'exclusion')),
        block_until INTEGER,
        block_permanent INTEGER NOT NULL DEFAULT 0,
        updated_at TEXT NOT NULL
      );
      CREATE TABLE rg_limits (
        user_id INTEGER NOT NULL REFERENCES users (id),
        kind TEXT NOT NULL CHECK (kind IN ('deposit', 'loss', 'wager')),
        period TEXT NOT NULL CHECK (period IN ('day', 'week', 'month')),
        amount_cents INTEGER,
        pending_cents INTEGER,
        pending_at INTEGER,
        PRIMARY KEY (user_id, kind, period)
      );
      CREATE TABLE rg_usage (
        user_id INTEGER NOT NULL REFERENCES users (id),
        hour INTEGER NOT NULL,
        wagered_cents INTEGER NOT NULL DEFAULT 0,
        returned_cents INTEGER NOT NULL DEFAULT 0,
        deposited_cents INTEGER NOT NULL DEFAULT 0,
        PRIMARY KEY (user_id, hour)
      );
    `,
  },
];
