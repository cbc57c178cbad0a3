/**
 * Share accounting of a bankroll pool. The pool's value is the house bankroll of its currency; a
 * holder owns `shares` of `totalShares` of it. Every rounding favours the pool, so no sequence of
 * adds and removes can take out more than was put in plus the pool's profit:
 * - adding `a` mints floor(a × totalShares ÷ value) shares (the first deposit into an empty pool
 *   mints one share per base unit);
 * - removing an amount burns ceil(amount × totalShares ÷ value) shares and pays the amount;
 * - removing shares pays floor(shares × value ÷ totalShares).
 */

export class SharesError extends Error {
  override name = 'SharesError';
}

const ceilDiv = (n: bigint, d: bigint): bigint => (n + d - 1n) / d;

function assertState(totalShares: bigint, value: bigint): void {
  if (totalShares < 0n || value < 0n) throw new SharesError('shares and value cannot be negative');
}

/** Shares minted for a deposit of `amount` base units. 0n means the amount buys no whole share. */
export function sharesForDeposit(amount: bigint, totalShares: bigint, value: bigint): bigint {
  assertState(totalShares, value);
  if (amount <= 0n) throw new SharesError('deposit must be positive');
  if (totalShares === 0n) {
    // The first owner sets the price: one share per base unit. Whoever owns a non-empty pool with no
    // shares (the house) must be issued its shares first, or this deposit would take its money.
    if (value !== 0n) throw new SharesError('pool holds value but no shares: issue the owner its shares first');
    return amount;
  }
  if (value === 0n) throw new SharesError('pool has shares but no value: its shares are worthless');
  return (amount * totalShares) / value;
}

/** Value of `shares` in base units, floored. */
export function valueOfShares(shares: bigint, totalShares: bigint, value: bigint): bigint {
  assertState(totalShares, value);
  if (shares < 0n || shares > totalShares) throw new SharesError('shares out of range');
  return totalShares === 0n ? 0n : (shares * value) / totalShares;
}

/** Shares to burn to take out exactly `amount` base units (rounded up, in the pool's favour). */
export function sharesForWithdrawal(amount: bigint, totalShares: bigint, value: bigint): bigint {
  assertState(totalShares, value);
  if (amount <= 0n) throw new SharesError('withdrawal must be positive');
  if (value === 0n || totalShares === 0n) throw new SharesError('pool is empty');
  return ceilDiv(amount * totalShares, value);
}

/** A holder's principal after burning `burned` of its `shares`: reduced in proportion, floored. */
export function principalAfterWithdrawal(principal: bigint, shares: bigint, burned: bigint): bigint {
  if (burned >= shares) return 0n;
  return principal - (principal * burned) / shares;
}

// ---------------------------------------------------------------------------------------------
// A whole pool as a value, for reasoning and tests; the server applies the same primitives to rows.

export interface PoolState {
  value: bigint;
  totalShares: bigint;
  positions: ReadonlyMap<string, { shares: bigint; principal: bigint }>;
}

export const emptyPool = (): PoolState => ({ value: 0n, totalShares: 0n, positions: new Map() });

/** Issues shares to `owner` for value that sits in a pool without shares (the house's seeded bankroll). */
export function issueOwnerShares(pool: PoolState, owner: string): PoolState {
  if (pool.totalShares !== 0n || pool.value === 0n) return pool;
  const positions = new Map(pool.positions);
  positions.set(owner, { shares: pool.value, principal: pool.value });
  return { value: pool.value, totalShares: pool.value, positions };
}

export function deposit(pool: PoolState, holder: string, amount: bigint): { pool: PoolState; minted: bigint } {
  const minted = sharesForDeposit(amount, pool.totalShares, pool.value);
  if (minted === 0n) throw new SharesError('amount too small to buy a share');
  const positions = new Map(pool.positions);
  const current = positions.get(holder) ?? { shares: 0n, principal: 0n };
  positions.set(holder, { shares: current.shares + minted, principal: current.principal + amount });
  return { pool: { value: pool.value + amount, totalShares: pool.totalShares + minted, positions }, minted };
}

export function withdraw(pool: PoolState, holder: string, amount: bigint | 'all'): { pool: PoolState; paid: bigint; burned: bigint } {
  const current = pool.positions.get(holder);
  if (!current || current.shares === 0n) throw new SharesError('no position');
  const burned = amount === 'all' ? current.shares : sharesForWithdrawal(amount, pool.totalShares, pool.value);
  if (burned > current.shares) throw new SharesError('amount exceeds the position');
  const paid = amount === 'all' ? valueOfShares(burned, pool.totalShares, pool.value) : amount;
  const positions = new Map(pool.positions);
  const left = current.shares - burned;
  if (left === 0n) positions.delete(holder);
  else positions.set(holder, { shares: left, principal: principalAfterWithdrawal(current.principal, current.shares, burned) });
  return { pool: { value: pool.value - paid, totalShares: pool.totalShares - burned, positions }, paid, burned };
}

/** A bet's house result (positive profit, negative loss) changes the value, never the shares. */
export function settle(pool: PoolState, houseResult: bigint): PoolState {
  const value = pool.value + houseResult;
  if (value < 0n) throw new SharesError('the pool cannot lose more than it holds');
  return { ...pool, value };
}
