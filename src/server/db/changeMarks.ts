import { setImmediate } from 'node:timers';
import { TableNames } from './tableNames';

/**
 * Whether some tables may have changed since a moment (SQLite; db/database.ts keeps one per
 * connection). A mark counts this connection's statements that wrote to a watched table (counted when
 * they run, before their transaction commits, whether it then commits or not) together with SQLite's
 * `PRAGMA data_version`, which changes whenever another connection (another process, or another server
 * on the same file) commits. Two equal marks of a table mean that nothing can have changed it in
 * between, but for another connection's commit during the turn of the event loop they were taken in
 * (db/database.ts reads the version once per turn: `oncePerTurn` below). A cache that keeps what it
 * read with the mark taken before the read is exact with it: a commit the read saw but the mark did not
 * changes the next turn's mark.
 */
export class ChangeMarks {
  private readonly writes = new Map<string, number>();
  private readonly tables = new TableNames();

  /** @param dataVersion SQLite's PRAGMA data_version on this connection */
  constructor(private readonly dataVersion: () => number) {}

  /** The mark of `tables` now; they are watched from the first mark on. */
  mark(tables: readonly string[]): string {
    let count = 0;
    for (const table of tables) {
      const writes = this.writes.get(table);
      if (writes === undefined) {
        this.writes.set(table, 0);
        this.tables.watch([table]);
      }
      count += writes ?? 0;
    }
    return `${count}:${this.dataVersion()}`;
  }

  /** Counts a statement that may write (any that is not a plain read), before it runs, for the tables it may change. */
  wrote(text: string): void {
    for (const table of this.tables.writtenIn(text)) this.writes.set(table, this.writes.get(table)! + 1);
  }
}

/**
 * `read`, called at most once per turn of the event loop: the value read first in a turn is answered
 * for the rest of it, and read again in the next turn.
 *
 * For PRAGMA data_version (db/database.ts): reading it opens a read transaction of its own, whose
 * shared-memory locks are system calls, about 9 µs a request in the dice bench's profile (4% of a bet)
 * for a value that changes only when another process commits. Requests handled in one turn arrived
 * before it began or while it ran, so each may be taken as authenticated at the moment of the turn's
 * read; a commit of another connection is seen from the next turn on, and this connection's own
 * writes are counted exactly, as before (ChangeMarks.wrote). The turn ends with the loop's check phase
 * (node:timers' setImmediate, which vitest's fake timers leave alone).
 */
export function oncePerTurn<T>(read: () => T): () => T {
  let value: { read: T } | null = null;
  const forget = () => {
    value = null;
  };
  return () => {
    if (value === null) {
      value = { read: read() };
      setImmediate(forget);
    }
    return value.read;
  };
}

