import { TableNames } from './tableNames';

/**
 * Whether some tables may have changed since a moment (SQLite; db/database.ts keeps one per
 * connection). A mark counts this connection's statements that wrote to a watched table (counted when
 * they run, before their transaction commits, whether it then commits or not) together with SQLite's
 * `PRAGMA data_version`, which changes whenever another connection (another process, or another server
 * on the same file) commits. Two equal marks of a table mean that nothing can have changed it in
 * between; a cache that keeps what it read with the mark taken before the read is exact with it.
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
