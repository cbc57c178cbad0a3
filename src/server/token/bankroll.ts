/**
 * The bankroll pools (Earn): each currency's house bankroll is a pool owned by shares. The house's
 * own (seeded) bankroll is the house's shares; players add liquidity and get shares, remove it and
 * get their shares' worth. Bets change the pool's value, never the shares, so investors share the
 * edge and the swings. Share maths: src/core/token/shares.ts.
 */
import type { Database } from 'better-sqlite3';
import { unitsToDecimalString, unitsToNumber } from '../../core/money';
import { principalAfterWithdrawal, sharesForDeposit, sharesForWithdrawal, valueOfShares } from '../../core/token/shares';
import { freeBankroll, reservedPayouts } from '../bets/exposure';
import { badRequest } from '../errors';
import { HOUSE_HOLDER, balanceOf, houseAccount, playerAccount, transfer } from '../ledger/ledger';
import { sql } from './sql';

interface PoolRow {
  currency: string;
  total_shares: bigint;
  total_profit: bigint;
  wager_volume: bigint;
}

interface PositionRow {
  shares: bigint;
  principal: bigint;
}

export interface PoolFigures {
  currency: string;
  /** The pool's value: the house bankroll, base units. */
  value: bigint;
  totalShares: bigint;
  totalProfit: bigint;
  wagerVolume: bigint;
}

export interface PositionFigures {
  currency: string;
  shares: bigint;
  currentInvestment: bigint;
  principal: bigint;
  /** shares ÷ totalShares, 0..1. */
  shareOfTotalBankroll: number;
}

const playerHolder = (userId: number) => `player:${userId}`;

function poolRow(db: Database, currency: string): PoolRow {
  sql(db, 'INSERT INTO bankroll_pools (currency) VALUES (?) ON CONFLICT (currency) DO NOTHING').run(currency);
  return sql(db, 'SELECT * FROM bankroll_pools WHERE currency = ?').get(currency) as PoolRow;
}

function positionRow(db: Database, currency: string, holder: string): PositionRow | undefined {
  return sql(db, 'SELECT shares, principal FROM bankroll_positions WHERE currency = ? AND holder = ?').get(currency, holder) as PositionRow | undefined;
}

/**
 * Makes the pool's shares match its value before anyone trades shares: value without shares belongs
 * to the house (its seeded bankroll and what bets brought in before any investor), and shares of a
 * pool with no value left are worthless and are cleared. Call inside the caller's transaction.
 */
export function ensurePoolShares(db: Database, currency: string): { totalShares: bigint; value: bigint } {
  const pool = poolRow(db, currency);
  const value = balanceOf(db, houseAccount(currency));
  if (pool.total_shares === 0n && value > 0n) {
    sql(db, 'INSERT INTO bankroll_positions (currency, holder, user_id, shares, principal) VALUES (?, ?, NULL, ?, ?)').run(
      currency,
      HOUSE_HOLDER,
      value,
      value,
    );
    sql(db, 'UPDATE bankroll_pools SET total_shares = ? WHERE currency = ?').run(value, currency);
    return { totalShares: value, value };
  }
  if (pool.total_shares > 0n && value === 0n) {
    sql(db, 'DELETE FROM bankroll_positions WHERE currency = ?').run(currency);
    sql(db, 'UPDATE bankroll_pools SET total_shares = 0 WHERE currency = ?').run(currency);
    return { totalShares: 0n, value };
  }
  return { totalShares: pool.total_shares, value };
}

/** The settlement hook: the pool's wager volume and its profit (house result less the rewards share). */
export function recordPoolResult(db: Database, currency: string, wager: bigint, payout: bigint, rewardsShare: bigint): void {
  const add = sql(db, 'UPDATE bankroll_pools SET wager_volume = wager_volume + ?, total_profit = total_profit + ? WHERE currency = ?');
  // The pool row exists from the first bet on; create it only when the update found none.
  if (add.run(wager, wager - payout - rewardsShare, currency).changes === 0) {
    poolRow(db, currency);
    add.run(wager, wager - payout - rewardsShare, currency);
  }
}

export function poolFigures(db: Database, currency: string): PoolFigures {
  const pool = poolRow(db, currency);
  return {
    currency,
    value: balanceOf(db, houseAccount(currency)),
    totalShares: pool.total_shares,
    totalProfit: pool.total_profit,
    wagerVolume: pool.wager_volume,
  };
}

function figuresOf(currency: string, position: PositionRow | undefined, pool: PoolFigures): PositionFigures {
  const shares = position?.shares ?? 0n;
  const totalShares = pool.totalShares;
  return {
    currency,
    shares,
    currentInvestment: totalShares > 0n && shares <= totalShares ? valueOfShares(shares, totalShares, pool.value) : 0n,
    principal: position?.principal ?? 0n,
    shareOfTotalBankroll: totalShares > 0n ? Number((shares * 10n ** 12n) / totalShares) / 1e12 : 0,
  };
}

export function positionFigures(db: Database, userId: number, currency: string): PositionFigures {
  return figuresOf(currency, positionRow(db, currency, playerHolder(userId)), poolFigures(db, currency));
}

/** A player's positions with shares, in currency display order. */
export function positionsOf(db: Database, userId: number): PositionFigures[] {
  const rows = sql(
    db,
    `SELECT p.currency, p.shares, p.principal FROM bankroll_positions p JOIN currencies c ON c.symbol = p.currency
     WHERE p.user_id = ? AND p.holder = ? ORDER BY c.position, c.symbol`,
  ).all(userId, playerHolder(userId)) as Array<PositionRow & { currency: string }>;
  return rows.map((row) => figuresOf(row.currency, row, poolFigures(db, row.currency)));
}

export interface LiquidityResult {
  /** What moved, base units. */
  amount: bigint;
  balance: bigint;
  pool: PoolFigures;
  position: PositionFigures;
}

const coins = (units: bigint, currency: string) => `${unitsToDecimalString(units)} ${currency}`;

/** Adds `amount` of the player's `currency` to the pool for shares. One transaction. */
export function addLiquidity(db: Database, userId: number, currency: string, amount: bigint): LiquidityResult {
  return db.transaction((): LiquidityResult => {
    const player = playerAccount(userId, currency);
    const balance = balanceOf(db, player);
    if (amount > balance) throw badRequest(`Amount exceeds your balance of ${coins(balance, currency)}`, 'insufficient_funds');
    const { totalShares, value } = ensurePoolShares(db, currency);
    const minted = sharesForDeposit(amount, totalShares, value);
    if (minted === 0n) {
      throw badRequest(`Amount is too small to buy a share of the ${currency} pool (one share is worth more than ${coins(1n, currency)})`, 'amount_too_small');
    }
    const moved = transfer(db, { from: player, to: houseAccount(currency), amount, kind: 'investment', ref: `bankroll:${currency}:${userId}` });
    sql(
      db,
      `INSERT INTO bankroll_positions (currency, holder, user_id, shares, principal) VALUES (?, ?, ?, ?, ?)
       ON CONFLICT (currency, holder) DO UPDATE SET shares = shares + excluded.shares, principal = principal + excluded.principal`,
    ).run(currency, playerHolder(userId), userId, minted, amount);
    sql(db, 'UPDATE bankroll_pools SET total_shares = total_shares + ? WHERE currency = ?').run(minted, currency);
    return { amount, balance: moved.fromBalance, pool: poolFigures(db, currency), position: positionFigures(db, userId, currency) };
  })();
}

/**
 * Takes `amount` (or the whole position) out of the pool to the player's wallet, never more than the
 * pool's free part (bets/exposure.ts). One transaction.
 */
export function removeLiquidity(db: Database, userId: number, currency: string, amount: bigint | 'all'): LiquidityResult {
  return db.transaction((): LiquidityResult => {
    const holder = playerHolder(userId);
    const { totalShares, value } = ensurePoolShares(db, currency);
    const position = positionRow(db, currency, holder);
    if (!position) throw badRequest(`You have no position in the ${currency} pool`, 'no_position');
    const worth = valueOfShares(position.shares, totalShares, value);
    let burned: bigint;
    let paid: bigint;
    if (amount === 'all') {
      burned = position.shares;
      paid = worth;
    } else {
      if (amount > worth) throw badRequest(`Amount exceeds your position of ${coins(worth, currency)}`, 'insufficient_funds');
      burned = sharesForWithdrawal(amount, totalShares, value);
      // Rounding up can ask one share more than a position worth exactly `amount` holds.
      if (burned > position.shares) burned = position.shares;
      paid = amount;
    }
    // Open games were promised their wins from this pool; an investor leaves with the free part only.
    const free = freeBankroll(db, currency);
    if (paid > free) {
      throw badRequest(
        `Only ${coins(free, currency)} of the ${currency} pool can be removed now: open games could still pay out ` +
          `${coins(reservedPayouts(db, currency), currency)} from it. Remove at most that, or try again when those games have ended.`,
        'bankroll_reserved',
      );
    }
    const left = position.shares - burned;
    if (left === 0n) sql(db, 'DELETE FROM bankroll_positions WHERE currency = ? AND holder = ?').run(currency, holder);
    else {
      sql(db, 'UPDATE bankroll_positions SET shares = ?, principal = ? WHERE currency = ? AND holder = ?').run(
        left,
        principalAfterWithdrawal(position.principal, position.shares, burned),
        currency,
        holder,
      );
    }
    sql(db, 'UPDATE bankroll_pools SET total_shares = total_shares - ? WHERE currency = ?').run(burned, currency);
    const player = playerAccount(userId, currency);
    const balance =
      paid > 0n
        ? transfer(db, { from: houseAccount(currency), to: player, amount: paid, kind: 'divestment', ref: `bankroll:${currency}:${userId}` }).toBalance
        : balanceOf(db, player);
    return { amount: paid, balance, pool: poolFigures(db, currency), position: positionFigures(db, userId, currency) };
  })();
}

export const poolToWire = (pool: PoolFigures) => ({
  currency: pool.currency,
  totalStaked: unitsToNumber(pool.value),
  totalProfit: unitsToNumber(pool.totalProfit),
  wagerVolume: unitsToNumber(pool.wagerVolume),
});

export const positionToWire = (position: PositionFigures) => ({
  currency: position.currency,
  currentInvestment: unitsToNumber(position.currentInvestment),
  principal: unitsToNumber(position.principal),
  shareOfTotalBankroll: position.shareOfTotalBankroll,
});
