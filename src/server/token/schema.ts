import type { Migration } from '../db/migrations';

/**
 * Token economy schema (migration ids 800–899). Money columns are INTEGER base units. Balances live
 * in the ledger; these tables hold what the ledger cannot say: shares, run records and totals.
 */
export const tokenMigrations: Migration[] = [
  {
    id: 800,
    name: 'token: mining, staking, payouts, bankroll shares',
    sql: `
      CREATE TABLE token_mining (
        id INTEGER PRIMARY KEY CHECK (id = 1),
        total_mined INTEGER NOT NULL CHECK (total_mined >= 0)
      );
      INSERT INTO token_mining (id, total_mined) VALUES (1, 0);
      CREATE TABLE staking_events (
        id INTEGER PRIMARY KEY,
        user_id INTEGER NOT NULL REFERENCES users (id),
        kind TEXT NOT NULL CHECK (kind IN ('lock', 'unlock')),
        amount INTEGER NOT NULL CHECK (amount > 0),
        fee INTEGER NOT NULL DEFAULT 0 CHECK (fee >= 0),
        created_at TEXT NOT NULL
      );
      CREATE INDEX staking_events_user ON staking_events (user_id, id);
      CREATE TABLE staking_rewards (
        user_id INTEGER NOT NULL REFERENCES users (id),
        currency TEXT NOT NULL REFERENCES currencies (symbol),
        total INTEGER NOT NULL DEFAULT 0 CHECK (total >= 0),
        claimed INTEGER NOT NULL DEFAULT 0 CHECK (claimed >= 0 AND claimed <= total),
        PRIMARY KEY (user_id, currency)
      );
      -- One row per payout run: a scheduled run is keyed by its UTC day, so it can happen only once.
      CREATE TABLE staking_payout_runs (
        run_key TEXT PRIMARY KEY,
        scheduled INTEGER NOT NULL,
        ran_at TEXT NOT NULL
      );
      CREATE TABLE staking_payouts (
        id INTEGER PRIMARY KEY,
        run_key TEXT NOT NULL REFERENCES staking_payout_runs (run_key),
        currency TEXT NOT NULL REFERENCES currencies (symbol),
        amount INTEGER NOT NULL CHECK (amount > 0),
        stakers INTEGER NOT NULL,
        created_at TEXT NOT NULL
      );
      CREATE TABLE bankroll_pools (
        currency TEXT PRIMARY KEY REFERENCES currencies (symbol),
        total_shares INTEGER NOT NULL DEFAULT 0 CHECK (total_shares >= 0),
        total_profit INTEGER NOT NULL DEFAULT 0,
        wager_volume INTEGER NOT NULL DEFAULT 0
      );
      -- holder 'house' for the house's own shares, 'player:<id>' for an investor.
      CREATE TABLE bankroll_positions (
        currency TEXT NOT NULL REFERENCES currencies (symbol),
        holder TEXT NOT NULL,
        user_id INTEGER REFERENCES users (id),
        shares INTEGER NOT NULL CHECK (shares > 0),
        principal INTEGER NOT NULL CHECK (principal >= 0),
        PRIMARY KEY (currency, holder)
      );
      CREATE INDEX bankroll_positions_user ON bankroll_positions (user_id);
    `,
  },
];
