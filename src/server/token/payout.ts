/**
 * The daily staking payout: at 00:00 UTC, dailyPayoutShare (2%) of each currency's rewards pool is
 * paid to the stakers in proportion to their stake at that moment, into their unclaimed rewards.
 *
 * Exactly once per day: a scheduled run is keyed by its UTC day in staking_payout_runs, and that row
 * is claimed first (INSERT ... ON CONFLICT DO NOTHING, whose changed-row count says who won) in the
 * same transaction as every transfer of the run, so a crash leaves either the whole run or none of
 * it, and a second attempt for the same day (a timer firing twice, a restart, several server
 * processes on one PostgreSQL database ticking at once) finds the row and does nothing: on
 * PostgreSQL the second INSERT waits for the first transaction and then finds its row committed.
 * A server that was down over midnight runs the latest missed day once when it starts (or, with
 * several processes, whichever starts first); days before it are not paid retroactively
 * (docs/token.md: once, not once per missed day).
 */
import { dailyPayoutOf, duePayoutDay, nextUtcMidnight, splitProRata } from '../../core/token/rewards';
import { BIGINT, forUpdate } from '../db/sql';
import type { Database, Sql } from '../db/sql';
import { transfer } from '../ledger/ledger';
import { ACC, rewardsPoolAccount, unclaimedRewardsAccount } from './accounts';
import { bettableCurrencies } from './staking';

export interface PayoutRun {
  runKey: string;
  scheduled: boolean;
  ranAt: string;
  payouts: Array<{ currency: string; amount: bigint; stakers: number }>;
}

async function stakes(tx: Sql): Promise<Array<{ holder: number; stake: bigint }>> {
  const rows = await tx.all<{ user_id: bigint; balance: bigint }>(
    `SELECT user_id, balance FROM ledger_accounts WHERE holder LIKE 'staking:%' AND currency = ? AND balance > 0 ORDER BY user_id`,
    [ACC],
    BIGINT,
  );
  return rows.map((row) => ({ holder: Number(row.user_id), stake: row.balance }));
}

/**
 * A rewards pool's balance, its row held (PostgreSQL) until the run commits: bets crediting the pool
 * wait those few milliseconds, and two runs at once (a scheduled one and an extra one) pay one after
 * the other, each its share of what the other left.
 */
async function lockedPool(tx: Sql, currency: string): Promise<bigint> {
  const pool = rewardsPoolAccount(currency);
  const row = await tx.get<{ balance: bigint }>(
    'SELECT balance FROM ledger_accounts WHERE holder = ? AND currency = ?' + forUpdate(tx),
    [pool.holder, pool.currency],
    BIGINT,
  );
  return row?.balance ?? 0n;
}

/**
 * Runs one payout under `runKey` (the UTC day for scheduled runs), or returns null when a run with
 * that key already happened. One transaction.
 */
export async function runPayout(db: Database, runKey: string, scheduled: boolean, share: number, now: Date): Promise<PayoutRun | null> {
  return db.transaction((tx) => payOnce(tx, runKey, scheduled, share, now));
}

/** The run itself, inside the caller's transaction: claims `runKey`, then pays. */
async function payOnce(tx: Sql, runKey: string, scheduled: boolean, share: number, now: Date): Promise<PayoutRun | null> {
  const ranAt = now.toISOString();
  const claimed = await tx.run('INSERT INTO staking_payout_runs (run_key, scheduled, ran_at) VALUES (?, ?, ?) ON CONFLICT (run_key) DO NOTHING', [
    runKey,
    scheduled ? 1 : 0,
    ranAt,
  ]);
  if (claimed === 0) return null;
  const stakers = await stakes(tx);
  const payouts: PayoutRun['payouts'] = [];
  for (const currency of await bettableCurrencies(tx)) {
    const shares = splitProRata(dailyPayoutOf(await lockedPool(tx, currency), share), stakers);
    if (shares.length === 0) continue;
    let paid = 0n;
    for (const { holder: userId, amount } of shares) {
      await transfer(tx, { from: rewardsPoolAccount(currency), to: unclaimedRewardsAccount(userId, currency), amount, kind: 'reward', ref: `payout:${runKey}` });
      await tx.run(
        `INSERT INTO staking_rewards (user_id, currency, total, claimed) VALUES (?, ?, ?, 0)
         ON CONFLICT (user_id, currency) DO UPDATE SET total = staking_rewards.total + excluded.total`,
        [userId, currency, amount],
      );
      paid += amount;
    }
    await tx.run('INSERT INTO staking_payouts (run_key, currency, amount, stakers, created_at) VALUES (?, ?, ?, ?, ?)', [
      runKey,
      currency,
      paid,
      shares.length,
      ranAt,
    ]);
    payouts.push({ currency, amount: paid, stakers: shares.length });
  }
  return { runKey, scheduled, ranAt, payouts };
}

export async function lastScheduledDay(sql: Sql): Promise<string | null> {
  const row = await sql.get<{ day: string | null }>('SELECT MAX(run_key) AS day FROM staking_payout_runs WHERE scheduled = 1');
  return row?.day ?? null;
}

/**
 * The scheduled payout due at `nowMs`, if it has not run yet. One transaction: the day is chosen and
 * claimed together, so of several processes ticking at once exactly one pays it.
 */
export async function runDuePayout(db: Database, share: number, nowMs: number): Promise<PayoutRun | null> {
  return db.transaction(async (tx) => {
    const day = duePayoutDay(nowMs, await lastScheduledDay(tx));
    return day === null ? null : payOnce(tx, day, true, share, new Date(nowMs));
  });
}

/** What the scheduler needs of time, so tests can drive it. */
export interface Clock {
  now: () => number;
  /** `callback` returns the tick's promise (a test's clock may await it; the system's ignores it). */
  setTimeout: (callback: () => Promise<void>, ms: number) => unknown;
  clearTimeout: (handle: unknown) => void;
}

export const systemClock: Clock = {
  now: () => Date.now(),
  setTimeout: (callback, ms) => {
    const timer = setTimeout(() => void callback(), ms);
    timer.unref();
    return timer;
  },
  clearTimeout: (handle) => clearTimeout(handle as NodeJS.Timeout),
};

/** A timer may fire a little early; the run checks the day itself, so waking early only re-arms. */
const AFTER_MIDNIGHT_MS = 1_000;

/**
 * Runs the due payout at start (catching up a missed midnight), then at each next 00:00 UTC. Every
 * process of the casino runs one; the database decides which of them pays a day (runDuePayout).
 */
export class DailyPayoutScheduler {
  private timer: unknown = null;
  private stopped = true;
  /** The tick under way, if any: stop() waits for it, so the database is not closed under a payout. */
  private running: Promise<void> = Promise.resolve();

  constructor(
    private readonly run: (nowMs: number) => Promise<PayoutRun | null>,
    private readonly clock: Clock = systemClock,
    private readonly onError: (error: unknown) => void = () => {},
    private readonly onRun: (run: PayoutRun) => void = () => {},
  ) {}

  /** Starts the calendar; resolves once the payout due now (if any) has run. */
  start(): Promise<void> {
    this.stopped = false;
    return this.tick();
  }

  /** Stops the calendar; resolves once a payout under way has finished. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer !== null) this.clock.clearTimeout(this.timer);
    this.timer = null;
    await this.running;
  }

  /** Runs the payout due now, if any; what the timer calls. Never rejects: a failure goes to onError. */
  async runDue(): Promise<PayoutRun | null> {
    try {
      const result = await this.run(this.clock.now());
      if (result) this.onRun(result);
      return result;
    } catch (error) {
      this.onError(error);
      return null;
    }
  }

  private tick(): Promise<void> {
    if (this.stopped) return Promise.resolve();
    this.timer = null;
    const tick = (async () => {
      await this.runDue();
      if (this.stopped) return;
      const now = this.clock.now();
      this.timer = this.clock.setTimeout(() => this.tick(), nextUtcMidnight(now) - now + AFTER_MIDNIGHT_MS);
    })();
    this.running = tick;
    return tick;
  }
}
