/**
 * `npm run ledger:check`: proves the ledger of DATA_DIR's database (see checkLedger). Opens the
 * database read-only, so it is safe next to a running server. Exit code 0 when every invariant
 * holds, 1 with one line per violation otherwise, 2 when there is no database to check.
 */
import fs from 'node:fs';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { checkLedger } from '../ledger/check';

const dataDir = path.resolve(process.cwd(), process.env.DATA_DIR || 'data');
const file = path.join(dataDir, 'casino.sqlite');
if (!fs.existsSync(file)) {
  console.error(`ledger check: no database at ${file} (set DATA_DIR)`);
  process.exit(2);
}

const db = new BetterSqlite3(file, { readonly: true, fileMustExist: true });
try {
  const report = checkLedger(db);
  for (const s of report.shortfalls) {
    console.warn(`ledger check: warning: the house could not cover ${s.count} win(s) in ${s.currency}; the operator owes ${s.total} base units (house_shortfall)`);
  }
  const summary = `${report.accounts} accounts, ${report.transfers} transfers, ${report.entries} ledger rows, ${report.currencies} currencies`;
  if (report.ok) {
    console.log(`ledger check: OK (${summary}) in ${file}`);
    process.exitCode = 0;
  } else {
    console.error(`ledger check: ${report.violations.length} violation(s) in ${file} (${summary})`);
    for (const violation of report.violations) console.error(`  - ${violation}`);
    process.exitCode = 1;
  }
} finally {
  db.close();
}
