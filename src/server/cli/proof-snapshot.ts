/**
 * `npm run proof:snapshot`: takes a proof-of-liabilities snapshot now (docs/fairness.md "Proof of
 * liabilities") in the server's database: PostgreSQL when DATABASE_URL is set (DATABASE_SCHEMA, if set,
 * names its schema), else DATA_DIR's SQLite file. Safe next to running servers: one transaction reads
 * every balance. Prints the snapshot's id and per currency its root, total, leaf count and reserves.
 * Exit code 0 when taken, 2 when there is no database to take it in, 1 on an unexpected error.
 */
import { openServerDatabase, runTool } from './database';
import { takeSnapshot } from '../proof/snapshots';

async function main(): Promise<number> {
  const opened = await openServerDatabase();
  if (typeof opened === 'string') {
    console.error(`proof snapshot: ${opened}`);
    return 2;
  }
  const { db, where } = opened;
  try {
    const snapshot = (await takeSnapshot(db))!;
    console.log(`proof snapshot: #${snapshot.id} taken at ${snapshot.takenAt} in ${where}`);
    for (const c of snapshot.currencies) {
      console.log(`  ${c.currency}: root ${c.rootHash}, total ${c.total}, ${c.leaves} leaves, reserves ${c.reserves} (base units)`);
    }
    return 0;
  } finally {
    await db.close();
  }
}

runTool(main);
