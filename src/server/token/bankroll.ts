/**
 * The bankroll pools (Earn): each currency's house bankroll is a pool owned by shares. The house's
 * own (seeded) bankroll is the house's shares; players add liquidity and get shares, remove it and
 * get their shares' worth. Bets change the pool's value, never the shares, so investors share the
 * edge and the swings. Share maths: src/core/token/shares.ts.
 */
import { unitsToDecimalString, unitsToNumber } from '../../core/money';
import { principalAfterWithdrawal, sharesForDeposit, sharesForWithdrawal, valueOfShares } from '../../core/token/shares';
import { freeBankroll, reservedPayouts } from '../bets/exposure';
import type { Accumulator } from '../db/batchBook';
import { BIGINT, forUpdate } from '../db/sql';
import type { Database, Sql } from '../db/sql';
import { badRequest } from '../errors';
import { HOUSE_HOLDER, balanceOf, houseAccount, playerAccount, transfer } from '../ledger/ledger';
import type { AccountRef } from '../ledger/ledger';

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

const POOL_SQL = 'SELECT currency, total_shares, total_profit, wager_volume FROM bankroll_pools WHERE currency = ?';

/** The pool's row, created on first use; `lock` holds it (PostgreSQL) until the transaction ends. */
async function poolRow(sql: Sql, currency: string, lock = false): Promise<PoolRow> {
  const text = POOL_SQL + (lock ? forUpdate(sql) : '');
  const row = await sql.get<PoolRow>(text, [currency], BIGINT);
  if (row) return row;
  await sql.run('INSERT INTO bankroll_pools (currency) VALUES (?) ON CONFLICT (currency) DO NOTHING', [currency]);
  return (await sql.get<PoolRow>(text, [currency], BIGINT))!;
}

async function positionRow(sql: Sql, currency: string, holder: string): Promise<PositionRow | undefined> {
  return sql.get<PositionRow>('SELECT shares, principal FROM bankroll_positions WHERE currency = ? AND holder = ?', [currency, holder], BIGINT);
}

/** Holds a ledger account's row (PostgreSQL; SQLite's writers never run side by side) until the transaction ends. */
async function lockAccount(tx: Sql, ref: AccountRef): Promise<void> {
  if (tx.engine !== 'postgres') return;
  await tx.get('SELECT id FROM ledger_accounts WHERE holder = ? AND currency = ?' + forUpdate(tx), [ref.holder, ref.currency]);
}

/**
 * Takes the locks a share trade needs, in the order a bet placed by the player takes them (the
 * player's wallet, the house bankroll, then the pool row), so that on PostgreSQL the pool's value and
 * shares cannot move between reading them and trading at that price. Returns the pool's row.
 */
async function lockPool(tx: Sql, currency: string, userId: number | null): Promise<PoolRow> {
  if (tx.engine === 'postgres') {
    if (userId !== null) await lockAccount(tx, playerAccount(userId, currency));
    await lockAccount(tx, houseAccount(currency));
  }
  return poolRow(tx, currency, true);
}

/**
 * Makes the pool's shares match its value before anyone trades shares: value without shares belongs
 * to the house (its seeded bankroll and what bets brought in before any investor), and shares of a
 * pool with no value left are worthless and are cleared. Call inside the caller's transaction, which
 * on PostgreSQL holds the house account and the pool row from here on (see lockPool).
 */
export async function ensurePoolShares(tx: Sql, currency: string): Promise<{ totalShares: bigint; value: bigint }> {
  return matchShares(tx, currency, await lockPool(tx, currency, null));
}

async function matchShares(tx: Sql, currency: string, pool: PoolRow): Promise<{ totalShares: bigint; value: bigint }> {
  const value = await balanceOf(tx, houseAccount(currency));
  if (pool.total_shares === 0n && value > 0n) {
    await tx.run('INSERT INTO bankroll_positions (currency, holder, user_id, shares, principal) VALUES (?, ?, NULL, ?, ?)', [
      currency,
      HOUSE_HOLDER,
      value,
      value,
    ]);
    await tx.run('UPDATE bankroll_pools SET total_shares = ? WHERE currency = ?', [value, currency]);
    return { totalShares: value, value };
  }
  if (pool.total_shares > 0n && value === 0n) {
    await tx.run('DELETE FROM bankroll_positions WHERE currency = ?', [currency]);
    await tx.run('UPDATE bankroll_pools SET total_shares = 0 WHERE currency = ?', [currency]);
    return { totalShares: 0n, value };
  }
  return { totalShares: pool.total_shares, value };
}

const ADD_RESULT = 'UPDATE bankroll_pools SET wager_volume = wager_volume + ?, total_profit = total_profit + ? WHERE currency = ?';

/** The settlement hook: the pool's wager volume and its profit (house result less the rewards share). */
export async function recordPoolResult(tx: Sql, currency: string, wager: bigint, payout: bigint, rewardsShare: bigint): Promise<void> {
  const amounts = [wager, wager - payout - rewardsShare];
  // In a group commit the batch adds its bets up and writes the pool's row once before it commits.
  if (tx.book) tx.book.add(`pool:${currency}`, poolResultRow(currency), amounts);
  else await writePoolResult(tx, currency, amounts);
}

async function writePoolResult(sql: Sql, currency: string, amounts: readonly (bigint | number)[]): Promise<void> {
  const params = [...amounts, currency];
  // The pool row exists from the first bet on; create it only when the update found none.
  if ((await sql.run(ADD_RESULT, params)) === 0) {
    await poolRow(sql, currency);
    await sql.run(ADD_RESULT, params);
  }
}

const poolResultRows = new Map<string, Accumulator>();
/** A pool's figures as a batch's running total (db/batchBook.ts). */
function poolResultRow(currency: string): Accumulator {
  let row = poolResultRows.get(currency);
  if (!row) {
    row = { tables: ['bankroll_pools'], write: (sql, amounts) => writePoolResult(sql, currency, amounts) };
    poolResultRows.set(currency, row);
  }
  return row;
}

export async function poolFigures(sql: Sql, currency: string): Promise<PoolFigures> {
  const pool = await poolRow(sql, currency);
  return {
    currency,
    value: await balanceOf(sql, houseAccount(currency)),
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

export async function positionFigures(sql: Sql, userId: number, currency: string): Promise<PositionFigures> {
  return figuresOf(currency, await positionRow(sql, currency, playerHolder(userId)), await poolFigures(sql, currency));
}

/** A player's positions with shares, in currency display order. */
export async function positionsOf(sql: Sql, userId: number): Promise<PositionFigures[]> {
  const rows = await sql.all<PositionRow & { currency: string }>(
    `SELECT p.currency, p.shares, p.principal FROM bankroll_positions p JOIN currencies c ON c.symbol = p.currency
     WHERE p.user_id = ? AND p.holder = ? ORDER BY c.position, c.symbol`,
    [userId, playerHolder(userId)],
    BIGINT,
  );
  const figures: PositionFigures[] = [];
  for (const row of rows) figures.push(figuresOf(row.currency, row, await poolFigures(sql, row.currency)));
  return figures;
}

export interface LiquidityResult {
  /** What moved, base units. */
  amount: bigint;
  balance: bigint;
  pool: PoolFigures;
  position: PositionFigures;
}

const coins = (units: bigint, currency: string) => `${unitsToDecimalString(units)} ${currency}`;

/**
 * Adds `amount` of the player's `currency` to the pool for shares. One transaction, which on
 * PostgreSQL holds the player's wallet, the house bankroll and the pool row from the first read
 * (lockPool): the share price it computes is the one it trades at, whatever runs beside it.
 */
export async function addLiquidity(db: Database, userId: number, currency: string, amount: bigint): Promise<LiquidityResult> {
  return db.transaction(async (tx): Promise<LiquidityResult> => {
    const player = playerAccount(userId, currency);
    const pool = await lockPool(tx, currency, userId);
    const balance = await balanceOf(tx, player);
    if (amount > balance) throw badRequest(`Amount exceeds your balance of ${coins(balance, currency)}`, 'insufficient_funds');
    const { totalShares, value } = await matchShares(tx, currency, pool);
    const minted = sharesForDeposit(amount, totalShares, value);
    if (minted === 0n) {
      throw badRequest(`Amount is too small to buy a share of the ${currency} pool (one share is worth more than ${coins(1n, currency)})`, 'amount_too_small');
    }
    const moved = await transfer(tx, { from: player, to: houseAccount(currency), amount, kind: 'investment', ref: `bankroll:${currency}:${userId}` });
    await tx.run(
      `INSERT INTO bankroll_positions (currency, holder, user_id, shares, principal) VALUES (?, ?, ?, ?, ?)
       ON CONFLICT (currency, holder) DO UPDATE SET shares = bankroll_positions.shares + excluded.shares, principal = bankroll_positions.principal + excluded.principal`,
      [currency, playerHolder(userId), userId, minted, amount],
    );
    await tx.run('UPDATE bankroll_pools SET total_shares = total_shares + ? WHERE currency = ?', [minted, currency]);
    return { amount, balance: moved.fromBalance, pool: await poolFigures(tx, currency), position: await positionFigures(tx, userId, currency) };
  });
}

/**
 * Takes `amount` (or the whole position) out of the pool to the player's wallet, never more than the
 * pool's free part (bets/exposure.ts). One transaction, holding the same locks as addLiquidity, so
 * two removals of one position cannot both be paid from the shares they read.
 */
export async function removeLiquidity(db: Database, userId: number, currency: string, amount: bigint | 'all'): Promise<LiquidityResult> {
  return db.transaction(async (tx): Promise<LiquidityResult> => {
    const holder = playerHolder(userId);
    const { totalShares, value } = await matchShares(tx, currency, await lockPool(tx, currency, userId));
    const position = await positionRow(tx, currency, holder);
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
    const free = await freeBankroll(tx, currency);
    if (paid > free) {
      throw badRequest(
        `Only ${coins(free, currency)} of the ${currency} pool can be removed now: open games could still pay out ` +
          `${coins(await reservedPayouts(tx, currency), currency)} from it. Remove at most that, or try again when those games have ended.`,
        'bankroll_reserved',
      );
    }
    const left = position.shares - burned;
    if (left === 0n) await tx.run('DELETE FROM bankroll_positions WHERE currency = ? AND holder = ?', [currency, holder]);
    else {
      await tx.run('UPDATE bankroll_positions SET shares = ?, principal = ? WHERE currency = ? AND holder = ?', [
        left,
        principalAfterWithdrawal(position.principal, position.shares, burned),
        currency,
        holder,
      ]);
    }
    await tx.run('UPDATE bankroll_pools SET total_shares = total_shares - ? WHERE currency = ?', [burned, currency]);
    const player = playerAccount(userId, currency);
    const balance =
      paid > 0n
        ? (await transfer(tx, { from: houseAccount(currency), to: player, amount: paid, kind: 'divestment', ref: `bankroll:${currency}:${userId}` })).toBalance
        : await balanceOf(tx, player);
    return { amount: paid, balance, pool: await poolFigures(tx, currency), position: await positionFigures(tx, userId, currency) };
  });
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
