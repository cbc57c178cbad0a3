/**
 * The ledger: every coin the casino knows about sits in exactly one account, and money only ever
 * moves by `transfer`, a double entry (one negative row on the debited account, one positive row on
 * the credited account, same transfer id) written in the same transaction as both balance updates.
 *
 * Accounts (one per holder and currency, created on first use):
 * - `player:<userId>`  a player's wallet; never below zero.
 * - `house`            the house bankroll; bets are paid into it and payouts out of it; never below zero.
 * - `withdrawals`      money players asked to withdraw that has not left yet; never below zero.
 * - `external`         the outside world: deposits come from it, sent withdrawals go to it. The only
 *                      account allowed below zero: minus its balance is what the casino holds.
 * Other domains may add holders of their own (e.g. `staking:<userId>`), never below zero.
 *
 * Hence for every currency the sum of all balances, external included, is always zero, and each
 * balance equals the sum of its entries: `checkLedger` proves both.
 *
 * Debits are conditional updates (`... WHERE balance >= amount`), never read-then-write, so a
 * balance cannot go negative whatever the interleaving, on SQLite or under PostgreSQL's concurrent
 * transactions (an UPDATE waits for the row and re-checks its WHERE on the row it then sees); a refused debit throws
 * InsufficientFundsError and the surrounding transaction rolls back.
 */
import { rowBuffer } from '../db/batchBook';
import type { Accumulator, BatchBook } from '../db/batchBook';
import { BIGINT } from '../db/sql';
import type { Database, Sql } from '../db/sql';
import { isoNow } from '../clock';

export const EXTERNAL_HOLDER = 'external';
export const HOUSE_HOLDER = 'house';
export const WITHDRAWALS_HOLDER = 'withdrawals';

/** What a ledger row was for. Append new kinds here when a domain needs one. */
export type LedgerKind =
  | 'deposit'
  | 'demo_funds'
  | 'bankroll_seed'
  | 'bet'
  | 'payout'
  | 'house_shortfall'
  | 'refund'
  | 'withdrawal'
  | 'withdrawal_cancel'
  | 'withdrawal_sent'
  | 'withdrawal_refused'
  | 'reward'
  | 'investment'
  | 'divestment'
  | 'stake'
  | 'unstake'
  | 'burn'
  | 'fee'
  | 'mint'
  | 'mining'
  | 'reward_claim';

export interface AccountRef {
  /** `player:12`, `house`, `withdrawals`, `external`, or a domain's own holder name. */
  holder: string;
  currency: string;
  /** Set for accounts that belong to a player (used for joins and the user_id column). */
  userId: number | null;
}

const HOLDER_PATTERN = /^[a-z][a-z_]*(:\d+)?$/;

/** Any account; prefer the named helpers below. A holder `name:<userId>` belongs to that user. */
export function account(holder: string, currency: string, userId: number | null = null): AccountRef {
  if (!HOLDER_PATTERN.test(holder)) throw new TypeError(`invalid ledger holder "${holder}"`);
  return { holder, currency, userId };
}

export const playerAccount = (userId: number, currency: string): AccountRef => {
  if (!Number.isSafeInteger(userId) || userId <= 0) throw new TypeError(`invalid user id ${userId}`);
  return account(`player:${userId}`, currency, userId);
};
export const houseAccount = (currency: string): AccountRef => account(HOUSE_HOLDER, currency);
export const externalAccount = (currency: string): AccountRef => account(EXTERNAL_HOLDER, currency);
export const withdrawalsAccount = (currency: string): AccountRef => account(WITHDRAWALS_HOLDER, currency);

export class LedgerError extends Error {
  override name = 'LedgerError';
}

/** A debit that would take a balance below zero. Callers map it to their own 4xx. */
export class InsufficientFundsError extends LedgerError {
  override name = 'InsufficientFundsError';
  constructor(
    readonly account: AccountRef,
    readonly requested: bigint,
    readonly available: bigint,
  ) {
    super(`insufficient funds in ${account.holder}/${account.currency}: ${requested} requested, ${available} available`);
  }
}

export interface TransferInput {
  from: AccountRef;
  to: AccountRef;
  /** Base units, > 0. */
  amount: bigint;
  kind: LedgerKind;
  /** What the movement belongs to, e.g. `dice:42`, `withdrawal:7`. */
  ref: string | null;
  /** Optional guard: both accounts must be in this currency. */
  currency?: string;
}

export interface TransferResult {
  transferId: number;
  /** Balances after the transfer, base units. */
  fromBalance: bigint;
  toBalance: bigint;
}

const SQL = {
  ensure: `INSERT INTO ledger_accounts (holder, user_id, currency, balance, created_at) VALUES (?, ?, ?, 0, ?)
     ON CONFLICT (holder, currency) DO NOTHING`,
  debit: `UPDATE ledger_accounts SET balance = balance - ?
     WHERE holder = ? AND currency = ? AND balance >= ? RETURNING id, balance`,
  debitExternal: `UPDATE ledger_accounts SET balance = balance - ?
     WHERE holder = ? AND currency = ? AND holder = 'external' RETURNING id, balance`,
  credit: `UPDATE ledger_accounts SET balance = balance + ? WHERE holder = ? AND currency = ? RETURNING id, balance`,
  insertTransfer: 'INSERT INTO ledger_transfers (currency, amount, kind, ref, created_at) VALUES (?, ?, ?, ?, ?) RETURNING id',
  // Both rows of a transfer in one statement: the debit, then the credit.
  insertEntries:
    'INSERT INTO ledger_entries (transfer_id, account_id, currency, amount, kind, ref, created_at) VALUES (?, ?, ?, ?, ?, ?, ?), (?, ?, ?, ?, ?, ?, ?)',
  balance: 'SELECT balance FROM ledger_accounts WHERE holder = ? AND currency = ?',
  account: 'SELECT id, balance FROM ledger_accounts WHERE holder = ? AND currency = ?',
  add: 'UPDATE ledger_accounts SET balance = balance + ? WHERE holder = ? AND currency = ?',
} as const;

/** Balance in base units; 0n for an account that never moved. */
export async function balanceOf(sql: Sql, ref: AccountRef): Promise<bigint> {
  const book = sql.book;
  if (book) {
    if (BOOKED_HOLDERS.has(ref.holder)) return (bookedAccountNow(book, ref, false) ?? (await bookedAccount(book, ref, false))).balance;
    // Another account's row is none of the batch's sums: no need to write them before reading it.
    sql = book.unbooked;
  }
  const row = await sql.get<{ balance: bigint }>(SQL.balance, [ref.holder, ref.currency], BIGINT);
  return row?.balance ?? 0n;
}

/**
 * The accounts nearly every bet moves money in or out of: the house (stakes in, wins out, the
 * rewards share out), each currency's rewards pool and the ACC mining treasury. Inside a group
 * commit their balance changes are summed per batch and written once before COMMIT (db/batchBook.ts);
 * each transfer still writes its own transfer row and both entries, and a debit of one of them is
 * still refused when the balance the batch has reached does not cover it.
 */
const BOOKED_HOLDERS: ReadonlySet<string> = new Set([HOUSE_HOLDER, 'rewards_pool', 'mining']);

const bookedRows = new Map<string, Accumulator>();
function bookedRow(ref: AccountRef): Accumulator {
  const key = `${ref.holder} ${ref.currency}`;
  let row = bookedRows.get(key);
  if (!row) {
    row = {
      tables: ['ledger_accounts'],
      write: async (sql, [delta]) => {
        await sql.run(SQL.add, [delta as bigint, ref.holder, ref.currency]);
      },
    };
    bookedRows.set(key, row);
  }
  return row;
}

const bookedKey = (ref: AccountRef) => `account ${ref.holder} ${ref.currency}`;

/**
 * A booked account as the batch has it already, or undefined when it must be read first (or opened,
 * `open`): see bookedAccount. Nearly every bet after a batch's first finds it here.
 */
function bookedAccountNow(book: BatchBook, ref: AccountRef, open: boolean): { id: number | null; balance: bigint } | undefined {
  const key = bookedKey(ref);
  const row = book.known(key);
  if (!row || (open && row.id === undefined)) return undefined;
  return { id: row.id ?? null, balance: row.base! + book.pending(key, 0) };
}

/** A booked account as the batch has it: its id and its balance with the batch's pending changes. */
async function bookedAccount(book: BatchBook, ref: AccountRef, open: boolean): Promise<{ id: number | null; balance: bigint }> {
  const key = bookedKey(ref);
  const read = () => book.row(key, bookedRow(ref), 1, async (sql) => {
    let found = await sql.get<{ id: number; balance: bigint }>(SQL.account, [ref.holder, ref.currency], BIGINT);
    if (!found && open) {
      await sql.run(SQL.ensure, [ref.holder, ref.userId, ref.currency, isoNow()]);
      found = await sql.get<{ id: number; balance: bigint }>(SQL.account, [ref.holder, ref.currency], BIGINT);
    }
    // An account that does not exist yet holds 0 (a read without `open` does not create it).
    return found ? { value: found.balance, id: Number(found.id) } : 0n;
  });
  let row = await read();
  if (row.id === undefined && open) {
    // Read as missing earlier in the batch (nothing pending then): open it now.
    book.forget(key);
    row = await read();
  }
  return { id: row.id ?? null, balance: row.base! + book.pending(key, 0) };
}

/**
 * Moves `amount` base units from one account to another as a double entry. Call it with your
 * transaction's handle, together with the rest of your write (the bet row, the withdrawal row...):
 * any throw rolls everything back. Called on the database itself it is a transaction of its own.
 *
 * It opens no savepoint of its own (one per transfer was a large share of a bet's cost): it needs
 * none, because the conditional debit runs first and a refused debit throws before anything is
 * written, so a caller that catches InsufficientFundsError finds the database as it was. Accounts are
 * created only when an update finds no row, which after the first move of an account is never.
 *
 * Throws InsufficientFundsError when `from` (other than external) holds less than `amount`,
 * LedgerError for a programming mistake (non-positive amount, mixed currencies, same account).
 */
export async function transfer(sql: Sql | Database, input: TransferInput): Promise<TransferResult> {
  const { from, to, amount, kind } = input;
  if (typeof amount !== 'bigint' || amount <= 0n) throw new LedgerError(`transfer amount must be a positive bigint, got ${String(amount)}`);
  if (from.currency !== to.currency || (input.currency !== undefined && input.currency !== from.currency)) {
    throw new LedgerError(`transfer between currencies: ${from.currency} -> ${to.currency}`);
  }
  if (from.holder === to.holder) throw new LedgerError(`transfer from ${from.holder} to itself`);
  if (!KIND_PATTERN.test(kind)) throw new LedgerError(`invalid ledger kind "${kind}"`);
  if (isDatabase(sql)) return sql.transaction((tx) => move(tx, input));
  return move(sql, input);
}

const KIND_PATTERN = /^[a-z_]+$/;

type Moved = { id: bigint; balance: bigint } | undefined;

/** Debits an unbooked account's row, opening the external account first if need be; refuses an overdraft. */
async function debitRow(rows: Sql, balanceSql: Sql, from: AccountRef, amount: bigint, now: string): Promise<{ id: bigint; balance: bigint }> {
  const currency = from.currency;
  const debit = from.holder === EXTERNAL_HOLDER ? SQL.debitExternal : SQL.debit;
  const debitParams = from.holder === EXTERNAL_HOLDER ? [amount, from.holder, currency] : [amount, from.holder, currency, amount];
  let debited = await rows.get<Moved>(debit, debitParams, BIGINT);
  // Only the external account may be debited before it exists (it goes below zero by design).
  if (!debited && from.holder === EXTERNAL_HOLDER) {
    await rows.run(SQL.ensure, [from.holder, from.userId, currency, now]);
    debited = await rows.get<Moved>(debit, debitParams, BIGINT);
  }
  if (!debited) throw new InsufficientFundsError(from, amount, await balanceOf(balanceSql, from));
  return debited;
}

/** Credits an unbooked account's row, opening it first if it has none yet. */
async function creditRow(rows: Sql, to: AccountRef, amount: bigint, now: string): Promise<{ id: bigint; balance: bigint }> {
  const creditParams = [amount, to.holder, to.currency];
  let credited = await rows.get<Moved>(SQL.credit, creditParams, BIGINT);
  if (!credited) {
    await rows.run(SQL.ensure, [to.holder, to.userId, to.currency, now]);
    credited = await rows.get<Moved>(SQL.credit, creditParams, BIGINT);
    if (!credited) throw new LedgerError(`could not open the account ${to.holder}/${to.currency}`);
  }
  return credited;
}

async function move(sql: Sql, input: TransferInput): Promise<TransferResult> {
  const book = sql.book;
  if (book && (BOOKED_HOLDERS.has(input.from.holder) || BOOKED_HOLDERS.has(input.to.holder))) return moveBooked(sql, book, input);
  const { from, to, amount } = input;
  const now = isoNow();
  // Inside a batch, the player's own rows need not wait for the batch's sums (see moveBooked).
  const rows = book ? book.unbooked : sql;
  const debited = await debitRow(rows, sql, from, amount, now);
  const credited = await creditRow(rows, to, amount, now);
  const transferId = await writeTransfer(sql, input, debited.id, credited.id, now);
  return { transferId, fromBalance: debited.balance, toBalance: credited.balance };
}

const TRANSFER_COLUMNS = ['id', 'currency', 'amount', 'kind', 'ref', 'created_at'] as const;
const ENTRY_COLUMNS = ['transfer_id', 'account_id', 'currency', 'amount', 'kind', 'ref', 'created_at'] as const;
const transferRows = rowBuffer('ledger_transfers', TRANSFER_COLUMNS);
const entryRows = rowBuffer('ledger_entries', ENTRY_COLUMNS);
const maxTransferId = async (sql: Sql) => (await sql.get<{ id: number }>('SELECT COALESCE(MAX(id), 0) AS id FROM ledger_transfers'))!.id;

/**
 * The transfer row and its two entries (the debit, then the credit). Inside a group commit they join
 * the batch's rows, inserted with the other bets' before it commits (db/batchBook.ts), the transfer
 * taking the next id of the table at once; elsewhere they are inserted now.
 */
async function writeTransfer(sql: Sql, { from, amount, kind, ref }: TransferInput, fromId: number | bigint, toId: number | bigint, now: string): Promise<number> {
  const currency = from.currency;
  const book = sql.book;
  if (book) {
    const transferId = await book.nextId('ledger_transfers', maxTransferId);
    book.append(transferRows, [transferId, currency, amount, kind, ref, now]);
    book.append(entryRows, [transferId, fromId, currency, -amount, kind, ref, now]);
    book.append(entryRows, [transferId, toId, currency, amount, kind, ref, now]);
    return transferId;
  }
  const transferId = (await sql.get<{ id: number }>(SQL.insertTransfer, [currency, amount, kind, ref, now]))!.id;
  await sql.run(SQL.insertEntries, [transferId, fromId, currency, -amount, kind, ref, now, transferId, toId, currency, amount, kind, ref, now]);
  return transferId;
}

/**
 * `move` inside a group commit when a side is a booked account: that side's balance change joins the
 * batch's sum (its debit checked against the balance the batch has reached, before anything is
 * written); the other side's row is updated as usual; the transfer row and both entries as usual.
 */
async function moveBooked(sql: Sql, book: BatchBook, input: TransferInput): Promise<TransferResult> {
  const { from, to, amount } = input;
  const currency = from.currency;
  const now = isoNow();
  const direct = book.unbooked;
  let fromId: number | bigint;
  let fromBalance: bigint;
  let debitBooked: (() => void) | null = null;
  if (BOOKED_HOLDERS.has(from.holder)) {
    const account = bookedAccountNow(book, from, false) ?? (await bookedAccount(book, from, false));
    if (account.id === null || account.balance < amount) throw new InsufficientFundsError(from, amount, account.balance);
    fromId = account.id;
    fromBalance = account.balance - amount;
    debitBooked = () => book.add(bookedKey(from), bookedRow(from), [-amount]);
  } else {
    const debited = await debitRow(direct, sql, from, amount, now);
    fromId = debited.id;
    fromBalance = debited.balance;
  }
  let toId: number | bigint;
  let toBalance: bigint;
  if (BOOKED_HOLDERS.has(to.holder)) {
    const account = bookedAccountNow(book, to, true) ?? (await bookedAccount(book, to, true));
    if (account.id === null) throw new LedgerError(`could not open the account ${to.holder}/${currency}`);
    toId = account.id;
    toBalance = account.balance + amount;
    book.add(bookedKey(to), bookedRow(to), [amount]);
  } else {
    const credited = await creditRow(direct, to, amount, now);
    toId = credited.id;
    toBalance = credited.balance;
  }
  debitBooked?.();
  const transferId = await writeTransfer(sql, input, fromId, toId, now);
  return { transferId, fromBalance, toBalance };
}

export interface LedgerEntry {
  id: number;
  transferId: number;
  holder: string;
  currency: string;
  amount: bigint;
  kind: string;
  ref: string | null;
  createdAt: string;
}

/** The entries of one account, newest first (statements, audits, tests). */
export async function entriesOf(sql: Sql, ref: AccountRef, limit = 100): Promise<LedgerEntry[]> {
  const rows = await sql.all<Omit<LedgerEntry, 'id' | 'transferId'> & { id: bigint; transferId: bigint }>(
      `SELECT e.id, e.transfer_id AS "transferId", a.holder, e.currency, e.amount, e.kind, e.ref, e.created_at AS "createdAt"
       FROM ledger_entries e JOIN ledger_accounts a ON a.id = e.account_id
       WHERE a.holder = ? AND a.currency = ? ORDER BY e.id DESC LIMIT ?`,
    [ref.holder, ref.currency, limit],
    BIGINT,
  );
  return rows.map((row) => ({ ...row, id: Number(row.id), transferId: Number(row.transferId) }));
}

/** Number of ledger rows (entries); handy for "nothing was written" assertions. */
export async function countEntries(sql: Sql): Promise<number> {
  return (await sql.get<{ n: number }>('SELECT COUNT(*) AS n FROM ledger_entries'))!.n;
}

/** The database itself rather than a transaction's handle (which has no `close`). */
function isDatabase(sql: Sql | Database): sql is Database {
  return 'close' in sql;
}
