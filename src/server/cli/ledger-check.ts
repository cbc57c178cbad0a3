/**
 * `npm run ledger:check`: proves the ledger of the server's database (see checkLedger): PostgreSQL
 * when DATABASE_URL is set (DATABASE_SCHEMA, if set, names its schema), else DATA_DIR's SQLite file.
 * It only reads, in one transaction (on PostgreSQL a read-only snapshot), so it is safe next to
 * running servers; opening the database applies no migration to a database already up to date and
 * seeds nothing. Exit code 0 when every invariant holds, 1 with one line per violation otherwise,
 * 2 when there is no database to check.
 */
import { openServerDatabase, runTool } from './database';
import { checkLedger } from '../ledger/check';

async function main(): Promise<number> {
  const opened = await openServerDatabase();
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

runTool(main);
