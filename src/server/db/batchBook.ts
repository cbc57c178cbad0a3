import type { Sql, SqlValue } from './sql';
import { TableNames } from './tableNames';

/**
 * The shared running totals of a group-commit batch (SQLite, db/groupCommit.ts): the rows every bet
 * adds to (the ACC mined total, each bankroll pool's volume and profit, the RTP sums) are added up
 * in memory while the batch's bets run and written once per row before the batch commits, instead
 * of once per bet. Rows every bet appends (the ledger's transfers and entries) are kept in order and
 * inserted together, several to a statement, before the batch commits (`append`); each bet still has
 * its own bet row, transfers and ledger entries.
 *
 * Nothing half-booked is ever visible or committed:
 * - the batch writes every pending sum before its COMMIT, in the same transaction;
 * - before any other statement of the batch names one of these tables (a read of a pool's figures,
 *   a staking payout...), the pending sums are written first (`touches`), so that statement sees the
 *   rows exactly as if every bet had written its own share;
 * - a bet (or a nested savepoint) that fails rolls its own sums back with its writes: the state is
 *   taken before it runs and put back when its savepoint is rolled back (`snapshot`/`restore`), which
 *   also undoes any write of pending sums made inside it, since the rollback undid that too;
 * - a value read for the batch (`base`) is kept only while nothing else may have changed its row.
 *
 * Only code that knows the row's own SQL uses it (`tx.book`); on PostgreSQL, and outside a batch,
 * `tx.book` is undefined and each bet writes its rows itself.
 */
export interface Accumulator {
  /** The rows' tables, so that a statement naming one of them writes the pending sums first. */
  tables: readonly string[];
  /** Writes `amounts` (the batch's sums) to the row, on the batch's connection without the book. */
  write: (sql: Sql, amounts: readonly (bigint | number)[]) => Promise<void>;
}

interface Entry {
  accumulator: Accumulator;
  amounts: (bigint | number)[];
  /** A value of the row read once for the batch, without the pending amounts (see `base`). */
  base?: bigint;
  /** The row's id, read with its base (a ledger account's, for its entries). */
  id?: number;
}

/** Rows appended to one table during a batch, inserted together (see `append`). */
export interface RowBuffer {
  /** The table, so that a statement naming it inserts the buffered rows first. */
  table: string;
  /** Inserts `rows` in their order, on the batch's connection without the book. */
  write: (sql: Sql, rows: readonly (readonly SqlValue[])[]) => Promise<void>;
}

interface Buffered {
  buffer: RowBuffer;
  rows: (readonly SqlValue[])[];
}

export interface BookState {
  entries: ReadonlyMap<string, Readonly<Entry>>;
  /** Each buffer's array as it was and its length then (arrays are only appended to, or replaced when written). */
  rows: ReadonlyArray<readonly [string, Buffered, (readonly SqlValue[])[], number]>;
  ids: ReadonlyMap<string, number>;
}

/**
 * Which of the tables any batch has watched a text names, shared by the batches: the same few tables
 * and statement texts come back in every batch, so each text is looked at once per server rather than
 * once per batch (a batch's own `tables` says which of them it watches).
 */
const TABLES = new TableNames();

export class BatchBook {
  private entries = new Map<string, Entry>();
  /** Rows waiting to be inserted, per buffer, in the order buffers were first used. */
  private buffers = new Map<string, Buffered>();
  /** The next id to give a row of each table whose ids the batch hands out (see `nextId`). */
  private ids = new Map<string, number>();
  /** The tables whose statements write what is pending first (each also in TABLES, which names them in a text). */
  private readonly tables = new Set<string>();
  /** Writes of pending sums so far (figures and tests). */
  writes = 0;

  /** @param raw the batch's connection without this book (its own reads and writes must not trigger it) */
  constructor(private readonly raw: Sql) {}

  /** Adds `amounts` to the row `key`; `accumulator` says how to write them (the same for a key). */
  add(key: string, accumulator: Accumulator, amounts: readonly (bigint | number)[]): void {
    let entry = this.entries.get(key);
    if (!entry) {
      entry = { accumulator, amounts: amounts.map((a) => (typeof a === 'bigint' ? 0n : 0)) };
      this.entries.set(key, entry);
      this.watch(accumulator.tables);
    }
    const sums = entry.amounts;
    amounts.forEach((amount, i) => {
      sums[i] = typeof amount === 'bigint' ? (sums[i] as bigint) + amount : (sums[i] as number) + amount;
    });
  }

  /** The amount pending at position `i` of `key` (0 when none). */
  pending(key: string, i: number): bigint {
    const value = this.entries.get(key)?.amounts[i];
    return typeof value === 'bigint' ? value : 0n;
  }

  /**
   * Appends a row for `buffer`'s table; the rows of a batch are inserted in the order they were
   * appended, before any statement of the batch names the table and before the batch commits. The
   * caller must know the row is valid (a constraint that fails then fails the whole batch).
   */
  append(buffer: RowBuffer, row: readonly SqlValue[]): void {
    let buffered = this.buffers.get(buffer.table);
    if (!buffered) {
      buffered = { buffer, rows: [] };
      this.buffers.set(buffer.table, buffered);
      this.watch([buffer.table]);
    }
    buffered.rows.push(row);
  }

  /**
   * The id the next row of `table` gets when the batch hands its ids out (an INTEGER PRIMARY KEY whose
   * rows are appended, so a row's id is known before it is inserted): the largest id in the table,
   * read by `readMax` once per batch (the batch is the only writer), plus the rows given ids since.
   * Read again after the table's rows are written, as another statement may have added rows since.
   */
  async nextId(table: string, readMax: (sql: Sql) => Promise<number>): Promise<number> {
    let next = this.ids.get(table);
    if (next === undefined) {
      next = (await readMax(this.raw)) + 1;
      this.watch([table]);
    }
    this.ids.set(table, next + 1);
    return next;
  }

  /**
   * A value of the row `key` as the database holds it without the pending sums, read by `read` the
   * first time in the batch; callers add `pending(key, i)` for the value the batch has reached.
   */
  async base(key: string, accumulator: Accumulator, width: number, read: (sql: Sql) => Promise<bigint | { value: bigint; id: number }>): Promise<bigint> {
    return (await this.row(key, accumulator, width, read)).base!;
  }

  /**
   * The row `key` as already read for the batch (its `base`, and its id when the read gave one), or
   * undefined when it has not been: a caller answers a hit at once and awaits `row` only on a miss,
   * since even an async call that answers at once costs a bet its promises and a suspended frame.
   */
  known(key: string): Readonly<Entry> | undefined {
    const entry = this.entries.get(key);
    return entry?.base === undefined ? undefined : entry;
  }

  /** `base`, with the row's id when `read` gave one. */
  async row(key: string, accumulator: Accumulator, width: number, read: (sql: Sql) => Promise<bigint | { value: bigint; id: number }>): Promise<Readonly<Entry>> {
    let entry = this.entries.get(key);
    if (entry?.base !== undefined) return entry;
    const got = await read(this.raw);
    if (!entry) {
      entry = { accumulator, amounts: new Array<bigint | number>(width).fill(0n) };
      this.entries.set(key, entry);
      this.watch(accumulator.tables);
    }
    if (typeof got === 'bigint') entry.base = got;
    else {
      entry.base = got.value;
      entry.id = got.id;
    }
    return entry;
  }

  /** Forgets what was read of `key`, which has nothing pending (a row created since it was read). */
  forget(key: string): void {
    const entry = this.entries.get(key);
    if (entry && entry.amounts.some((a) => a !== 0n && a !== 0)) throw new Error(`${key} has pending sums`);
    this.entries.delete(key);
  }

  /**
   * The batch's connection without this book, for a statement that names a watched table but
   * touches no row the book sums (a player's own ledger account): it need not write the sums first.
   */
  get unbooked(): Sql {
    return this.raw;
  }

  /** Whether `text` names a table with pending sums (then write them before it runs). */
  touches(text: string): boolean {
    for (const table of TABLES.namedIn(text)) if (this.tables.has(table)) return this.hasPending();
    return false;
  }

  private watch(tables: readonly string[]): void {
    for (const table of tables) this.tables.add(table);
    TABLES.watch(tables);
  }

  /** Writes every pending sum and forgets the values read. */
  async write(): Promise<void> {
    const entries = [...this.entries.values()];
    const buffers = [...this.buffers.values()];
    // Forget first: should a write fail, the batch fails with it and this state is not used again.
    this.entries = new Map();
    this.buffers = new Map();
    this.ids = new Map();
    for (const { buffer, rows } of buffers) {
      if (rows.length === 0) continue;
      this.writes += 1;
      await buffer.write(this.raw, rows);
    }
    for (const { accumulator, amounts } of entries) {
      if (amounts.every((a) => a === 0n || a === 0)) continue;
      this.writes += 1;
      await accumulator.write(this.raw, amounts);
    }
  }

  /** The state to put back if the work about to run rolls back. */
  snapshot(): BookState {
    const copy = new Map<string, Entry>();
    for (const [key, entry] of this.entries) copy.set(key, { ...entry, amounts: [...entry.amounts] });
    const rows = [...this.buffers].map(([table, buffered]) => [table, buffered, buffered.rows, buffered.rows.length] as const);
    return { entries: copy, rows, ids: new Map(this.ids) };
  }

  restore(state: BookState): void {
    this.entries = new Map([...state.entries].map(([key, entry]) => [key, { ...entry, amounts: [...entry.amounts] }]));
    // A buffer's array is appended to, or replaced by a new one when its rows are written: the array
    // of the snapshot, cut back to its length then, holds exactly the rows pending at that time.
    this.buffers = new Map(
      state.rows.map(([table, buffered, rows, length]) => {
        rows.length = length;
        return [table, { buffer: buffered.buffer, rows }];
      }),
    );
    this.ids = new Map(state.ids);
  }

  private hasPending(): boolean {
    for (const entry of this.entries.values()) if (entry.amounts.some((a) => a !== 0n && a !== 0) || entry.base !== undefined) return true;
    for (const buffered of this.buffers.values()) if (buffered.rows.length > 0) return true;
    return this.ids.size > 0;
  }
}

/** Rows per INSERT at most when a buffer is written; fewer rows go in chunks of 32, 16, ... 1. */
const CHUNK = 64;

/**
 * A buffer whose rows are inserted into `table`'s `columns`, up to 64 rows a statement. The chunks
 * have power-of-two sizes, so a batch prepares at most seven statement texts per table, once.
 */
export function rowBuffer(table: string, columns: readonly string[]): RowBuffer {
  const texts = new Map<number, string>();
  const textFor = (count: number): string => {
    let text = texts.get(count);
    if (!text) {
      const row = `(${columns.map(() => '?').join(', ')})`;
      text = `INSERT INTO ${table} (${columns.join(', ')}) VALUES ${new Array<string>(count).fill(row).join(', ')}`;
      texts.set(count, text);
    }
    return text;
  };
  return {
    table,
    write: async (sql, rows) => {
      let at = 0;
      while (at < rows.length) {
        let count = CHUNK;
        while (count > rows.length - at) count >>= 1;
        const params: SqlValue[] = [];
        for (let i = at; i < at + count; i++) for (const value of rows[i]!) params.push(value);
        await sql.run(textFor(count), params);
        at += count;
      }
    },
  };
}
