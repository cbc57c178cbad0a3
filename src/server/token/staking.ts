/**
 * Staking: locking moves ACC from the wallet to the player's stake; unlocking moves it back less the
 * unlock fee, which is burned. Rewards paid by the daily payout wait in the player's
 * staking_rewards account per currency until claimed.
 */
import type { Database } from 'better-sqlite3';
import { unitsToDecimalString } from '../../core/money';
import { unlockFeeOf } from '../../core/token/rewards';
import { badRequest } from '../errors';
import { balanceOf, playerAccount, transfer } from '../ledger/ledger';
import { ACC, burnAccount, rewardsPoolAccount, stakingAccount, unclaimedRewardsAccount } from './accounts';
import { sql } from './sql';

export interface StakingFigures {
  /** The player's ACC wallet. */
  balance: bigint;
  totalLocked: bigint;
  userTotalStaked: bigint;
}

export function totalLocked(db: Database): bigint {
  return (
    sql(db, `SELECT COALESCE(SUM(balance), 0) AS total FROM ledger_accounts WHERE holder LIKE 'staking:%' AND currency = ?`).get(ACC) as {
      total: bigint;
    }
  ).total;
}

export const totalBurned = (db: Database): bigint => balanceOf(db, burnAccount());

export function stakingFigures(db: Database, userId: number): StakingFigures {
  return { balance: balanceOf(db, playerAccount(userId, ACC)), totalLocked: totalLocked(db), userTotalStaked: balanceOf(db, stakingAccount(userId)) };
}

const acc = (units: bigint) => `${unitsToDecimalString(units)} ACC`;

function recordEvent(db: Database, userId: number, kind: 'lock' | 'unlock', amount: bigint, fee: bigint): number {
  return Number(
    sql(db, 'INSERT INTO staking_events (user_id, kind, amount, fee, created_at) VALUES (?, ?, ?, ?, ?)').run(
      userId,
      kind,
      amount,
      fee,
      new Date().toISOString(),
    ).lastInsertRowid,
  );
}

export function lockTokens(db: Database, userId: number, amount: bigint): StakingFigures {
  return db.transaction((): StakingFigures => {
    const wallet = playerAccount(userId, ACC);
    const available = balanceOf(db, wallet);
    if (amount > available) throw badRequest(`Amount exceeds your balance of ${acc(available)}`, 'insufficient_funds');
    const id = recordEvent(db, userId, 'lock', amount, 0n);
    transfer(db, { from: wallet, to: stakingAccount(userId), amount, kind: 'stake', ref: `staking:${id}` });
    return stakingFigures(db, userId);
  })();
}

export interface UnlockResult extends StakingFigures {
  fee: bigint;
  received: bigint;
}

export function unlockTokens(db: Database, userId: number, amount: bigint, feeRate: number): UnlockResult {
  return db.transaction((): UnlockResult => {
    const stake = stakingAccount(userId);
    const locked = balanceOf(db, stake);
    if (amount > locked) throw badRequest(`Amount exceeds your locked balance of ${acc(locked)}`, 'insufficient_funds');
    const fee = unlockFeeOf(amount, feeRate);
    const received = amount - fee;
    const id = recordEvent(db, userId, 'unlock', amount, fee);
    const ref = `staking:${id}`;
    if (received > 0n) transfer(db, { from: stake, to: playerAccount(userId, ACC), amount: received, kind: 'unstake', ref });
    if (fee > 0n) transfer(db, { from: stake, to: burnAccount(), amount: fee, kind: 'burn', ref });
    return { ...stakingFigures(db, userId), fee, received };
  })();
}

export interface PayoutTotals {
  currency: string;
  total: bigint;
  claimed: bigint;
}

/** Rewards of a player per bettable currency (zeros included), in display order. */
export function rewardsOf(db: Database, userId: number): PayoutTotals[] {
  return sql(
    db,
    `SELECT c.symbol AS currency, COALESCE(r.total, 0) AS total, COALESCE(r.claimed, 0) AS claimed
     FROM currencies c LEFT JOIN staking_rewards r ON r.currency = c.symbol AND r.user_id = ?
     WHERE c.bettable = 1 ORDER BY c.position, c.symbol`,
  ).all(userId) as PayoutTotals[];
}

/** Moves every unclaimed reward to the wallet; returns what was claimed per currency. One transaction. */
export function claimRewards(db: Database, userId: number): Array<{ currency: string; amount: bigint }> {
  return db.transaction(() => {
    const claimed: Array<{ currency: string; amount: bigint }> = [];
    for (const { currency } of rewardsOf(db, userId)) {
      const unclaimed = unclaimedRewardsAccount(userId, currency);
      const amount = balanceOf(db, unclaimed);
      if (amount <= 0n) continue;
      transfer(db, { from: unclaimed, to: playerAccount(userId, currency), amount, kind: 'reward_claim', ref: `rewards:${userId}` });
      sql(db, 'UPDATE staking_rewards SET claimed = claimed + ? WHERE user_id = ? AND currency = ?').run(amount, userId, currency);
      claimed.push({ currency, amount });
    }
    return claimed;
  })();
}

/** The rewards pools: one per bettable currency, in display order. */
export function rewardsPools(db: Database): Array<{ currency: string; amount: bigint }> {
  const currencies = sql(db, 'SELECT symbol FROM currencies WHERE bettable = 1 ORDER BY position, symbol').all() as Array<{ symbol: string }>;
  return currencies.map(({ symbol }) => ({ currency: symbol, amount: balanceOf(db, rewardsPoolAccount(symbol)) }));
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

export function burnHistory(db: Database, page: Page = FIRST_PAGE): HistoryRow[] {
  return (sql(db, HISTORY_SQL.burns).all(page.before, page.limit) as Array<Omit<HistoryRow, 'id'> & { id: bigint }>).map((row) => ({
    ...row,
    id: Number(row.id),
  }));
}

export function payoutHistory(db: Database, page: Page = FIRST_PAGE): Array<HistoryRow & { stakers: number }> {
  return (
    sql(db, HISTORY_SQL.payouts).all(page.before, page.limit) as Array<Omit<HistoryRow, 'id'> & { id: bigint; stakers: bigint }>
  ).map((row) => ({ ...row, id: Number(row.id), stakers: Number(row.stakers) }));
}

export function stakingHistory(
  db: Database,
  userId: number,
  page: Page = FIRST_PAGE,
): Array<HistoryRow & { type: 'lock' | 'unlock'; fee: bigint }> {
  return (
    sql(db, HISTORY_SQL.staking).all(userId, page.before, page.limit) as Array<{
      id: bigint;
      date: string;
      kind: 'lock' | 'unlock';
      amount: bigint;
      fee: bigint;
    }>
  ).map((row) => ({
    id: Number(row.id),
    date: row.date,
    amount: row.kind === 'lock' ? row.amount : -row.amount,
    currency: ACC,
    type: row.kind,
    fee: row.fee,
  }));
}
