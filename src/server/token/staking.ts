/**
 * Staking: locking moves ACC from the wallet to the player's stake; unlocking moves it back less the
 * unlock fee, which is burned. Rewards paid by the daily payout wait in the player's
 * staking_rewards account per currency until claimed.
 */
import { unitsToDecimalString } from '../../core/money';
import { unlockFeeOf } from '../../core/token/rewards';
import { BIGINT, forUpdate } from '../db/sql';
import type { Database, Sql } from '../db/sql';
import { badRequest } from '../errors';
import { balanceOf, playerAccount, transfer } from '../ledger/ledger';
import type { AccountRef } from '../ledger/ledger';
import { ACC, burnAccount, rewardsPoolAccount, stakingAccount, unclaimedRewardsAccount } from './accounts';
import { isoNow } from '../clock';

export interface StakingFigures {
  /** The player's ACC wallet. */
  balance: bigint;
  totalLocked: bigint;
  userTotalStaked: bigint;
}

export async function totalLocked(sql: Sql): Promise<bigint> {
  const row = await sql.get<{ total: bigint }>(
    `SELECT COALESCE(SUM(balance), 0) AS total FROM ledger_accounts WHERE holder LIKE 'staking:%' AND currency = ?`,
    [ACC],
    BIGINT,
  );
  return row!.total;
}

export const totalBurned = (sql: Sql): Promise<bigint> => balanceOf(sql, burnAccount());

export async function stakingFigures(sql: Sql, userId: number): Promise<StakingFigures> {
  return {
    balance: await balanceOf(sql, playerAccount(userId, ACC)),
    totalLocked: await totalLocked(sql),
    userTotalStaked: await balanceOf(sql, stakingAccount(userId)),
  };
}

const acc = (units: bigint) => `${unitsToDecimalString(units)} ACC`;

async function recordEvent(tx: Sql, userId: number, kind: 'lock' | 'unlock', amount: bigint, fee: bigint): Promise<number> {
  const row = await tx.get<{ id: number }>('INSERT INTO staking_events (user_id, kind, amount, fee, created_at) VALUES (?, ?, ?, ?, ?) RETURNING id', [
    userId,
    kind,
    amount,
    fee,
    isoNow(),
  ]);
  return row!.id;
}

/**
 * An account's balance, its row held (PostgreSQL) until the transaction ends: a read the transaction
 * then debits on the strength of. (The debit itself is conditional too, so a balance never goes
 * below zero either way; the lock makes the amount read the amount moved.)
 */
async function lockedBalance(tx: Sql, ref: AccountRef): Promise<bigint> {
  const row = await tx.get<{ balance: bigint }>('SELECT balance FROM ledger_accounts WHERE holder = ? AND currency = ?' + forUpdate(tx), [ref.holder, ref.currency], BIGINT);
  return row?.balance ?? 0n;
}

/**
 * Moves `amount` ACC from the wallet to the stake. One transaction. A concurrent request that spent
 * the ACC first makes the conditional debit refuse (InsufficientFundsError: the route's 400), and
 * nothing of this one is written.
 */
export async function lockTokens(db: Database, userId: number, amount: bigint): Promise<StakingFigures> {
  return db.transaction(async (tx): Promise<StakingFigures> => {
    const wallet = playerAccount(userId, ACC);
    const available = await lockedBalance(tx, wallet);
    if (amount > available) throw badRequest(`Amount exceeds your balance of ${acc(available)}`, 'insufficient_funds');
    const id = await recordEvent(tx, userId, 'lock', amount, 0n);
    await transfer(tx, { from: wallet, to: stakingAccount(userId), amount, kind: 'stake', ref: `staking:${id}` });
    return stakingFigures(tx, userId);
  });
}

export interface UnlockResult extends StakingFigures {
  fee: bigint;
  received: bigint;
}

/**
 * Moves `amount` out of the stake: the fee is burned, the rest goes to the wallet. One transaction;
 * the stake's row is held from the read on (PostgreSQL), so two unlocks of the same stake run one
 * after the other and the second sees what the first left.
 */
export async function unlockTokens(db: Database, userId: number, amount: bigint, feeRate: number): Promise<UnlockResult> {
  return db.transaction(async (tx): Promise<UnlockResult> => {
    const stake = stakingAccount(userId);
    const locked = await lockedBalance(tx, stake);
    if (amount > locked) throw badRequest(`Amount exceeds your locked balance of ${acc(locked)}`, 'insufficient_funds');
    const fee = unlockFeeOf(amount, feeRate);
    const received = amount - fee;
    const id = await recordEvent(tx, userId, 'unlock', amount, fee);
    const ref = `staking:${id}`;
    if (received > 0n) await transfer(tx, { from: stake, to: playerAccount(userId, ACC), amount: received, kind: 'unstake', ref });
    if (fee > 0n) await transfer(tx, { from: stake, to: burnAccount(), amount: fee, kind: 'burn', ref });
    return { ...(await stakingFigures(tx, userId)), fee, received };
  });
}

export interface PayoutTotals {
  currency: string;
  total: bigint;
  claimed: bigint;
}

/** Rewards of a player per bettable currency (zeros included), in display order. */
export async function rewardsOf(sql: Sql, userId: number): Promise<PayoutTotals[]> {
  return sql.all<PayoutTotals>(
    `SELECT c.symbol AS currency, COALESCE(r.total, 0) AS total, COALESCE(r.claimed, 0) AS claimed
     FROM currencies c LEFT JOIN staking_rewards r ON r.currency = c.symbol AND r.user_id = ?
     WHERE c.bettable = 1 ORDER BY c.position, c.symbol`,
    [userId],
    BIGINT,
  );
}

/**
 * Moves every unclaimed reward to the wallet; returns what was claimed per currency. One
 * transaction. Each unclaimed-rewards account is read with its row held (PostgreSQL), so two claims
 * at once cannot both move the same rewards: the second waits and finds nothing left to claim.
 */
export async function claimRewards(db: Database, userId: number): Promise<Array<{ currency: string; amount: bigint }>> {
  return db.transaction(async (tx) => {
    const claimed: Array<{ currency: string; amount: bigint }> = [];
    for (const { currency } of await rewardsOf(tx, userId)) {
      const unclaimed = unclaimedRewardsAccount(userId, currency);
      const amount = await lockedBalance(tx, unclaimed);
      if (amount <= 0n) continue;
      await transfer(tx, { from: unclaimed, to: playerAccount(userId, currency), amount, kind: 'reward_claim', ref: `rewards:${userId}` });
      await tx.run('UPDATE staking_rewards SET claimed = claimed + ? WHERE user_id = ? AND currency = ?', [amount, userId, currency]);
      claimed.push({ currency, amount });
    }
    return claimed;
  });
}

/** The bettable currencies, in display order. */
export async function bettableCurrencies(sql: Sql): Promise<string[]> {
  return (await sql.all<{ symbol: string }>('SELECT symbol FROM currencies WHERE bettable = 1 ORDER BY position, symbol')).map((row) => row.symbol);
}

/** The rewards pools: one per bettable currency, in display order. */
export async function rewardsPools(sql: Sql): Promise<Array<{ currency: string; amount: bigint }>> {
  const pools: Array<{ currency: string; amount: bigint }> = [];
  for (const symbol of await bettableCurrencies(sql)) pools.push({ currency: symbol, amount: await balanceOf(sql, rewardsPoolAccount(symbol)) });
  return pools;
}

export interface HistoryRow {
  id: number;
  date: string;
  amount: bigint;
  currency: string;
}

/** One page of a history, newest first: rows with an id below `before` (the last id of the previous page). */
export interface Page {
  before: number;
  limit: number;
}

/** The most a page holds, and what the first page (the one the SPA shows) holds. */
export const HISTORY_PAGE_MAX = 100;
export const FIRST_PAGE: Page = { before: Number.MAX_SAFE_INTEGER, limit: HISTORY_PAGE_MAX };

/*
 * Every history reads backwards along an index from `before` and stops after `limit` rows, so a page
 * costs the same with 2 million transfers as with 20 (tests/server/history-paging.test.ts checks the plans).
 */
export const HISTORY_SQL = {
  burns: `SELECT id, created_at AS date, amount, currency FROM ledger_transfers WHERE kind = 'burn' AND id < ? ORDER BY id DESC LIMIT ?`,
  payouts: 'SELECT id, created_at AS date, amount, currency, stakers FROM staking_payouts WHERE id < ? ORDER BY id DESC LIMIT ?',
  staking: 'SELECT id, created_at AS date, kind, amount, fee FROM staking_events WHERE user_id = ? AND id < ? ORDER BY id DESC LIMIT ?',
} as const;

export async function burnHistory(sql: Sql, page: Page = FIRST_PAGE): Promise<HistoryRow[]> {
  const rows = await sql.all<Omit<HistoryRow, 'id'> & { id: bigint }>(HISTORY_SQL.burns, [page.before, page.limit], BIGINT);
  return rows.map((row) => ({ ...row, id: Number(row.id) }));
}

export async function payoutHistory(sql: Sql, page: Page = FIRST_PAGE): Promise<Array<HistoryRow & { stakers: number }>> {
  const rows = await sql.all<Omit<HistoryRow, 'id'> & { id: bigint; stakers: bigint }>(HISTORY_SQL.payouts, [page.before, page.limit], BIGINT);
  return rows.map((row) => ({ ...row, id: Number(row.id), stakers: Number(row.stakers) }));
}

export async function stakingHistory(
  sql: Sql,
  userId: number,
  page: Page = FIRST_PAGE,
): Promise<Array<HistoryRow & { type: 'lock' | 'unlock'; fee: bigint }>> {
  const rows = await sql.all<{ id: bigint; date: string; kind: 'lock' | 'unlock'; amount: bigint; fee: bigint }>(
    HISTORY_SQL.staking,
    [userId, page.before, page.limit],
    BIGINT,
  );
  return rows.map((row) => ({
    id: Number(row.id),
    date: row.date,
    amount: row.kind === 'lock' ? row.amount : -row.amount,
    currency: ACC,
    type: row.kind,
    fee: row.fee,
  }));
}
