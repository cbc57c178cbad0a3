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
 * balance cannot go negative whatever the interleaving; a refused debit throws
 * InsufficientFundsError and the surrounding transaction rolls back.
 */
import type { Database, Statement } from 'better-sqlite3';

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

interface Statements {
  ensure: Statement;
  debit: Statement;
  debitExternal: Statement;
  credit: Statement;
  insertTransfer: Statement;
  insertEntry: Statement;
  balance: Statement;
}

const cache = new WeakMap<Database, Statements>();

function statements(db: Database): Statements {
  let s = cache.get(db);
  if (!s) {
    const prepare = (sql: string) => db.prepare(sql).safeIntegers(true);
    s = {
      ensure: prepare(
        `INSERT INTO ledger_accounts (holder, user_id, currency, balance, created_at) VALUES (?, ?, ?, 0, ?)
         ON CONFLICT (holder, currency) DO NOTHING`,
      ),
      debit: prepare(
        `UPDATE ledger_accounts SET balance = balance - @amount
         WHERE holder = @holder AND currency = @currency AND balance >= @amount RETURNING id, balance`,
      ),
      debitExternal: prepare(
        `UPDATE ledger_accounts SET balance = balance - @amount
         WHERE holder = @holder AND currency = @currency AND holder = 'external' RETURNING id, balance`,
      ),
      credit: prepare(
        `UPDATE ledger_accounts SET balance = balance + @amount
         WHERE holder = @holder AND currency = @currency RETURNING id, balance`,
      ),
      insertTransfer: prepare('INSERT INTO ledger_transfers (currency, amount, kind, ref, created_at) VALUES (?, ?, ?, ?, ?)'),
      insertEntry: prepare(
        'INSERT INTO ledger_entries (transfer_id, account_id, currency, amount, kind, ref, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
      ),
      balance: prepare('SELECT balance FROM ledger_accounts WHERE holder = ? AND currency = ?'),
    };
    cache.set(db, s);
  }
  return s;
}

/** Balance in base units; 0n for an account that never moved. */
export function balanceOf(db: Database, ref: AccountRef): bigint {
  const row = statements(db).balance.get(ref.holder, ref.currency) as { balance: bigint } | undefined;
  return row?.balance ?? 0n;
}

/**
 * Moves `amount` base units from one account to another as a double entry. Call it inside your own
 * `db.transaction(...)` together with the rest of your write (the bet row, the withdrawal row...):
 * any throw rolls everything back. Called alone it is atomic by itself.
 *
 * Inside a transaction it opens no savepoint of its own (one per transfer was a large share of a
 * bet's cost): it needs none, because the conditional debit runs first and a refused debit throws
 * before anything is written, so a caller that catches InsufficientFundsError finds the database as
 * it was. Accounts are created only when an update finds no row, which after the first move of an
 * account is never.
 *
 * Throws InsufficientFundsError when `from` (other than external) holds less than `amount`,
 * LedgerError for a programming mistake (non-positive amount, mixed currencies, same account).
 */
export function transfer(db: Database, input: TransferInput): TransferResult {
  const { from, to, amount, kind } = input;
  if (typeof amount !== 'bigint' || amount <= 0n) throw new LedgerError(`transfer amount must be a positive bigint, got ${String(amount)}`);
  if (from.currency !== to.currency || (input.currency !== undefined && input.currency !== from.currency)) {
    throw new LedgerError(`transfer between currencies: ${from.currency} -> ${to.currency}`);
  }
  if (from.holder === to.holder) throw new LedgerError(`transfer from ${from.holder} to itself`);
  if (!KIND_PATTERN.test(kind)) throw new LedgerError(`invalid ledger kind "${kind}"`);
  if (db.inTransaction) return move(db, statements(db), input);
  return db.transaction(() => move(db, statements(db), input))();
}

const KIND_PATTERN = /^[a-z_]+$/;

type Moved = { id: bigint; balance: bigint } | undefined;

function move(db: Database, s: Statements, { from, to, amount, kind, ref }: TransferInput): TransferResult {
  const currency = from.currency;
  const now = new Date().toISOString();
  const debit = from.holder === EXTERNAL_HOLDER ? s.debitExternal : s.debit;
  const debitParams = { amount, holder: from.holder, currency };
  let debited = debit.get(debitParams) as Moved;
  // Only the external account may be debited before it exists (it goes below zero by design).
  if (!debited && from.holder === EXTERNAL_HOLDER) {
    s.ensure.run(from.holder, from.userId, currency, now);
    debited = debit.get(debitParams) as Moved;
  }
  if (!debited) throw new InsufficientFundsError(from, amount, balanceOf(db, from));
  const creditParams = { amount, holder: to.holder, currency };
  let credited = s.credit.get(creditParams) as Moved;
  if (!credited) {
    s.ensure.run(to.holder, to.userId, currency, now);
    credited = s.credit.get(creditParams) as Moved;
    if (!credited) throw new LedgerError(`could not open the account ${to.holder}/${currency}`);
  }
  const transferId = s.insertTransfer.run(currency, amount, kind, ref, now).lastInsertRowid;
  s.insertEntry.run(transferId, debited.id, currency, -amount, kind, ref, now);
  s.insertEntry.run(transferId, credited.id, currency, amount, kind, ref, now);
  return { transferId: Number(transferId), fromBalance: debited.balance, toBalance: credited.balance };
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
export function entriesOf(db: Database, ref: AccountRef, limit = 100): LedgerEntry[] {
  const rows = db
    .prepare(
      `SELECT e.id, e.transfer_id AS transferId, a.holder, e.currency, e.amount, e.kind, e.ref, e.created_at AS createdAt
       FROM ledger_entries e JOIN ledger_accounts a ON a.id = e.account_id
       WHERE a.holder = ? AND a.currency = ? ORDER BY e.id DESC LIMIT ?`,
    )
    .safeIntegers(true)
    .all(ref.holder, ref.currency, limit) as Array<Omit<LedgerEntry, 'id' | 'transferId'> & { id: bigint; transferId: bigint }>;
  return rows.map((row) => ({ ...row, id: Number(row.id), transferId: Number(row.transferId) }));
}

/** Number of ledger rows (entries); handy for "nothing was written" assertions. */
export function countEntries(db: Database): number {
  return (db.prepare('SELECT COUNT(*) AS n FROM ledger_entries').get() as { n: number }).n;
}
