import type { Kysely } from 'kysely';
import { BatchBook } from './batchBook';
import { QUERY_INSIDE, TRANSACTION_INSIDE, insideTransaction, transactionHandle, withSavepoint } from './sql';
import type { Executor, Sql } from './sql';

export interface NestingCheck {
  /** Mark each job's work as inside a transaction (sql.ts, `checkNesting`). */
  mark: boolean;
  /** How long a batch may hold the connection while queries on the database wait before they are refused. */
  stallMs: number;
}

interface Job {
  work: (tx: Sql) => Promise<unknown>;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

/** How long a batch waits for the answers of the batches before it whose log is being synced (see `previousAnswered`). */
const ANSWERS_FIRST_MS = 2;

type Outcome = { ok: true; value: unknown } | { ok: false; error: unknown };

/**
 * Group commit (SQLite): the transactions asked for during one turn of the event loop share one
 * database transaction and so one fsync (synchronous=FULL syncs the log at each COMMIT, and that sync
 * is most of a bet's cost).
 *
 * Each job runs in its own savepoint inside the batch's transaction, so a job that throws rolls back
 * alone and its caller gets its error; the others go on. Every promise settles only after the COMMIT
 * has returned and, under synchronous=FULL, the log has been synced to disk (db/logSync.ts, off the
 * event loop, while the next batch may run): nobody is told a bet won before the bet would survive a
 * power cut. A COMMIT that fails rejects every job of the batch,
 * whose writes are then all rolled back.
 *
 * A batch holds SQLite's one connection from BEGIN to COMMIT, so nothing else reads or writes
 * between; a job must therefore await nothing but its own queries. PostgreSQL needs none of this:
 * each transaction is its own and the server groups the flushes of concurrent commits itself.
 */
export class GroupCommit {
  private queue: Job[] = [];
  private scheduled = false;
  private closed = false;
  private running: Promise<void> = Promise.resolve();
  /** Batches committed so far (figures and tests). */
  batches = 0;
  /** Writes of the batches' running totals so far (db/batchBook.ts; figures and tests). */
  bookWrites = 0;
  /**
   * FULL: a batch's transactions are answered once its log is on disk (`log.sync`, off the event
   * loop, db/logSync.ts); NORMAL: once committed.
   */
  synchronous: 'FULL' | 'NORMAL' = 'FULL';
  /** Batches committed whose answers wait for their log to reach the disk. */
  private syncing = new Set<Promise<void>>();
  /** A sync of the log failed: nothing is known durable any more, so nothing more is taken. */
  private broken: Error | null = null;
  /** Whether a batch holds the connection (from its BEGIN to its COMMIT or ROLLBACK). */
  holding = false;
  /** Queries on the database itself waiting for the batch that holds the connection (see `whenFree`). */
  private waiting: Array<{ resolve: () => void; reject: (error: Error) => void }> = [];
  private watchdog: ReturnType<typeof setTimeout> | null = null;

  /**
   * @param kysely the SQLite database, whose single connection a batch holds
   * @param inTransaction whether SQLite reports an open transaction (a failed statement may have rolled it back)
   * @param onHeldConnection runs a query on the connection a batch holds, without going through Kysely's
   *   connection provider again: the batch already owns SQLite's one connection, and on the bet path
   *   (about twenty statements a bet) Kysely's per-query provider and mutex were most of the layer's cost
   * @param nesting how a query on the database inside a job is found (sql.ts, `checkNesting`)
   * @param log the write-ahead log, synced before a batch is answered under FULL (db/logSync.ts)
   */
  constructor(
    private readonly kysely: Kysely<Record<string, Record<string, unknown>>>,
    private readonly inTransaction: () => boolean,
    private readonly onHeldConnection: Executor,
    private readonly nesting: NestingCheck,
    private readonly log: { sync(): Promise<void> },
  ) {}

  /** Resolves once what is committed now is as durable as `synchronous` asks; null when at once. */
  durable(): Promise<void> | null {
    if (this.synchronous !== 'FULL') return null;
    return this.log.sync().catch((error: Error) => {
      this.broken ??= new Error(`the database could not make its commits durable (${error.message}): restart the server`);
      throw this.broken;
    });
  }

  /** Runs `work` in the next batch; resolves with its result once the batch is durable. */
  run<T>(work: (tx: Sql) => Promise<T>): Promise<T> {
    if (this.broken) return Promise.reject(this.broken);
    if (this.closed) return Promise.reject(new Error('the database is closing'));
    return new Promise<T>((resolve, reject) => {
      this.queue.push({ work, resolve: resolve as (value: unknown) => void, reject });
      if (!this.scheduled) {
        this.scheduled = true;
        // After the poll phase: every request read in this turn joins the batch.
        setImmediate(() => {
          this.running = this.running.then(() => this.flush());
        });
      }
    });
  }

  /**
   * Resolves once no batch holds the connection: a query on the database itself waits for the batch
   * in progress (it runs between batches). A batch that holds the connection for `stallMs` while such
   * queries wait is taken as a transaction's work waiting for a query or transaction on the database
   * itself, which waits for that work: a deadlock. The waiting queries and the transactions queued
   * behind the batch are then refused (with the handle to use), which lets the work fail and the batch
   * go on. Tests find that mistake at once (sql.ts, `checkNesting`); this keeps a server from hanging.
   */
  whenFree(): Promise<void> {
    return new Promise((resolve, reject) => this.waiting.push({ resolve, reject }));
  }

  /** Runs a job's work, marked as inside a transaction when nesting is checked. */
  private inside<T>(work: () => Promise<T>): Promise<T> {
    return this.nesting.mark ? insideTransaction.run(true, work) : work();
  }

  private stalled(): void {
    this.watchdog = null;
    if (!this.holding) return;
    const waiting = this.waiting;
    const queued = this.queue;
    this.waiting = [];
    this.queue = [];
    for (const waiter of waiting) waiter.reject(new Error(QUERY_INSIDE));
    for (const job of queued) job.reject(new Error(TRANSACTION_INSIDE));
  }

  /** Commits what is queued now (the timer's work; also before the database closes). */
  async flush(): Promise<void> {
    await this.previousAnswered();
    this.scheduled = false;
    const jobs = this.queue;
    this.queue = [];
    if (jobs.length === 0) return;
    let outcomes: Outcome[];
    try {
      outcomes = await this.kysely
        .connection()
        .execute(() => this.commit(jobs, this.onHeldConnection));
    } catch (error) {
      for (const job of jobs) job.reject(error);
      return;
    }
    this.batches += 1;
    const settle = () =>
      jobs.forEach((job, i) => {
        const outcome = outcomes[i]!;
        if (outcome.ok) job.resolve(outcome.value);
        else job.reject(outcome.error);
      });
    // The connection is free again: the next batch may run while this one's log reaches the disk.
    const durable = this.durable();
    if (!durable) {
      settle();
      return;
    }
    const answered = durable.then(settle, (error: Error) => {
      for (const job of jobs) job.reject(error);
    });
    this.syncing.add(answered);
    void answered.then(() => this.syncing.delete(answered));
  }

  /**
   * Under FULL, waits up to ANSWERS_FIRST_MS for the batches whose log is being synced to be answered.
   * A sync ends in well under a millisecond on a quiet disk, but its end is seen only when the event
   * loop next polls, and a batch run now would hold the loop for its whole length (a few milliseconds
   * for a few dozen bets): those answers would wait for it, then their players' next bets for the batch
   * after it, and the batches swing between dozens of bets and one or two. Waiting a moment lets the
   * answers out first (the loop reads new requests meanwhile, which join this batch); a slow disk is
   * not waited for longer than that, the batch then runs beside the sync as before.
   */
  private previousAnswered(): Promise<void> | undefined {
    if (this.syncing.size === 0) return undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const later = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, ANSWERS_FIRST_MS);
    });
    return Promise.race([Promise.all(this.syncing).then(() => undefined), later]).finally(() => clearTimeout(timer));
  }

  /** Stops taking work and commits what is queued. */
  async close(): Promise<void> {
    this.closed = true;
    await this.running;
    await this.flush();
    await Promise.all(this.syncing);
  }

  private async commit(jobs: Job[], execute: Executor): Promise<Outcome[]> {
    const raw = (text: string) => execute({ sql: text, parameters: [] });
    // The batch's running totals of shared rows: a statement that names one of their tables sees
    // them written first, and they are all written before COMMIT (db/batchBook.ts).
    const book = new BatchBook(transactionHandle('sqlite', execute));
    const booked: Executor = (query) => (book.touches(query.sql) ? book.write().then(() => execute(query)) : execute(query));
    const tx = transactionHandle('sqlite', booked, book);
    await raw('BEGIN IMMEDIATE');
    this.holding = true;
    this.watchdog = setTimeout(() => this.stalled(), this.nesting.stallMs);
    this.watchdog.unref?.();
    try {
      if (jobs.length === 1) return await this.commitAlone(jobs[0]!, tx, book, raw);
      return await this.commitAll(jobs, tx, book, execute, raw);
    } finally {
      this.holding = false;
      if (this.watchdog) clearTimeout(this.watchdog);
      this.watchdog = null;
      this.bookWrites += book.writes;
      const waiting = this.waiting;
      this.waiting = [];
      for (const waiter of waiting) waiter.resolve();
    }
  }

  private async commitAll(jobs: Job[], tx: Sql, book: BatchBook, execute: Executor, raw: (text: string) => Promise<unknown>): Promise<Outcome[]> {
    const outcomes: Outcome[] = [];
    try {
      for (const job of jobs) {
        try {
          const value = await this.inside(() => withSavepoint(execute, tx, job.work));
          outcomes.push({ ok: true, value });
        } catch (error) {
          outcomes.push({ ok: false, error });
        }
        // Some errors (disk full, I/O) make SQLite roll the whole transaction back.
        if (!this.inTransaction()) throw new Error('the batch transaction was rolled back by the database');
      }
      await book.write();
      await raw('COMMIT');
    } catch (error) {
      if (this.inTransaction()) await raw('ROLLBACK');
      throw error;
    }
    return outcomes;
  }

  /** A job alone in its batch (a quiet moment) needs no savepoint: the transaction is its own. */
  private async commitAlone(job: Job, tx: Sql, book: BatchBook, raw: (text: string) => Promise<unknown>): Promise<Outcome[]> {
    let value: unknown;
    try {
      value = await this.inside(() => job.work(tx));
    } catch (error) {
      if (this.inTransaction()) await raw('ROLLBACK');
      return [{ ok: false, error }];
    }
    try {
      await book.write();
      await raw('COMMIT');
    } catch (error) {
      if (this.inTransaction()) await raw('ROLLBACK');
      throw error;
    }
    return [{ ok: true, value }];
  }
}
