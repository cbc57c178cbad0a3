import { AsyncLocalStorage } from 'node:async_hooks';
import { CompiledQuery } from 'kysely';
import type { Kysely, QueryResult } from 'kysely';
import type { BatchBook } from './batchBook';

/**
 * The one way the server talks to its database, whichever engine holds it (SQLite by default,
 * PostgreSQL when DATABASE_URL is set; db/database.ts opens either). Every query is plain SQL with
 * `?` placeholders, written once for both engines; Kysely carries it (its SQLite and PostgreSQL
 * dialects, connections and pool), and for PostgreSQL the `?` become `$1, $2, ...` once per text.
 *
 * Integers come back as JavaScript numbers, except under `BIGINT`, where every integer column
 * comes back as a bigint (money in base units: read it so). A value a number cannot hold exactly
 * is an error, never a rounded figure.
 */
export type Engine = 'sqlite' | 'postgres';
export type SqlValue = string | number | bigint | null | Buffer;
export type Params = readonly SqlValue[];
export type Row = Record<string, unknown>;

export interface ReadOptions {
  /** Integers as bigint (money columns). */
  bigint?: boolean;
}
/** Read integers as bigint: `tx.get(text, params, BIGINT)`. */
export const BIGINT: ReadOptions = Object.freeze({ bigint: true });

export interface Sql {
  readonly engine: Engine;
  /**
   * Inside a group-commit batch (SQLite): the batch's running totals of shared rows, written once
   * before the batch commits (db/batchBook.ts). Undefined elsewhere: write the row as usual.
   */
  readonly book?: BatchBook;
  /** The first row, or undefined. */
  get<T = Row>(text: string, params?: Params, options?: ReadOptions): Promise<T | undefined>;
  /** Every row. */
  all<T = Row>(text: string, params?: Params, options?: ReadOptions): Promise<T[]>;
  /** A write; resolves with the number of rows it changed. */
  run(text: string, params?: Params): Promise<number>;
  /** Several statements without parameters (schema changes). */
  exec(script: string): Promise<void>;
  /**
   * Runs `work` all or nothing. On the database: a transaction of its own, committed durably before
   * the promise resolves (on SQLite it shares a group commit, db/groupCommit.ts; on PostgreSQL a
   * serialisation failure or deadlock runs it again, a bounded number of times). On a transaction
   * handle: a savepoint inside it. `work` must use the handle it is given for every query, and must
   * not await anything but its queries (it holds a connection, on SQLite the only one); on
   * PostgreSQL it may run more than once, so it must not change anything outside the database.
   */
  transaction<T>(work: (tx: Sql) => Promise<T>): Promise<T>;
}

export interface Database extends Sql {
  /** The Kysely instance beneath, for typed query building where it reads better than SQL text. */
  readonly kysely: Kysely<Record<string, Record<string, unknown>>>;
  /** Commits what is queued and closes the connections. */
  close(): Promise<void>;
}

/** A transaction that could not commit after its retries (PostgreSQL contention). Rendered as 503. */
export class DatabaseBusyError extends Error {
  override name = 'DatabaseBusyError';
}

/**
 * Marks the async work that runs inside a transaction: a query or transaction on the database itself
 * there is a bug (on SQLite it would wait for that work forever, on PostgreSQL commit apart from it).
 * On PostgreSQL always; on SQLite when `checkNesting`: an AsyncLocalStorage makes every promise of the
 * process pay Node's promise hooks (about 5% of a bet's CPU), so the server's group commit finds the
 * mistake by its stall instead (db/groupCommit.ts, `whenFree`), and the tests find it at once.
 */
export const insideTransaction = new AsyncLocalStorage<true>();

/** Whether SQLite marks its transactions' work (tests, or DB_CHECK_NESTING=1). */
export const checkNesting = process.env.VITEST !== undefined || process.env.DB_CHECK_NESTING === '1';

export const QUERY_INSIDE = 'a query on the database inside a transaction: use the transaction handle';
export const TRANSACTION_INSIDE = 'a transaction on the database inside a transaction: use the transaction handle';

/** One statement: its SQL text (SQLite's own marks included, see below) and its parameters. */
export interface Query {
  readonly sql: string;
  readonly parameters: readonly unknown[];
}

/**
 * Runs one statement on some connection (the pool, or a transaction's own connection). Kysely's
 * CompiledQuery is one, but the layer does not build those per statement (each takes a random query
 * id and freezes three objects): the PostgreSQL side makes one where it hands a statement to Kysely.
 */
export type Executor = (query: Query) => Promise<QueryResult<unknown>>;

/** Kysely's form of a statement, for its connections. */
export const compiled = (query: Query): CompiledQuery => CompiledQuery.raw(query.sql, query.parameters as unknown[]);

/** A SQL text prefixed so the SQLite side prepares it reading integers as bigint. */
export const BIGINT_MARK = '/*bigint*/ ';

const bigintTexts = new Map<string, string>();

/**
 * `text` with BIGINT_MARK, the same string each time (cached per text, as toPostgresText's are): a
 * string joined anew for each statement would be hashed anew by every map that looks it up (the
 * prepared statements, the book's and the change marks' table names).
 */
function bigintText(text: string): string {
  let marked = bigintTexts.get(text);
  if (marked === undefined) {
    marked = BIGINT_MARK + text;
    bigintTexts.set(text, marked);
  }
  return marked;
}

/** A SQL text prefixed so the SQLite side runs it as a script of several statements. */
export const SCRIPT_MARK = '/*script*/ ';

const pgTexts = new Map<string, string>();

/** `?` to `$n`, outside quoted strings and identifiers; cached per text. */
export function toPostgresText(text: string): string {
  let converted = pgTexts.get(text);
  if (converted === undefined) {
    let n = 0;
    let out = '';
    let quote: string | null = null;
    for (const ch of text) {
      if (quote) {
        if (ch === quote) quote = null;
        out += ch;
      } else if (ch === "'" || ch === '"') {
        quote = ch;
        out += ch;
      } else if (ch === '?') {
        n += 1;
        out += `$${n}`;
      } else out += ch;
    }
    converted = out;
    if (pgTexts.size < 10_000) pgTexts.set(text, converted);
  }
  return converted;
}

function toNumber(value: bigint): number {
  const n = Number(value);
  if (!Number.isSafeInteger(n)) throw new RangeError(`integer ${value} is beyond a number's precision: read it with BIGINT`);
  return n;
}

/** PostgreSQL reads every integer as bigint (db/database.ts); a number read turns them back. */
function pgNumbers(rows: Row[]): Row[] {
  for (const row of rows) {
    for (const key in row) {
      const value = row[key];
      if (typeof value === 'bigint') row[key] = toNumber(value);
    }
  }
  return rows;
}

/** The queries of one connection, on either engine. */
export class SqlOn implements Sql {
  constructor(
    readonly engine: Engine,
    private readonly execute: Executor,
    private readonly nested: (work: (tx: Sql) => Promise<unknown>) => Promise<unknown>,
    readonly book?: BatchBook,
  ) {}

  private compile(text: string, params: Params, bigint: boolean): Query {
    if (this.engine === 'postgres') return { sql: toPostgresText(text), parameters: params };
    return { sql: bigint ? bigintText(text) : text, parameters: params };
  }

  /** A read's rows as callers get them: PostgreSQL's numeric columns as numbers, unless bigints were asked for. */
  private shaped(rows: Row[], bigint: boolean): Row[] {
    return this.engine === 'postgres' && !bigint ? pgNumbers(rows) : rows;
  }

  async all<T = Row>(text: string, params: Params = [], options?: ReadOptions): Promise<T[]> {
    const bigint = options?.bigint === true;
    return this.shaped((await this.execute(this.compile(text, params, bigint))).rows as Row[], bigint) as T[];
  }

  // Not `(await this.all(...))[0]`: most of a bet's statements are one-row reads and writes, and each
  // async layer costs its promises.
  async get<T = Row>(text: string, params: Params = [], options?: ReadOptions): Promise<T | undefined> {
    const bigint = options?.bigint === true;
    return this.shaped((await this.execute(this.compile(text, params, bigint))).rows as Row[], bigint)[0] as T | undefined;
  }

  async run(text: string, params: Params = []): Promise<number> {
    const result = await this.execute(this.compile(text, params, false));
    return Number(result.numAffectedRows ?? 0n);
  }

  async exec(script: string): Promise<void> {
    if (this.engine === 'postgres') {
      // No parameters: pg sends it as a simple query, which may hold several statements.
      await this.execute({ sql: script, parameters: [] });
      return;
    }
    await this.execute({ sql: SCRIPT_MARK + script, parameters: [] });
  }

  transaction<T>(work: (tx: Sql) => Promise<T>): Promise<T> {
    return this.nested(work as (tx: Sql) => Promise<unknown>) as Promise<T>;
  }
}

/**
 * A savepoint on a transaction's connection: `work` rolls back alone when it throws. One name for
 * all: savepoints nest, and ROLLBACK TO and RELEASE take the innermost of that name (SQLite and
 * PostgreSQL alike), so SQLite prepares these three texts once rather than new ones each time.
 */
export async function withSavepoint<T>(execute: Executor, tx: Sql, work: (tx: Sql) => Promise<T>): Promise<T> {
  const book = tx.book?.snapshot();
  await execute(SAVEPOINT);
  let value: T;
  try {
    value = await work(tx);
  } catch (error) {
    await execute(ROLLBACK_TO_SAVEPOINT);
    await execute(RELEASE_SAVEPOINT);
    // The rollback undid the work's writes, the batch's running totals included.
    if (book) tx.book!.restore(book);
    throw error;
  }
  await execute(RELEASE_SAVEPOINT);
  return value;
}

const SAVEPOINT: Query = { sql: 'SAVEPOINT sp', parameters: [] };
const ROLLBACK_TO_SAVEPOINT: Query = { sql: 'ROLLBACK TO SAVEPOINT sp', parameters: [] };
const RELEASE_SAVEPOINT: Query = { sql: 'RELEASE SAVEPOINT sp', parameters: [] };

/** The handle a transaction's work gets: its connection's queries, savepoints for nested work. */
export function transactionHandle(engine: Engine, execute: Executor, book?: BatchBook): Sql {
  const handle: Sql = new SqlOn(engine, execute, (work) => withSavepoint(execute, handle, work), book);
  return handle;
}

/**
 * A transaction of the database's own refuses to start inside a transaction's work: on SQLite it would
 * wait for the connection that work holds, forever; on PostgreSQL it would commit apart from it. Nest
 * with the handle's `transaction` (a savepoint) instead.
 */
export function guardedTransaction(
  begin: (work: (tx: Sql) => Promise<unknown>) => Promise<unknown>,
): (work: (tx: Sql) => Promise<unknown>) => Promise<unknown> {
  return (work) => {
    if (insideTransaction.getStore()) {
      return Promise.reject(new Error(TRANSACTION_INSIDE));
    }
    return begin(work);
  };
}

/** The database's own queries refuse to run inside a transaction's work (they would wait for it, or miss it). */
export function guardedExecutor(execute: Executor): Executor {
  return (query) => {
    if (insideTransaction.getStore()) {
      return Promise.reject(new Error(QUERY_INSIDE));
    }
    return execute(query);
  };
}

/**
 * ` FOR UPDATE` on PostgreSQL, nothing on SQLite (whose writers never run side by side): append it to
 * a SELECT whose row the transaction then changes on the strength of what it read.
 */
export function forUpdate(sql: Sql): string {
  return sql.engine === 'postgres' ? ' FOR UPDATE' : '';
}
