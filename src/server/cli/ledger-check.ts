/**
 * `npm run ledger:check`: proves the ledger of the server's database (see checkLedger): PostgreSQL
 * when DATABASE_URL is set (DATABASE_SCHEMA, if set, names its schema), else DATA_DIR's SQLite file.
 * It only reads, in one transaction (on PostgreSQL a read-only snapshot), so it is safe next to
 * running servers; opening the database applies no migration to a database already up to date and
 * seeds nothing. Exit code 0 when every invariant holds, 1 with one line per violation otherwise,
 * 2 when there is no database to check.
 */
import fs from 'node:fs';
import path from 'node:path';
import { loadConfig } from '../config';
import type { ServerConfig } from '../config';
import { openDatabase } from '../db/database';
import type { Database } from '../db/database';
import { checkLedger } from '../ledger/check';

async function open(config: ServerConfig): Promise<{ db: Database; where: string } | string> {
  const file = path.join(config.dataDir, 'casino.sqlite');
  const where = config.databaseUrl ? `PostgreSQL${config.databaseSchema ? ` schema ${config.databaseSchema}` : ''}` : file;
  if (!config.databaseUrl && !fs.existsSync(file)) return `no database at ${file} (set DATA_DIR, or DATABASE_URL for PostgreSQL)`;
  try {
    const db = await openDatabase({
      dataDir: config.dataDir,
      url: config.databaseUrl,
      schema: config.databaseSchema,
      synchronous: config.sqliteSynchronous,
      seed: false,
    });
    return { db, where };
  } catch (error) {
    return `cannot open the database in ${where}: ${(error as Error).message}`;
  }
}

async function main(): Promise<number> {
  let config: ServerConfig;
  try {
    config = loadConfig(process.env);
  } catch (error) {
    console.error(`ledger check: ${(error as Error).message}`);
    return 2;
  }
  const opened = await open(config);
  if (typeof opened === 'string') {
    console.error(`ledger check: ${opened}`);
    return 2;
  }
  const { db, where } = opened;
  try {
    const report = await checkLedger(db);
    for (const s of report.shortfalls) {
      console.warn(`ledger check: warning: the house could not cover ${s.count} win(s) in ${s.currency}; the operator owes ${s.total} base units (house_shortfall)`);
    }
    const summary = `${report.accounts} accounts, ${report.transfers} transfers, ${report.entries} ledger rows, ${report.currencies} currencies`;
    if (report.ok) {
      console.log(`ledger check: OK (${summary}) in ${where}`);
      return 0;
    }
    console.error(`ledger check: ${report.violations.length} violation(s) in ${where} (${summary})`);
    for (const violation of report.violations) console.error(`  - ${violation}`);
    return 1;
  } finally {
    await db.close();
  }
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  },
);
