/**
 * The cashier's money movements. Each function is one transaction: its rows and its ledger
 * transfer commit together or not at all.
 */
import type { Database } from 'better-sqlite3';
import { fiatToUnits } from '../../core/money';
import {
  balanceOf,
  externalAccount,
  houseAccount,
  playerAccount,
  transfer,
  withdrawalsAccount,
} from '../ledger/ledger';
import type { AccountRef, LedgerKind } from '../ledger/ledger';
import { deriveDepositAddress } from './addresses';
import { listCurrencies } from './currencies';

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

const withdrawalById = (db: Database, id: number): WithdrawalRow | undefined =>
  db.prepare('SELECT * FROM withdrawals WHERE id = ?').safeIntegers(true).get(id) as WithdrawalRow | undefined;

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
export function requestWithdrawal(
  db: Database,
  input: { userId: number; currency: string; address: string; amount: bigint },
): { withdrawal: Withdrawal; balance: bigint } {
  return db.transaction(() => {
    const now = new Date().toISOString();
    const id = Number(
      db
        .prepare(
          `INSERT INTO withdrawals (user_id, currency, address, amount, status, created_at, updated_at)
           VALUES (?, ?, ?, ?, 'pending', ?, ?)`,
        )
        .run(input.userId, input.currency, input.address, input.amount, now, now).lastInsertRowid,
    );
    const moved = transfer(db, {
      from: playerAccount(input.userId, input.currency),
      to: withdrawalsAccount(input.currency),
      amount: input.amount,
      kind: 'withdrawal',
      ref: `withdrawal:${id}`,
    });
    return { withdrawal: toWithdrawal(withdrawalById(db, id) as WithdrawalRow), balance: moved.fromBalance };
  })();
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
function closePending(db: Database, id: number, closing: Closing): { row: WithdrawalRow; moved: ReturnType<typeof transfer> } {
  return db.transaction(() => {
    const { note, ownerId } = closing;
    const changed = db
      .prepare(
        `UPDATE withdrawals SET status = ?, ${note ? `${note.column} = ?, ` : ''}updated_at = ? WHERE id = ?${ownerId === undefined ? '' : ' AND user_id = ?'} AND status = 'pending'`,
      )
      .run(closing.status, ...(note ? [note.value] : []), new Date().toISOString(), id, ...(ownerId === undefined ? [] : [ownerId])).changes;
    const row = withdrawalById(db, id);
    if (!row || (ownerId !== undefined && Number(row.user_id) !== ownerId)) throw new WithdrawalNotFoundError(`no withdrawal ${id}`);
    if (changed === 0) throw new WithdrawalNotPendingError(row.status);
    const moved = transfer(db, { from: withdrawalsAccount(row.currency), to: closing.to(row), amount: row.amount, kind: closing.kind, ref: `withdrawal:${id}` });
    return { row, moved };
  })();
}

/** Returns a pending withdrawal's money. Another player's id is "not found", never "forbidden". */
export function cancelWithdrawal(db: Database, userId: number, id: number): { withdrawal: Withdrawal; balance: bigint } {
  const { row, moved } = closePending(db, id, {
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
export function markWithdrawalSent(db: Database, id: number, txRef: string): Withdrawal {
  const { row } = closePending(db, id, {
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
export function refuseWithdrawal(db: Database, id: number, reason: string): { withdrawal: Withdrawal; balance: bigint } {
  const { row, moved } = closePending(db, id, {
    status: 'refused',
    note: { column: 'reason', value: reason },
    to: (pending) => playerAccount(Number(pending.user_id), pending.currency),
    kind: 'withdrawal_refused',
  });
  return { withdrawal: toWithdrawal(row), balance: moved.toBalance };
}

export function listWithdrawals(db: Database, userId: number, limit = 100): Withdrawal[] {
  return (
    db.prepare('SELECT * FROM withdrawals WHERE user_id = ? ORDER BY id DESC LIMIT ?').safeIntegers(true).all(userId, limit) as WithdrawalRow[]
  ).map(toWithdrawal);
}

export function pendingWithdrawals(db: Database, limit = 100): Withdrawal[] {
  return (
    db.prepare(`SELECT * FROM withdrawals WHERE status = 'pending' ORDER BY id LIMIT ?`).safeIntegers(true).all(limit) as WithdrawalRow[]
  ).map(toWithdrawal);
}

// --- deposits ---------------------------------------------------------------------------------------

/** The player's address for a currency: the one recorded, or derived now and recorded. */
export function depositAddressFor(db: Database, secret: string | Buffer, userId: number, currency: string): string {
  const known = db.prepare('SELECT address FROM deposit_addresses WHERE user_id = ? AND currency = ?').get(userId, currency) as
    | { address: string }
    | undefined;
  if (known) return known.address;
  const address = deriveDepositAddress(secret, userId, currency);
  db.prepare(
    `INSERT INTO deposit_addresses (user_id, currency, address, created_at) VALUES (?, ?, ?, ?)
     ON CONFLICT (user_id, currency) DO NOTHING`,
  ).run(userId, currency, address, new Date().toISOString());
  return address;
}

/** Who owns a deposit address we issued, for a chain watcher that sees a payment to it. */
export function ownerOfDepositAddress(db: Database, currency: string, address: string): number | null {
  const row = db.prepare('SELECT user_id FROM deposit_addresses WHERE currency = ? AND address = ?').get(currency, address) as
    | { user_id: number }
    | undefined;
  return row?.user_id ?? null;
}

export interface DepositResult {
  /** False when this txRef was already credited (watchers may report a transaction twice). */
  credited: boolean;
  balance: bigint;
}

/** Credits a confirmed on-chain deposit from the external account, once per (currency, txRef). */
export function creditDeposit(db: Database, userId: number, currency: string, amount: bigint, txRef: string): DepositResult {
  return db.transaction(() => {
    const inserted = db
      .prepare(
        `INSERT INTO deposits (user_id, currency, amount, tx_ref, created_at) VALUES (?, ?, ?, ?, ?)
         ON CONFLICT (currency, tx_ref) DO NOTHING`,
      )
      .run(userId, currency, amount, txRef, new Date().toISOString());
    if (inserted.changes === 0) return { credited: false, balance: balanceOf(db, playerAccount(userId, currency)) };
    const moved = transfer(db, {
      from: externalAccount(currency),
      to: playerAccount(userId, currency),
      amount,
      kind: 'deposit',
      ref: `deposit:${currency}:${txRef}`,
    });
    return { credited: true, balance: moved.toBalance };
  })();
}

// --- demo mode -----------------------------------------------------------------------------------------

export class DemoClaimTooSoonError extends Error {
  override name = 'DemoClaimTooSoonError';
  constructor(readonly nextClaimAt: number) {
    super(`next demo claim at ${new Date(nextClaimAt).toISOString()}`);
  }
}

/**
 * Credits play money at most once per interval per player and currency. The window is claimed with
 * one conditional upsert, so two simultaneous claims cannot both pass.
 */
/** Seconds until each of the player's demo claims opens again, only for those not yet due. */
export function demoClaimWaits(db: Database, userId: number, now: number, intervalMs: number): Record<string, number> {
  const rows = db.prepare('SELECT currency, last_claimed_at AS at FROM demo_claims WHERE user_id = ?').all(userId) as Array<{
    currency: string;
    at: number;
  }>;
  const waits: Record<string, number> = {};
  for (const row of rows) {
    const wait = row.at + intervalMs - now;
    if (wait > 0) waits[row.currency] = Math.ceil(wait / 1000);
  }
  return waits;
}

export function claimDemoFunds(
  db: Database,
  input: { userId: number; currency: string; amount: bigint; now: number; intervalMs: number },
): { balance: bigint; nextClaimAt: number } {
  const { userId, currency, amount, now, intervalMs } = input;
  return db.transaction(() => {
    const claimed = db
      .prepare(
        `INSERT INTO demo_claims (user_id, currency, last_claimed_at) VALUES (@userId, @currency, @now)
         ON CONFLICT (user_id, currency) DO UPDATE SET last_claimed_at = excluded.last_claimed_at
         WHERE demo_claims.last_claimed_at <= @now - @intervalMs`,
      )
      .run({ userId, currency, now, intervalMs }).changes;
    if (claimed === 0) {
      const last = (db.prepare('SELECT last_claimed_at AS at FROM demo_claims WHERE user_id = ? AND currency = ?').get(userId, currency) as {
        at: number;
      }).at;
      throw new DemoClaimTooSoonError(last + intervalMs);
    }
    const moved = transfer(db, {
      from: externalAccount(currency),
      to: playerAccount(userId, currency),
      amount,
      kind: 'demo_funds',
      ref: `demo:${userId}:${now}`,
    });
    return { balance: moved.toBalance, nextClaimAt: now + intervalMs };
  })();
}

/**
 * Gives the house a demo bankroll in every bettable currency that has a rate and never got one,
 * as a transfer from the external account (so the conservation check holds). Idempotent.
 */
export function seedHouseBankroll(db: Database, dollars: number, rateOf: (symbol: string) => number | undefined): string[] {
  if (!(dollars > 0)) return [];
  const seeded: string[] = [];
  const already = db.prepare(`SELECT 1 FROM ledger_transfers WHERE kind = 'bankroll_seed' AND currency = ? LIMIT 1`);
  db.transaction(() => {
    for (const currency of listCurrencies(db)) {
      const rate = rateOf(currency.symbol);
      if (!currency.bettable || rate === undefined || already.get(currency.symbol)) continue;
      const amount = fiatToUnits(dollars, rate);
      if (amount <= 0n) continue;
      transfer(db, { from: externalAccount(currency.symbol), to: houseAccount(currency.symbol), amount, kind: 'bankroll_seed', ref: 'seed' });
      seeded.push(currency.symbol);
    }
  })();
  return seeded;
}

// --- wallets -------------------------------------------------------------------------------------

/** The player's balance in every currency (zero for those never used), in display order. */
export function walletsOf(db: Database, userId: number): Array<{ currency: string; balance: bigint }> {
  return (
    db
      .prepare(
        `SELECT c.symbol AS currency, COALESCE(a.balance, 0) AS balance
         FROM currencies c LEFT JOIN ledger_accounts a ON a.currency = c.symbol AND a.holder = ?
         ORDER BY c.position, c.symbol`,
      )
      .safeIntegers(true)
      .all(`player:${userId}`) as Array<{ currency: string; balance: bigint }>
  );
}
