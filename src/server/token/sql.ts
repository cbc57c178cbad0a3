import type { Database, Statement } from 'better-sqlite3';

const cache = new WeakMap<Database, Map<string, Statement>>();

/** A prepared statement reading integers as bigint, prepared once per database and SQL text. */
export function sql(db: Database, text: string): Statement {
  let statements = cache.get(db);
  if (!statements) {
    statements = new Map();
    cache.set(db, statements);
  }
  let statement = statements.get(text);
  if (!statement) {
    statement = db.prepare(text).safeIntegers(true);
    statements.set(text, statement);
  }
  return statement;
}
