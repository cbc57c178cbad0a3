import type { Database } from './sql';
import { blackjackMigrations } from '../blackjack/schema';
import { chainMigrations } from '../fairness/schema';
import { walletMigrations } from '../ledger/schema';
import { preferencesMigrations } from '../preferences/migrations';
import { minesMigrations } from '../mines/schema';
import { responsibleMigrations } from '../responsible/schema';
import { rtpMigrations } from '../rtp/schema';
import { liabilityMigrations } from '../proof/schema';
import { tokenMigrations } from '../token/schema';
import { isoNow } from '../clock';

/**
 * Ordered, append-only schema changes. Written in plain SQL that PostgreSQL also accepts
 * (INTEGER money columns become BIGINT there) so the casino can move off SQLite later.
 */
export interface Migration {
  id: number;
  name: string;
  sql: string;
}

/*
 * Id ranges per domain keep parallel work from colliding: 1–99 platform, 100–199 accounts,
 * 200–299 wallet and ledger, 300–399 fairness and dice, 400–499 live feed, 500–599 mines,
 * 600–699 blackjack, 700–799 baccarat, 800–899 token economy.
 */
export const migrations: Migration[] = [
  {
    id: 1,
    name: 'currencies',
    sql: `
      CREATE TABLE currencies (
        symbol TEXT PRIMARY KEY,
        name TEXT NOT NULL,
        bettable INTEGER NOT NULL DEFAULT 1,
        position INTEGER NOT NULL
      );
    `,
  },
  {
    id: 2,
    name: 'server secrets shared by every instance',
    sql: `
      CREATE TABLE server_secrets (
        name TEXT PRIMARY KEY,
        value TEXT NOT NULL,
        created_at TEXT NOT NULL
      );
    `,
  },
  {
    id: 100,
    name: 'users and sessions',
    sql: `
      CREATE TABLE users (
        id INTEGER PRIMARY KEY,
        user_name TEXT NOT NULL,
        user_name_key TEXT NOT NULL UNIQUE,
        email TEXT NOT NULL,
        email_key TEXT NOT NULL UNIQUE,
        email_confirmed INTEGER NOT NULL DEFAULT 0,
        password_hash TEXT NOT NULL,
        created_at TEXT NOT NULL
      );
      CREATE TABLE sessions (
        id TEXT PRIMARY KEY,
        user_id INTEGER NOT NULL REFERENCES users (id),
        created_at TEXT NOT NULL,
        ended_at TEXT
      );
      CREATE INDEX sessions_user ON sessions (user_id);
    `,
  },
  {
    id: 101,
    name: 'two-factor columns on users',
    sql: `
      ALTER TABLE users ADD COLUMN mfa_enabled INTEGER NOT NULL DEFAULT 0;
      ALTER TABLE users ADD COLUMN mfa_key TEXT;
      ALTER TABLE users ADD COLUMN mfa_last_step INTEGER;
    `,
  },
  {
    id: 102,
    name: 'refresh tokens',
    sql: `
      CREATE TABLE refresh_tokens (
        token_hash TEXT PRIMARY KEY,
        session_id TEXT NOT NULL REFERENCES sessions (id),
        issued_at TEXT NOT NULL,
        expires_at TEXT NOT NULL,
        rotated_at TEXT,
        successor_hash TEXT,
        grace_box TEXT
      );
      CREATE INDEX refresh_tokens_session ON refresh_tokens (session_id);
    `,
  },
  {
    id: 103,
    name: 'e-mail confirmation and password reset tokens',
    sql: `
      CREATE TABLE account_tokens (
        id INTEGER PRIMARY KEY,
        user_id INTEGER NOT NULL REFERENCES users (id),
        purpose TEXT NOT NULL,
        token_hash TEXT NOT NULL UNIQUE,
        created_at TEXT NOT NULL,
        expires_at TEXT NOT NULL,
        used_at TEXT
      );
      CREATE INDEX account_tokens_user ON account_tokens (user_id, purpose);
    `,
  },
  {
    id: 104,
    name: 'failed sign-in attempts',
    sql: `
      CREATE TABLE login_failures (
        id INTEGER PRIMARY KEY,
        throttle_key TEXT NOT NULL,
        failed_at TEXT NOT NULL
      );
      CREATE INDEX login_failures_key ON login_failures (throttle_key, failed_at);
      CREATE INDEX login_failures_time ON login_failures (failed_at);
    `,
  },
  {
    id: 105,
    name: 'rate-limit windows shared by every instance',
    sql: `
      CREATE TABLE rate_limits (
        key TEXT PRIMARY KEY,
        started_ms INTEGER NOT NULL,
        expires_ms INTEGER NOT NULL,
        hits INTEGER NOT NULL
      );
      CREATE INDEX rate_limits_expiry ON rate_limits (expires_ms);
    `,
  },
  {
    id: 106,
    name: 'what a player sees of each session: device, address, last activity',
    // Sessions opened before this have none of it: the account page shows them as an unknown device.
    sql: `
      ALTER TABLE sessions ADD COLUMN device TEXT;
      ALTER TABLE sessions ADD COLUMN ip_address TEXT;
      ALTER TABLE sessions ADD COLUMN last_active_at TEXT;
    `,
  },
  ...responsibleMigrations,
  ...preferencesMigrations,
  ...walletMigrations,
  ...liabilityMigrations,
  {
    // Numbered to run after the ledger tables (200) and apart from the wallet's own range.
    id: 290,
    name: 'transfers by kind, for the public burn history',
    sql: `CREATE INDEX ledger_transfers_kind ON ledger_transfers (kind, id);`,
  },
  {
    id: 291,
    name: 'transfers by kind only for the kinds read by kind',
    // The index of every transfer by kind took four inserts a bet (its stake, fee, mining and payout
    // transfers), each in the middle of the index, and is read only for these kinds: one partial index
    // each, which a bet's transfers never enter.
    sql: `
      DROP INDEX ledger_transfers_kind;
      CREATE INDEX ledger_transfers_burns ON ledger_transfers (id) WHERE kind = 'burn';
      CREATE INDEX ledger_transfers_mints ON ledger_transfers (currency) WHERE kind = 'mint';
      CREATE INDEX ledger_transfers_bankroll_seeds ON ledger_transfers (currency) WHERE kind = 'bankroll_seed';
      CREATE INDEX ledger_transfers_house_shortfalls ON ledger_transfers (currency) WHERE kind = 'house_shortfall';
    `,
  },
  {
    id: 300,
    name: 'seed pairs',
    sql: `
      CREATE TABLE seed_pairs (
        id INTEGER PRIMARY KEY,
        user_id INTEGER NOT NULL REFERENCES users (id),
        server_seed TEXT NOT NULL,
        server_seed_hash TEXT NOT NULL,
        client_seed TEXT,
        nonce INTEGER NOT NULL DEFAULT 0,
        status TEXT NOT NULL CHECK (status IN ('active', 'next', 'revealed')),
        created_at TEXT NOT NULL,
        revealed_at TEXT
      );
      CREATE UNIQUE INDEX seed_pairs_one_active ON seed_pairs (user_id) WHERE status = 'active';
      CREATE UNIQUE INDEX seed_pairs_one_next ON seed_pairs (user_id) WHERE status = 'next';
      CREATE INDEX seed_pairs_user ON seed_pairs (user_id, status);
    `,
  },
  {
    id: 301,
    name: 'seed pairs remember when their hash was shown and who chose the client seed',
    // Rows from before count as never shown (the next get-seed shows them) and as chosen by the
    // player (they came from the browser or a rotation), so nothing replaces their client seed.
    sql: `
      ALTER TABLE seed_pairs ADD COLUMN shown_at TEXT;
      ALTER TABLE seed_pairs ADD COLUMN client_seed_chosen INTEGER NOT NULL DEFAULT 1;
    `,
  },
  {
    id: 400,
    name: 'bets',
    sql: `
      CREATE TABLE bets (
        id INTEGER PRIMARY KEY,
        user_id INTEGER NOT NULL REFERENCES users (id),
        game TEXT NOT NULL,
        currency TEXT NOT NULL REFERENCES currencies (symbol),
        wager INTEGER NOT NULL CHECK (wager > 0),
        payout INTEGER NOT NULL CHECK (payout >= 0),
        seed_pair_id INTEGER REFERENCES seed_pairs (id),
        nonce INTEGER,
        outcome TEXT NOT NULL,
        wager_usd_cents INTEGER NOT NULL,
        payout_usd_cents INTEGER NOT NULL,
        created_at TEXT NOT NULL
      );
      CREATE INDEX bets_user ON bets (user_id, id);
      CREATE INDEX bets_high_roller ON bets (id) WHERE wager_usd_cents >= 10000 OR payout_usd_cents >= 10000;
    `,
  },
  ...chainMigrations,
  ...rtpMigrations,
  ...minesMigrations,
  ...blackjackMigrations,
  ...tokenMigrations,
];

/**
 * The PostgreSQL spelling of a migration written for SQLite: every integer column 64-bit (money in
 * base units outgrows 32 bits), an `INTEGER PRIMARY KEY` an identity column as SQLite's rowid is,
 * floating point as double precision.
 */
export function toPostgresDdl(sql: string): string {
  return sql
    .replace(/\bINTEGER PRIMARY KEY\b/g, 'BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY')
    .replace(/\bINTEGER\b/g, 'BIGINT')
    .replace(/\bREAL\b/g, 'DOUBLE PRECISION');
}

/** Any number; all instances starting at once on PostgreSQL migrate one after another. */
const MIGRATION_LOCK = 720_018;

/** Applies the migrations not applied yet, each in its own transaction; returns their ids. */
export async function migrate(db: Database, list: Migration[] = migrations): Promise<number[]> {
  const postgres = db.engine === 'postgres';
  return db.transaction(async (tx) => {
    if (postgres) await tx.get('SELECT pg_advisory_xact_lock(?)', [MIGRATION_LOCK]);
    await tx.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
      id ${postgres ? 'BIGINT' : 'INTEGER'} PRIMARY KEY,
      name TEXT NOT NULL,
      applied_at TEXT NOT NULL
    )`);
    const applied = new Set((await tx.all<{ id: number }>('SELECT id FROM schema_migrations')).map((row) => row.id));
    const ran: number[] = [];
    for (const migration of [...list].sort((a, b) => a.id - b.id)) {
      if (applied.has(migration.id)) continue;
      await tx.transaction(async (step) => {
        await step.exec(postgres ? toPostgresDdl(migration.sql) : migration.sql);
        await step.run('INSERT INTO schema_migrations (id, name, applied_at) VALUES (?, ?, ?)', [migration.id, migration.name, isoNow()]);
      });
      ran.push(migration.id);
    }
    return ran;
  });
}
