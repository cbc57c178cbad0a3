import type { Database } from 'better-sqlite3';

interface Job {
  work: () => unknown;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

type Outcome = { ok: true; value: unknown } | { ok: false; error: unknown };

/**
 * Group commit: the writes asked for during one turn of the event loop share one transaction and so
 * one fsync (synchronous=FULL syncs the log at each COMMIT, and that sync is most of a bet's cost).
 *
 * Each job runs in its own savepoint inside the batch's transaction, so a job that throws rolls back
 * alone and its caller gets its error; the others go on. Every promise settles only after the COMMIT
 * has returned, which under synchronous=FULL means the batch is on disk: nobody is told a bet won
 * before the bet would survive a power cut. A COMMIT that fails rejects every job of the batch,
 * whose writes are then all rolled back.
 *
 * A batch runs from BEGIN to COMMIT in one synchronous stretch, so no other code of this process can
 * run, read or write between; a job must therefore not await anything.
 */
export class GroupCommit {
  private queue: Job[] = [];
  private scheduled = false;
  private closed = false;
  /** Batches committed so far (figures and tests). */
  batches = 0;

  constructor(private readonly db: Database) {}

  /** Runs `work` in the next batch; resolves with its result once the batch is durable. */
  run<T>(work: () => T): Promise<T> {
    if (this.closed) return Promise.reject(new Error('the database is closing'));
    return new Promise<T>((resolve, reject) => {
      this.queue.push({ work, resolve: resolve as (value: unknown) => void, reject });
      if (!this.scheduled) {
        this.scheduled = true;
        // After the poll phase: every request read in this turn joins the batch.
        setImmediate(() => this.flush());
      }
    });
  }

  /** Commits what is queued now (the timer's work; also before the database closes). */
  flush(): void {
    this.scheduled = false;
    const jobs = this.queue;
    this.queue = [];
    if (jobs.length === 0) return;
    let outcomes: Outcome[];
    try {
      outcomes = this.commit(jobs);
    } catch (error) {
      for (const job of jobs) job.reject(error);
      return;
    }
    this.batches += 1;
    jobs.forEach((job, i) => {
      const outcome = outcomes[i]!;
      if (outcome.ok) job.resolve(outcome.value);
      else job.reject(outcome.error);
    });
  }

  /** Stops taking work and commits what is queued. */
  close(): void {
    this.closed = true;
    this.flush();
  }

  private commit(jobs: Job[]): Outcome[] {
    const db = this.db;
    // A caller holding a transaction open would swallow the batch into it; run it there unbatched.
    const own = !db.inTransaction;
    if (own) db.exec('BEGIN IMMEDIATE');
    const outcomes: Outcome[] = [];
    try {
      for (const job of jobs) {
        try {
          outcomes.push({ ok: true, value: db.transaction(job.work)() });
        } catch (error) {
          outcomes.push({ ok: false, error });
        }
        // Some errors (disk full, I/O) make SQLite roll the whole transaction back.
        if (own && !db.inTransaction) throw new Error('the batch transaction was rolled back by the database');
      }
      if (own) db.exec('COMMIT');
    } catch (error) {
      if (own && db.inTransaction) db.exec('ROLLBACK');
      throw error;
    }
    return outcomes;
  }
}
