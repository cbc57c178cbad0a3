import fs from 'node:fs';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import type { Database } from 'better-sqlite3';
import { migrate } from './migrations';
import { seedDemoData } from './seed';

export type { Database };

/**
 * How hard a commit waits for the disk (SQLITE_SYNCHRONOUS). In WAL mode, FULL syncs the log on every
 * commit, so a committed bet or withdrawal survives a power cut; NORMAL syncs only at checkpoints, so a
 * power cut (not a crash of the process) may roll back the last commits — bets and payouts the
 * players were already shown. Money needs FULL; NORMAL is the operator's explicit choice.
 */
export type SqliteSynchronous = 'FULL' | 'NORMAL';

export function openDatabase(dataDir: string, options: { synchronous?: SqliteSynchronous } = {}): Database {
  const synchronous = options.synchronous ?? 'FULL';
  fs.mkdirSync(dataDir, { recursive: true });
  const db = new BetterSqlite3(path.join(dataDir, 'casino.sqlite'));
  db.pragma('journal_mode = WAL');
  db.pragma(`synchronous = ${synchronous === 'NORMAL' ? 'NORMAL' : 'FULL'}`);
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  db.defaultSafeIntegers(false);
  migrate(db);
  seedDemoData(db);
  return db;
}
