/**
 * The cashier's money movements. Each function is one transaction: its rows and its ledger
 * transfer commit together or not at all.
 */
import { fiatToUnits } from '../../core/money';
import { BIGINT, forUpdate } from '../db/sql';
import type { Database, Sql } from '../db/sql';
import {
  balanceOf,
  externalAccount,
  houseAccount,
  playerAccount,
  transfer,
  withdrawalsAccount,
} from '../ledger/ledger';
import type { AccountRef, LedgerKind, TransferResult } from '../ledger/ledger';
import { deriveDepositAddress } from './addresses';
import { listCurrencies } from './currencies';
import { isoNow } from '../clock';

export type WithdrawalStatus = 'pending' | 'cancelled' | 'sent' | 'refused';

export interface Withdrawal {
  id: number;
  userId: number;
  currency: string;
  address: string;
  /** Base units. */
  amount: bigint;
  status: WithdrawalStatus;
  /** The chain transaction of a sent withdrawal. */
  txRef: string | null;
  /** Why the operator refused it. */
  reason: string | null;
  createdAt: string;
}

interface WithdrawalRow {
  id: bigint;
  user_id: bigint;
  currency: string;
  address: string;
  amount: bigint;
  status: WithdrawalStatus;
  tx_ref: string | null;
  reason: string | null;
  created_at: string;
}

const toWithdrawal = (row: WithdrawalRow): Withdrawal => ({
  id: Number(row.id),
  userId: Number(row.user_id),
  currency: row.currency,
  address: row.address,
  amount: row.amount,
  status: row.status,
  txRef: row.tx_ref,
  reason: row.reason,
  createdAt: row.created_at,
});

const withdrawalById = (sql: Sql, id: number): Promise<WithdrawalRow | undefined> =>
  sql.get<WithdrawalRow>('SELECT * FROM withdrawals WHERE id = ?', [id], BIGINT);

export class WithdrawalNotFoundError extends Error {
  override name = 'WithdrawalNotFoundError';
}
export class WithdrawalNotPendingError extends Error {
  override name = 'WithdrawalNotPendingError';
  constructor(readonly status: WithdrawalStatus) {
    super(`withdrawal is ${status}, not pending`);
  }
}

/** Debits the player at once into the pending-withdrawals account. Throws InsufficientFundsError. */
export async function requestWithdrawal(
  db: Database,
  input: { userId: number; currency: string; address: string; amount: bigint },
): Promise<{ withdrawal: Withdrawal; balance: bigint }> {
  return db.transaction(async (tx) => {
    const now = isoNow();
    const { id } = (await tx.get<{ id: number }>(
      `INSERT INTO withdrawals (user_id, currency, address, amount, status, created_at, updated_at)
       VALUES (?, ?, ?, ?, 'pending', ?, ?) RETURNING id`,
      [input.userId, input.currency, input.address, input.amount, now, now],
    ))!;
    // The debit is the ledger's conditional update: two requests at once cannot both spend one balance.
    const moved = await transfer(tx, {
      from: playerAccount(input.userId, input.currency),
      to: withdrawalsAccount(input.currency),
      amount: input.amount,
      kind: 'withdrawal',
      ref: `withdrawal:${id}`,
    });
    return { withdrawal: toWithdrawal((await withdrawalById(tx, id))!), balance: moved.fromBalance };
  });
}

/**
 * How a pending withdrawal closes: its new status (with the operator's reference or reason, if any),
 * where its money goes from the pending-withdrawals account, and, for a player's own call, whose it must be.
 */
interface Closing {
  status: 'cancelled' | 'sent' | 'refused';
  note?: { column: 'tx_ref' | 'reason'; value: string };
  ownerId?: number;
  to: (row: WithdrawalRow) => AccountRef;
  kind: LedgerKind;
}

/**
 * Closes a pending withdrawal and moves its money in one transaction. The status changes only while
 * pending, so two closings of one withdrawal cannot both move the money; another player's id is
 * "not found", never "forbidden".
 */
async function closePending(db: Database, id: number, closing: Closing): Promise<{ row: WithdrawalRow; moved: TransferResult }> {
  return db.transaction(async (tx) => {
    const { note, ownerId } = closing;
    // The conditional update is the claim: on PostgreSQL a second closing of the same withdrawal
    // waits for the first's row lock, then finds it no longer pending and changes nothing.
    const changed = await tx.run(
      `UPDATE withdrawals SET status = ?, ${note ? `${note.column} = ?, ` : ''}updated_at = ? WHERE id = ?${ownerId === undefined ? '' : ' AND user_id = ?'} AND status = 'pending'`,
      [closing.status, ...(note ? [note.value] : []), isoNow(), id, ...(ownerId === undefined ? [] : [ownerId])],
    );
    const row = await withdrawalById(tx, id);
    if (!row || (ownerId !== undefined && Number(row.user_id) !== ownerId)) throw new WithdrawalNotFoundError(`no withdrawal ${id}`);
    if (changed === 0) throw new WithdrawalNotPendingError(row.status);
    const moved = await transfer(tx, { from: withdrawalsAccount(row.currency), to: closing.to(row), amount: row.amount, kind: closing.kind, ref: `withdrawal:${id}` });
    return { row, moved };
  });
}

/** Returns a pending withdrawal's money. Another player's id is "not found", never "forbidden". */
export async function cancelWithdrawal(db: Database, userId: number, id: number): Promise<{ withdrawal: Withdrawal; balance: bigint }> {
  const { row, moved } = await closePending(db, id, {
    status: 'cancelled',
    ownerId: userId,
    to: (pending) => playerAccount(userId, pending.currency),
    kind: 'withdrawal_cancel',
  });
  return { withdrawal: toWithdrawal(row), balance: moved.toBalance };
}

/**
 * The operator sent the coins (`npm run withdrawals -- complete`): the money leaves the
 * pending-withdrawals account for the external account, under the chain transaction's reference.
 */
export async function markWithdrawalSent(db: Database, id: number, txRef: string): Promise<Withdrawal> {
  const { row } = await closePending(db, id, {
    status: 'sent',
    note: { column: 'tx_ref', value: txRef },
    to: (pending) => externalAccount(pending.currency),
    kind: 'withdrawal_sent',
  });
  return toWithdrawal(row);
}

/**
 * The operator will not send it (`npm run withdrawals -- refuse`): the money goes back from the
 * pending-withdrawals account to the player, and the reason is kept for the player to read.
 */
export async function refuseWithdrawal(db: Database, id: number, reason: string): Promise<{ withdrawal: Withdrawal; balance: bigint }> {
  const { row, moved } = await closePending(db, id, {
    status: 'refused',
    note: { column: 'reason', value: reason },
    to: (pending) => playerAccount(Number(pending.user_id), pending.currency),
    kind: 'withdrawal_refused',
  });
  return { withdrawal: toWithdrawal(row), balance: moved.toBalance };
}

export async function listWithdrawals(sql: Sql, userId: number, limit = 100): Promise<Withdrawal[]> {
  return (await sql.all<WithdrawalRow>('SELECT * FROM withdrawals WHERE user_id = ? ORDER BY id DESC LIMIT ?', [userId, limit], BIGINT)).map(toWithdrawal);
}

export async function pendingWithdrawals(sql: Sql, limit = 100): Promise<Withdrawal[]> {
  return (await sql.all<WithdrawalRow>(`SELECT * FROM withdrawals WHERE status = 'pending' ORDER BY id LIMIT ?`, [limit], BIGINT)).map(toWithdrawal);
}

// --- deposits ---------------------------------------------------------------------------------------

/** The player's address for a currency: the one recorded, or derived now and recorded. */
export async function depositAddressFor(sql: Sql, secret: string | Buffer, userId: number, currency: string): Promise<string> {
  const recorded = () => sql.get<{ address: string }>('SELECT address FROM deposit_addresses WHERE user_id = ? AND currency = ?', [userId, currency]);
  const known = await recorded();
  if (known) return known.address;
  // Two first requests at once (PostgreSQL runs them side by side) derive the same address: the
  // second insert does nothing, whichever unique key it meets, and both answer the recorded row.
  await sql.run(
    `INSERT INTO deposit_addresses (user_id, currency, address, created_at) VALUES (?, ?, ?, ?)
     ON CONFLICT DO NOTHING`,
    [userId, currency, deriveDepositAddress(secret, userId, currency), isoNow()],
  );
  const row = await recorded();
  if (!row) throw new Error(`the deposit address of user ${userId} in ${currency} is already another player's`);
  return row.address;
}

/** Who owns a deposit address we issued, for a chain watcher that sees a payment to it. */
export async function ownerOfDepositAddress(sql: Sql, currency: string, address: string): Promise<number | null> {
  const row = await sql.get<{ user_id: number }>('SELECT user_id FROM deposit_addresses WHERE currency = ? AND address = ?', [currency, address]);
  return row?.user_id ?? null;
}

export interface DepositResult {
  /** False when this txRef was already credited (watchers may report a transaction twice). */
  credited: boolean;
  balance: bigint;
}

/**
 * Credits a confirmed on-chain deposit from the external account, once per (currency, txRef). The
 * unique key (currency, tx_ref) decides: on PostgreSQL a second report of the same transaction at
 * the same time waits for the first's insert and then inserts nothing, so it credits nothing.
 */
export async function creditDeposit(
  db: Database,
  userId: number,
  currency: string,
  amount: bigint,
  txRef: string,
  /** Runs in the credit's transaction once it is certain (responsible gambling counts the deposit). */
  onCredited?: (tx: Sql) => Promise<void>,
): Promise<DepositResult> {
  return db.transaction(async (tx) => {
    const inserted = await tx.run(
      `INSERT INTO deposits (user_id, currency, amount, tx_ref, created_at) VALUES (?, ?, ?, ?, ?)
       ON CONFLICT (currency, tx_ref) DO NOTHING`,
      [userId, currency, amount, txRef, isoNow()],
    );
    if (inserted === 0) return { credited: false, balance: await balanceOf(tx, playerAccount(userId, currency)) };
    const moved = await transfer(tx, {
      from: externalAccount(currency),
      to: playerAccount(userId, currency),
      amount,
      kind: 'deposit',
      ref: `deposit:${currency}:${txRef}`,
    });
    await onCredited?.(tx);
    return { credited: true, balance: moved.toBalance };
  });
}

// --- demo mode -----------------------------------------------------------------------------------------

export class DemoClaimTooSoonError extends Error {
  override name = 'DemoClaimTooSoonError';
  constructor(readonly nextClaimAt: number) {
    super(`next demo claim at ${new Date(nextClaimAt).toISOString()}`);
  }
}

/** Seconds until each of the player's demo claims opens again, only for those not yet due. */
export async function demoClaimWaits(sql: Sql, userId: number, now: number, intervalMs: number): Promise<Record<string, number>> {
  const rows = await sql.all<{ currency: string; at: number }>('SELECT currency, last_claimed_at AS at FROM demo_claims WHERE user_id = ?', [userId]);
  const waits: Record<string, number> = {};
  for (const row of rows) {
    const wait = row.at + intervalMs - now;
    if (wait > 0) waits[row.currency] = Math.ceil(wait / 1000);
  }
  return waits;
}

/**
 * Credits play money at most once per interval per player and currency. The window is claimed with
 * one conditional upsert, so two simultaneous claims cannot both pass: on PostgreSQL the second
 * waits for the first's row (inserted or updated), then re-checks the WHERE against the claim the
 * first committed and changes nothing, so it pays nothing.
 */
export async function claimDemoFunds(
  db: Database,
  input: { userId: number; currency: string; amount: bigint; now: number; intervalMs: number; guard?: (tx: Sql) => Promise<void> },
): Promise<{ balance: bigint; nextClaimAt: number }> {
  const { userId, currency, amount, now, intervalMs } = input;
  return db.transaction(async (tx) => {
    // A check of the caller's (responsible gambling's deposit rules) that refuses by throwing, in this transaction.
    await input.guard?.(tx);
    const claimed = await tx.run(
      `INSERT INTO demo_claims (user_id, currency, last_claimed_at) VALUES (?, ?, ?)
       ON CONFLICT (user_id, currency) DO UPDATE SET last_claimed_at = excluded.last_claimed_at
       WHERE demo_claims.last_claimed_at <= ?`,
      [userId, currency, now, now - intervalMs],
    );
    if (claimed === 0) {
      const last = (await tx.get<{ at: number }>('SELECT last_claimed_at AS at FROM demo_claims WHERE user_id = ? AND currency = ?', [userId, currency]))!.at;
      throw new DemoClaimTooSoonError(last + intervalMs);
    }
    const moved = await transfer(tx, {
      from: externalAccount(currency),
      to: playerAccount(userId, currency),
      amount,
      kind: 'demo_funds',
      ref: `demo:${userId}:${now}`,
    });
    return { balance: moved.toBalance, nextClaimAt: now + intervalMs };
  });
}

/**
 * Gives the house a demo bankroll in every bettable currency that has a rate and never got one,
 * as a transfer from the external account (so the conservation check holds). Idempotent.
 */
export async function seedHouseBankroll(db: Database, dollars: number, rateOf: (symbol: string) => number | undefined): Promise<string[]> {
  if (!(dollars > 0)) return [];
  const ALREADY = `SELECT 1 AS seeded FROM ledger_transfers WHERE kind = 'bankroll_seed' AND currency = ? LIMIT 1`;
  return db.transaction(async (tx) => {
    const seeded: string[] = [];
    for (const currency of await listCurrencies(tx)) {
      const rate = rateOf(currency.symbol);
      if (!currency.bettable || rate === undefined || (await tx.get(ALREADY, [currency.symbol]))) continue;
      const amount = fiatToUnits(dollars, rate);
      if (amount <= 0n) continue;
      // Several servers may start at once on one PostgreSQL database: the currency's row is locked
      // (in the same order by all) and the check repeated, so the second finds the first's seed.
      if (tx.engine === 'postgres') {
        await tx.get(`SELECT symbol FROM currencies WHERE symbol = ?${forUpdate(tx)}`, [currency.symbol]);
        if (await tx.get(ALREADY, [currency.symbol])) continue;
      }
      await transfer(tx, { from: externalAccount(currency.symbol), to: houseAccount(currency.symbol), amount, kind: 'bankroll_seed', ref: 'seed' });
      seeded.push(currency.symbol);
    }
    return seeded;
  });
}

// --- wallets -------------------------------------------------------------------------------------

/** The player's balance in every currency (zero for those never used), in display order. */
export async function walletsOf(sql: Sql, userId: number): Promise<Array<{ currency: string; balance: bigint }>> {
  return sql.all<{ currency: string; balance: bigint }>(
    `SELECT c.symbol AS currency, COALESCE(a.balance, 0) AS balance
     FROM currencies c LEFT JOIN ledger_accounts a ON a.currency = c.symbol AND a.holder = ?
     ORDER BY c.position, c.symbol`,
    [`player:${userId}`],
    BIGINT,
  );
}
