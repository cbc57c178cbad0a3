import { accountKindOf, BET_KINDS, TRANSACTIONS_CSV_HEADER, transactionCsvLine } from '../../core/wallet/transactions';
import type { LedgerAccountKind } from '../../core/wallet/transactions';
import { unitsToDecimalString } from '../../core/money';
import { BIGINT } from '../db/sql';
import type { Sql } from '../db/sql';

/**
 * The player's transactions (issue 20): the ledger's own rows on every account the player holds
 * (wallet, locked ACC, unclaimed rewards: `ledger_accounts.user_id`), other than what bets book, which
 * the bets tables show. Read straight from `ledger_entries`, so the page and the CSV are the ledger.
 */
export interface LedgerRowOut {
  id: number;
  transferId: number;
  kind: string;
  account: LedgerAccountKind;
  currency: string;
  amount: string;
  ref: string | null;
  createdAt: string;
}

interface EntryRow {
  id: bigint;
  transfer_id: bigint;
  kind: string;
  holder: string;
  currency: string;
  amount: bigint;
  ref: string | null;
  created_at: string;
}

const NOT_BETS = BET_KINDS.map(() => '?').join(', ');
const SELECT = `SELECT e.id, e.transfer_id, e.kind, a.holder, e.currency, e.amount, e.ref, e.created_at
  FROM ledger_entries e JOIN ledger_accounts a ON a.id = e.account_id
  WHERE a.user_id = ? AND e.kind NOT IN (${NOT_BETS})`;

const toRow = (row: EntryRow): LedgerRowOut => ({
  id: Number(row.id),
  transferId: Number(row.transfer_id),
  kind: row.kind,
  account: accountKindOf(row.holder),
  currency: row.currency,
  amount: unitsToDecimalString(BigInt(row.amount)),
  ref: row.ref,
  createdAt: row.created_at,
});

export const TRANSACTIONS_PAGE_SIZE = 50;
export const TRANSACTIONS_PAGE_MAX = 100;

/** A page, newest first: the rows older than `before` (all when absent), and where the next page starts. */
export async function listTransactions(
  sql: Sql,
  userId: number,
  page: { before: number; limit: number } = { before: Number.MAX_SAFE_INTEGER, limit: TRANSACTIONS_PAGE_SIZE },
): Promise<{ rows: LedgerRowOut[]; nextBefore: number | null }> {
  const { limit } = page;
  const rows = await sql.all<EntryRow>(
    `${SELECT} AND e.id < ? ORDER BY e.id DESC LIMIT ?`,
    [userId, ...BET_KINDS, page.before, limit + 1],
    BIGINT,
  );
  const more = rows.length > limit;
  const shown = (more ? rows.slice(0, limit) : rows).map(toRow);
  return { rows: shown, nextBefore: more ? shown[shown.length - 1]!.id : null };
}

const CSV_CHUNK = 1_000;

/**
 * Every row as CSV lines, oldest first, read a thousand at a time (by id, each read on its own), so a
 * player with many rows costs the server one chunk of memory, not all of them.
 */
export async function* transactionsCsv(sql: Sql, userId: number): AsyncGenerator<string> {
  yield `${TRANSACTIONS_CSV_HEADER}\r\n`;
  let after = 0;
  for (;;) {
    const rows = await sql.all<EntryRow>(`${SELECT} AND e.id > ? ORDER BY e.id LIMIT ?`, [userId, ...BET_KINDS, after, CSV_CHUNK], BIGINT);
    if (rows.length === 0) return;
    yield rows.map((row) => `${transactionCsvLine(toRow(row))}\r\n`).join('');
    if (rows.length < CSV_CHUNK) return;
    after = Number(rows[rows.length - 1]!.id);
  }
}
