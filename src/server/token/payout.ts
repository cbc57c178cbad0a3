/**
 * The daily staking payout: at 00:00 UTC, dailyPayoutShare (2%) of each currency's rewards pool is
 * paid to the stakers in proportion to their stake at that moment, into their unclaimed rewards.
 *
 * Exactly once per day: a scheduled run is keyed by its UTC day in staking_payout_runs, and that row
 * is written in the same transaction as every transfer of the run, so a crash leaves either the
 * whole run or none of it, and a second attempt for the same day (a timer firing twice, a restart,
 * two processes) finds the row and does nothing. A server that was down over midnight runs the
 * latest missed day once when it starts; days before it are not paid retroactively.
 */
import type { Database } from 'better-sqlite3';
import { dailyPayoutOf, duePayoutDay, nextUtcMidnight, splitProRata } from '../../core/token/rewards';
import { transfer } from '../ledger/ledger';
import { ACC, rewardsPoolAccount, unclaimedRewardsAccount } from './accounts';
import { rewardsPools } from './staking';
import { sql } from './sql';

export interface PayoutRun {
  runKey: string;
  scheduled: boolean;
  ranAt: string;
  payouts: Array<{ currency: string; amount: bigint; stakers: number }>;
}

function stakes(db: Database): Array<{ holder: number; stake: bigint }> {
  return (
    sql(db, `SELECT user_id, balance FROM ledger_accounts WHERE holder LIKE 'staking:%' AND currency = ? AND balance > 0 ORDER BY user_id`).all(
      ACC,
    ) as Array<{ user_id: bigint; balance: bigint }>
  ).map((row) => ({ holder: Number(row.user_id), stake: row.balance }));
}

/**
 * Runs one payout under `runKey` (the UTC day for scheduled runs), or returns null when a run with
 * that key already happened. One transaction.
 */
export function runPayout(db: Database, runKey: string, scheduled: boolean, share: number, now: Date): PayoutRun | null {
  return db.transaction((): PayoutRun | null => {
    const ranAt = now.toISOString();
    const claimed = sql(db, 'INSERT INTO staking_payout_runs (run_key, scheduled, ran_at) VALUES (?, ?, ?) ON CONFLICT (run_key) DO NOTHING').run(
      runKey,
      scheduled ? 1 : 0,
      ranAt,
    );
    if (claimed.changes === 0) return null;
    const stakers = stakes(db);
    const payouts: PayoutRun['payouts'] = [];
    for (const pool of rewardsPools(db)) {
      const shares = splitProRata(dailyPayoutOf(pool.amount, share), stakers);
      if (shares.length === 0) continue;
      let paid = 0n;
      for (const { holder: userId, amount } of shares) {
        transfer(db, { from: rewardsPoolAccount(pool.currency), to: unclaimedRewardsAccount(userId, pool.currency), amount, kind: 'reward', ref: `payout:${runKey}` });
        sql(
          db,
          `INSERT INTO staking_rewards (user_id, currency, total, claimed) VALUES (?, ?, ?, 0)
           ON CONFLICT (user_id, currency) DO UPDATE SET total = total + excluded.total`,
        ).run(userId, pool.currency, amount);
        paid += amount;
      }
      sql(db, 'INSERT INTO staking_payouts (run_key, currency, amount, stakers, created_at) VALUES (?, ?, ?, ?, ?)').run(
        runKey,
        pool.currency,
        paid,
        shares.length,
        ranAt,
      );
      payouts.push({ currency: pool.currency, amount: paid, stakers: shares.length });
    }
    return { runKey, scheduled, ranAt, payouts };
  })();
}

export function lastScheduledDay(db: Database): string | null {
  const row = sql(db, 'SELECT MAX(run_key) AS day FROM staking_payout_runs WHERE scheduled = 1').get() as { day: string | null };
  return row.day;
}

/** The scheduled payout due at `nowMs`, if it has not run yet. */
export function runDuePayout(db: Database, share: number, nowMs: number): PayoutRun | null {
  const day = duePayoutDay(nowMs, lastScheduledDay(db));
  return day === null ? null : runPayout(db, day, true, share, new Date(nowMs));
}

/** What the scheduler needs of time, so tests can drive it. */
export interface Clock {
  now: () => number;
  setTimeout: (callback: () => void, ms: number) => unknown;
  clearTimeout: (handle: unknown) => void;
}

export const systemClock: Clock = {
  now: () => Date.now(),
  setTimeout: (callback, ms) => {
    const timer = setTimeout(callback, ms);
    timer.unref();
    return timer;
  },
  clearTimeout: (handle) => clearTimeout(handle as NodeJS.Timeout),
};

/** A timer may fire a little early; the run checks the day itself, so waking early only re-arms. */
const AFTER_MIDNIGHT_MS = 1_000;

/**
 * Runs the due payout at start (catching up a missed midnight), then at each next 00:00 UTC.
 */
export class DailyPayoutScheduler {
  private timer: unknown = null;
  private stopped = true;

  constructor(
    private readonly run: (nowMs: number) => PayoutRun | null,
    private readonly clock: Clock = systemClock,
    private readonly onError: (error: unknown) => void = () => {},
    private readonly onRun: (run: PayoutRun) => void = () => {},
  ) {}

  start(): void {
    this.stopped = false;
    this.tick();
  }

  stop(): void {
    this.stopped = true;
    if (this.timer !== null) this.clock.clearTimeout(this.timer);
    this.timer = null;
  }

  /** Runs the payout due now, if any; what the timer calls. */
  runDue(): PayoutRun | null {
    try {
      const result = this.run(this.clock.now());
      if (result) this.onRun(result);
      return result;
    } catch (error) {
      this.onError(error);
      return null;
    }
  }

  private tick(): void {
    if (this.stopped) return;
    this.runDue();
    const now = this.clock.now();
    this.timer = this.clock.setTimeout(() => this.tick(), nextUtcMidnight(now) - now + AFTER_MIDNIGHT_MS);
  }
}
