import { BIGINT } from '../db/sql';
import type { Database, Sql } from '../db/sql';
import { tokenViolations } from '../token/check';
import { EXTERNAL_HOLDER, WITHDRAWALS_HOLDER } from './ledger';

export interface LedgerCheckReport {
  ok: boolean;
  violations: string[];
  accounts: number;
  entries: number;
  transfers: number;
  currencies: number;
  /** Wins the house could not cover and the operator owes (bets/payout.ts): not a violation, a warning. */
  shortfalls: Array<{ currency: string; count: number; total: bigint }>;
}

const all = <T>(db: Sql, text: string): Promise<T[]> => db.all<T>(text, [], BIGINT);

/**
 * Proves, for the whole database, the ledger's invariants:
 * 1. every account's balance equals the sum of its entries, and its entries are in its currency;
 * 2. no balance is negative except the external account's;
 * 3. every transfer is a double entry: two rows, one debit and one credit of the transfer's amount,
 *    so each currency's total is conserved;
 * 4. for each currency the balances of all accounts (external included) sum to zero;
 * 5. the pending-withdrawals account holds exactly the pending withdrawal requests;
 * 6. the token economy's unclaimed rewards and bankroll shares agree with its ledger accounts.
 * Read-only: safe on a live database; on PostgreSQL every query reads the same snapshot.
 */
export async function checkLedger(database: Database): Promise<LedgerCheckReport> {
  return database.transaction(async (db) => {
    if (db.engine === 'postgres') await db.run('SET TRANSACTION ISOLATION LEVEL REPEATABLE READ READ ONLY');
    return report(db);
  });
}

async function report(db: Sql): Promise<LedgerCheckReport> {
  const violations: string[] = [];

  const drifted = await all<{ holder: string; currency: string; balance: bigint; total: bigint }>(
    db,
    `SELECT a.holder, a.currency, a.balance, COALESCE(SUM(e.amount), 0) AS total
     FROM ledger_accounts a LEFT JOIN ledger_entries e ON e.account_id = a.id
     GROUP BY a.id HAVING a.balance <> COALESCE(SUM(e.amount), 0)`,
  );
  for (const row of drifted) {
    violations.push(`balance of ${row.holder}/${row.currency} is ${row.balance} but its ledger rows sum to ${row.total}`);
  }

  const foreign = await all<{ id: bigint; holder: string; currency: string; entryCurrency: string }>(
    db,
    `SELECT e.id, a.holder, a.currency, e.currency AS "entryCurrency"
     FROM ledger_entries e JOIN ledger_accounts a ON a.id = e.account_id WHERE e.currency <> a.currency`,
  );
  for (const row of foreign) {
    violations.push(`ledger row ${row.id} is in ${row.entryCurrency} but account ${row.holder} is in ${row.currency}`);
  }

  const negative = await all<{ holder: string; currency: string; balance: bigint }>(
    db,
    `SELECT holder, currency, balance FROM ledger_accounts WHERE balance < 0 AND holder <> '${EXTERNAL_HOLDER}'`,
  );
  for (const row of negative) violations.push(`balance of ${row.holder}/${row.currency} is negative: ${row.balance}`);

  const unbalanced = await all<{ id: bigint; amount: bigint; entryCount: bigint; debit: bigint | null; credit: bigint | null; sum: bigint | null }>(
    db,
    `SELECT t.id, t.amount, COUNT(e.id) AS "entryCount",
            SUM(CASE WHEN e.amount < 0 THEN -e.amount END) AS debit,
            SUM(CASE WHEN e.amount > 0 THEN e.amount END) AS credit,
            SUM(e.amount) AS sum
     FROM ledger_transfers t LEFT JOIN ledger_entries e ON e.transfer_id = t.id
     GROUP BY t.id
     HAVING COUNT(e.id) <> 2 OR COALESCE(SUM(e.amount), 1) <> 0
        OR COALESCE(SUM(CASE WHEN e.amount < 0 THEN -e.amount END), -1) <> t.amount
        OR SUM(CASE WHEN e.currency <> t.currency THEN 1 ELSE 0 END) > 0`,
  );
  for (const row of unbalanced) {
    violations.push(
      `transfer ${row.id} of ${row.amount} is not a double entry: ${row.entryCount} rows, debit ${row.debit ?? 0}, credit ${row.credit ?? 0}`,
    );
  }

  const orphans = await all<{ id: bigint }>(
    db,
    'SELECT e.id FROM ledger_entries e LEFT JOIN ledger_transfers t ON t.id = e.transfer_id WHERE t.id IS NULL',
  );
  for (const row of orphans) violations.push(`ledger row ${row.id} belongs to no transfer`);

  const totals = await all<{ currency: string; total: bigint }>(
    db,
    'SELECT currency, SUM(balance) AS total FROM ledger_accounts GROUP BY currency HAVING SUM(balance) <> 0',
  );
  for (const row of totals) {
    violations.push(`total of ${row.currency} over all accounts is ${row.total}, not 0: money was created or destroyed`);
  }

  const pending = await all<{ currency: string; held: bigint; requested: bigint }>(
    db,
    `SELECT c.symbol AS currency,
            COALESCE((SELECT balance FROM ledger_accounts WHERE holder = '${WITHDRAWALS_HOLDER}' AND currency = c.symbol), 0) AS held,
            COALESCE((SELECT SUM(amount) FROM withdrawals WHERE status = 'pending' AND currency = c.symbol), 0) AS requested
     FROM currencies c`,
  );
  for (const row of pending) {
    if (row.held !== row.requested) {
      violations.push(`pending withdrawals of ${row.currency} sum to ${row.requested} but the withdrawals account holds ${row.held}`);
    }
  }

  violations.push(...(await tokenViolations(db)));

  const count = async (table: string) => (await db.get<{ n: number }>(`SELECT COUNT(*) AS n FROM ${table}`))!.n;
  return {
    ok: violations.length === 0,
    violations,
    accounts: await count('ledger_accounts'),
    entries: await count('ledger_entries'),
    transfers: await count('ledger_transfers'),
    currencies: (await db.get<{ n: number }>('SELECT COUNT(DISTINCT currency) AS n FROM ledger_accounts'))!.n,
    shortfalls: (await all<{ currency: string; count: bigint; total: bigint }>(
      db,
      `SELECT currency, COUNT(*) AS count, SUM(amount) AS total FROM ledger_transfers WHERE kind = 'house_shortfall' GROUP BY currency ORDER BY currency`,
    )).map((row) => ({ currency: row.currency, count: Number(row.count), total: row.total })),
  };
}
