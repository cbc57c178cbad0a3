import type { Migration } from '../db/migrations';

/**
 * Wallet and ledger schema (migration ids 200–299). Money columns are INTEGER base units
 * (10^-8 of a coin; BIGINT on PostgreSQL). See docs/architecture.md, "Ledger".
 */
export const walletMigrations: Migration[] = [
  {
    id: 200,
    name: 'ledger accounts, transfers and entries',
    sql: `
      CREATE TABLE ledger_accounts (
        id INTEGER PRIMARY KEY,
        -- 'player:<userId>', 'house', 'withdrawals', 'external', or a holder another domain defines
        holder TEXT NOT NULL,
        user_id INTEGER REFERENCES users (id),
        currency TEXT NOT NULL REFERENCES currencies (symbol),
        balance INTEGER NOT NULL DEFAULT 0,
        created_at TEXT NOT NULL,
        UNIQUE (holder, currency),
        -- Backstop only: transfer() already debits with a conditional update.
        CHECK (balance >= 0 OR holder = 'external')
      );
      CREATE INDEX ledger_accounts_user ON ledger_accounts (user_id);
      CREATE TABLE ledger_transfers (
        id INTEGER PRIMARY KEY,
        currency TEXT NOT NULL REFERENCES currencies (symbol),
        amount INTEGER NOT NULL CHECK (amount > 0),
        kind TEXT NOT NULL,
        ref TEXT,
        created_at TEXT NOT NULL
      );
      CREATE INDEX ledger_transfers_ref ON ledger_transfers (ref);
      CREATE TABLE ledger_entries (
        id INTEGER PRIMARY KEY,
        transfer_id INTEGER NOT NULL REFERENCES ledger_transfers (id),
        account_id INTEGER NOT NULL REFERENCES ledger_accounts (id),
        currency TEXT NOT NULL,
        amount INTEGER NOT NULL,
        kind TEXT NOT NULL,
        ref TEXT,
        created_at TEXT NOT NULL
      );
      CREATE INDEX ledger_entries_account ON ledger_entries (account_id);
      CREATE INDEX ledger_entries_transfer ON ledger_entries (transfer_id);
    `,
  },
  {
    id: 201,
    name: 'cashier: deposit addresses, deposits, withdrawals, demo claims',
    sql: `
      CREATE TABLE deposit_addresses (
        user_id INTEGER NOT NULL REFERENCES users (id),
        currency TEXT NOT NULL REFERENCES currencies (symbol),
        address TEXT NOT NULL UNIQUE,
        created_at TEXT NOT NULL,
        PRIMARY KEY (user_id, currency)
      );
      CREATE TABLE deposits (
        id INTEGER PRIMARY KEY,
        user_id INTEGER NOT NULL REFERENCES users (id),
        currency TEXT NOT NULL REFERENCES currencies (symbol),
        amount INTEGER NOT NULL CHECK (amount > 0),
        tx_ref TEXT NOT NULL,
        created_at TEXT NOT NULL,
        UNIQUE (currency, tx_ref)
      );
      CREATE TABLE withdrawals (
        id INTEGER PRIMARY KEY,
        user_id INTEGER NOT NULL REFERENCES users (id),
        currency TEXT NOT NULL REFERENCES currencies (symbol),
        address TEXT NOT NULL,
        amount INTEGER NOT NULL CHECK (amount > 0),
        status TEXT NOT NULL CHECK (status IN ('pending', 'cancelled', 'sent')),
        tx_ref TEXT,
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL
      );
      CREATE INDEX withdrawals_user ON withdrawals (user_id, id);
      CREATE TABLE demo_claims (
        user_id INTEGER NOT NULL REFERENCES users (id),
        currency TEXT NOT NULL REFERENCES currencies (symbol),
        last_claimed_at INTEGER NOT NULL,
        PRIMARY KEY (user_id, currency)
      );
    `,
  },
  {
    id: 202,
    name: 'cashier: an operator may refuse a withdrawal, with a reason',
    // SQLite cannot change a CHECK constraint in place: the table is rebuilt with its rows.
    sql: `
      CREATE TABLE withdrawals_next (
        id INTEGER PRIMARY KEY,
        user_id INTEGER NOT NULL REFERENCES users (id),
        currency TEXT NOT NULL REFERENCES currencies (symbol),
        address TEXT NOT NULL,
        amount INTEGER NOT NULL CHECK (amount > 0),
        status TEXT NOT NULL CHECK (status IN ('pending', 'cancelled', 'sent', 'refused')),
        tx_ref TEXT,
        -- Why the operator refused it; shown to the player.
        reason TEXT,
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL
      );
      INSERT INTO withdrawals_next (id, user_id, currency, address, amount, status, tx_ref, created_at, updated_at)
        SELECT id, user_id, currency, address, amount, status, tx_ref, created_at, updated_at FROM withdrawals;
      DROP TABLE withdrawals;
      ALTER TABLE withdrawals_next RENAME TO withdrawals;
      CREATE INDEX withdrawals_user ON withdrawals (user_id, id);
      CREATE INDEX withdrawals_pending ON withdrawals (id) WHERE status = 'pending';
    `,
  },
];
