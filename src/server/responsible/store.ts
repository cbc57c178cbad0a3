import { BIGINT } from '../db/sql';
import type { Sql } from '../db/sql';
import {
  LIMIT_KINDS,
  LIMIT_PERIODS,
  RG_MESSAGES,
  activeBlock,
  depositRefusal,
  effectiveLimit,
  hourOf,
  stakeRefusal,
  windowStartHour,
} from '../../core/responsible/rules';
import type { Block, LimitKind, LimitPeriod, StoredLimit, Usage } from '../../core/responsible/rules';
import { BetRefusal } from '../errors';

/**
 * The player's responsible-gambling state in the database (schema.ts) and the two guards the money
 * paths call inside their own transactions: `guardStake` before any money is put at risk, and
 * `guardDeposit` before money comes in. A player who never set anything costs the bet path one
 * primary-key read that finds nothing and one upsert of the hour's running total.
 */

export interface PlayerRg {
  block: Block | null;
  limits: StoredLimit[];
}

interface Row {
  block_kind: 'break' | 'exclusion' | null;
  block_until: bigint | null;
  block_permanent: bigint;
  kind: LimitKind | null;
  period: LimitPeriod | null;
  amount_cents: bigint | null;
  pending_cents: bigint | null;
  pending_at: bigint | null;
}

const num = (value: bigint | null) => (value === null ? null : Number(value));

/**
 * The block and limits, in one read. `lock` (PostgreSQL) holds the player's rg_players row until the
 * transaction ends, so two stakes of one player run one after the other and cannot both pass a limit
 * on the same totals (SQLite's writers never run side by side).
 */
export async function readPlayerRg(sql: Sql, userId: number, lock = false): Promise<PlayerRg> {
  const rows = await sql.all<Row>(
    `SELECT p.block_kind, p.block_until, p.block_permanent, l.kind, l.period, l.amount_cents, l.pending_cents, l.pending_at
     FROM rg_players p LEFT JOIN rg_limits l ON l.user_id = p.user_id WHERE p.user_id = ?${lock && sql.engine === 'postgres' ? ' FOR UPDATE OF p' : ''}`,
    [userId],
    BIGINT,
  );
  const first = rows[0];
  if (!first) return { block: null, limits: [] };
  const block: Block | null =
    first.block_kind === null ? null : { kind: first.block_kind, until: first.block_permanent === 1n ? null : num(first.block_until) };
  const limits = rows
    .filter((row) => row.kind !== null && row.period !== null)
    .map((row) => ({ kind: row.kind!, period: row.period!, amountCents: row.amount_cents, pendingCents: row.pending_cents, pendingAt: num(row.pending_at) }));
  return { block, limits };
}

/** What each window holds at `now`, summed from the hourly totals (at most 721 rows, by primary key). */
export async function readUsage(sql: Sql, userId: number, now: number): Promise<Usage> {
  const day = windowStartHour('day', now);
  const week = windowStartHour('week', now);
  const month = windowStartHour('month', now);
  const row = await sql.get<Record<string, bigint | null>>(
    `SELECT
       SUM(CASE WHEN hour >= ? THEN wagered_cents ELSE 0 END) AS wd, SUM(CASE WHEN hour >= ? THEN wagered_cents ELSE 0 END) AS ww, SUM(wagered_cents) AS wm,
       SUM(CASE WHEN hour >= ? THEN wagered_cents - returned_cents ELSE 0 END) AS ld, SUM(CASE WHEN hour >= ? THEN wagered_cents - returned_cents ELSE 0 END) AS lw,
       SUM(wagered_cents - returned_cents) AS lm,
       SUM(CASE WHEN hour >= ? THEN deposited_cents ELSE 0 END) AS dd, SUM(CASE WHEN hour >= ? THEN deposited_cents ELSE 0 END) AS dw, SUM(deposited_cents) AS dm
     FROM rg_usage WHERE user_id = ? AND hour >= ?`,
    [day, week, day, week, day, week, userId, month],
    BIGINT,
  );
  const v = (key: string) => BigInt(row?.[key] ?? 0n);
  return {
    wager: { day: v('wd'), week: v('ww'), month: v('wm') },
    loss: { day: v('ld'), week: v('lw'), month: v('lm') },
    deposit: { day: v('dd'), week: v('dw'), month: v('dm') },
  };
}

type UsageColumn = 'wagered_cents' | 'returned_cents' | 'deposited_cents';

/** Adds to the hour's running total (a column name from the list above, never input). */
export async function addUsage(sql: Sql, userId: number, column: UsageColumn, cents: bigint, now: number): Promise<void> {
  if (cents <= 0n) return;
  await sql.run(
    `INSERT INTO rg_usage (user_id, hour, ${column}) VALUES (?, ?, ?)
     ON CONFLICT (user_id, hour) DO UPDATE SET ${column} = rg_usage.${column} + excluded.${column}`,
    [userId, hourOf(now), cents],
  );
}

/** Whether any wager or loss limit applies or waits (a waiting removal still leaves today's limit). */
const hasPlayLimit = (limits: readonly StoredLimit[], now: number) =>
  limits.some((l) => (l.kind === 'wager' || l.kind === 'loss') && effectiveLimit(l, now).amountCents !== null);

export const refusalFields = (block: Block) => ({ code: block.kind === 'break' ? 'on_break' : 'self_excluded', blockedUntil: block.until === null ? null : new Date(block.until).toISOString() });

/**
 * Before a stake of `wagerCents` (the stake at the moment's rate, as the bets table converts it): a
 * running break or exclusion, then the wager and loss limits, refuse it with their message; otherwise
 * the stake joins the hour's total. Call inside the stake's transaction, before any money moves.
 */
export async function guardStake(
  tx: Sql,
  stake: { userId: number; wagerCents: bigint; now?: number },
  refuse: (message: string, fields: Record<string, unknown>) => Error = (message, fields) => new BetRefusal(message, { reason: String(fields.code), fields }),
): Promise<void> {
  const now = stake.now ?? Date.now();
  const rg = await readPlayerRg(tx, stake.userId, true);
  const block = activeBlock(rg.block, now);
  if (block) throw refuse(RG_MESSAGES.blocked(block), refusalFields(block));
  if (hasPlayLimit(rg.limits, now)) {
    const message = stakeRefusal(rg.limits, await readUsage(tx, stake.userId, now), stake.wagerCents, now);
    if (message) throw refuse(message, { code: 'limit_reached' });
  }
  await addUsage(tx, stake.userId, 'wagered_cents', stake.wagerCents, now);
}

/** Before money comes in: a running block or a deposit limit refuses it; otherwise it is counted. */
export async function guardDeposit(tx: Sql, deposit: { userId: number; cents: bigint; now?: number }, refuse: (message: string, code: string) => Error): Promise<void> {
  const now = deposit.now ?? Date.now();
  const rg = await readPlayerRg(tx, deposit.userId, true);
  const block = activeBlock(rg.block, now);
  if (block) throw refuse(RG_MESSAGES.blocked(block), block.kind === 'break' ? 'on_break' : 'self_excluded');
  if (rg.limits.some((l) => l.kind === 'deposit' && effectiveLimit(l, now).amountCents !== null)) {
    const message = depositRefusal(rg.limits, await readUsage(tx, deposit.userId, now), deposit.cents, now);
    if (message) throw refuse(message, 'limit_reached');
  }
  await addUsage(tx, deposit.userId, 'deposited_cents', deposit.cents, now);
}

/** The row every other rg table hangs on; created the first time a player sets anything. */
async function ensurePlayer(tx: Sql, userId: number, now: number): Promise<void> {
  await tx.run(`INSERT INTO rg_players (user_id, updated_at) VALUES (?, ?) ON CONFLICT (user_id) DO NOTHING`, [userId, new Date(now).toISOString()]);
}

export async function writeLimit(tx: Sql, userId: number, limit: StoredLimit, now: number): Promise<void> {
  await ensurePlayer(tx, userId, now);
  await tx.run(
    `INSERT INTO rg_limits (user_id, kind, period, amount_cents, pending_cents, pending_at) VALUES (?, ?, ?, ?, ?, ?)
     ON CONFLICT (user_id, kind, period) DO UPDATE SET amount_cents = excluded.amount_cents, pending_cents = excluded.pending_cents, pending_at = excluded.pending_at`,
    [userId, limit.kind, limit.period, limit.amountCents, limit.pendingCents, limit.pendingAt],
  );
}

export async function writeBlock(tx: Sql, userId: number, block: Block, now: number): Promise<void> {
  await ensurePlayer(tx, userId, now);
  await tx.run(`UPDATE rg_players SET block_kind = ?, block_until = ?, block_permanent = ?, updated_at = ? WHERE user_id = ?`, [
    block.kind,
    block.until,
    block.until === null ? 1 : 0,
    new Date(now).toISOString(),
    userId,
  ]);
}

/** The page's view: all nine limits with their windows' usage, and the block that runs. */
export function describe(rg: PlayerRg, usage: Usage, now: number) {
  const limits = LIMIT_KINDS.flatMap((kind) =>
    LIMIT_PERIODS.map((period) => {
      const stored = rg.limits.find((l) => l.kind === kind && l.period === period);
      const applies = stored ? effectiveLimit(stored, now) : { amountCents: null, pendingAt: null, pendingCents: null };
      return {
        kind,
        period,
        amountCents: num(applies.amountCents),
        pendingAt: applies.pendingAt === null ? null : new Date(applies.pendingAt).toISOString(),
        pendingCents: num(applies.pendingCents),
        usedCents: Number(usage[kind][period]),
      };
    }),
  );
  const running = activeBlock(rg.block, now);
  const block = running && {
    kind: running.kind,
    until: running.until === null ? null : new Date(running.until).toISOString(),
    permanent: running.until === null,
    message: RG_MESSAGES.blocked(running),
  };
  return { limits, block };
}

