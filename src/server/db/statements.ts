import type { Database, Statement } from 'better-sqlite3';

const cache = new WeakMap<Database, Map<string, Statement>>();

/**
 * A prepared statement, prepared once per database and SQL text. Preparing parses and plans the SQL
 * every time; on the bet path that was a large share of a bet's cost, for statements that never change.
 * Reads integers as the database's default (numbers); src/server/token/sql.ts is the bigint twin.
 */
export function statement(db: Database, text: string): Statement {
  let statements = cache.get(db);
  if (!statements) {
    statements = new Map();
    cache.set(db, statements);
  }
  let prepared = statements.get(text);
  if (!prepared) {
    prepared = db.prepare(text);
    statements.set(text, prepared);
  }
  return prepared;
}
