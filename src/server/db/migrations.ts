import type { Database } from 'better-sqlite3';

/**
 * Ordered, append-only schema changes. Written in plain SQL that PostgreSQL also accepts
 * (INTEGER money columns become BIGINT there) so the casino can move off SQLite later.
 */
export interface Migration {
  id: number;
  name: string;
  sql: string;
}

export const migrations: Migration[] = [
  {
    id: 1,
    name: 'currencies',
    sql: `
      CREATE TABLE currencies (
        symbol TEXT PRIMARY KEY,
        name TEXT NOT NULL,
        bettable INTEGER NOT NULL DEFAULT 1,
        position INTEGER NOT NULL
      );
    `,
  },
];

export function migrate(db: Database, list: Migration[] = migrations): number[] {
  db.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    applied_at TEXT NOT NULL
  )`);
  const applied = new Set(
    db.prepare('SELECT id FROM schema_migrations').all().map((row) => (row as { id: number }).id),
  );
  const record = db.prepare('INSERT INTO schema_migrations (id, name, applied_at) VALUES (?, ?, ?)');
  const ran: number[] = [];
  for (const migration of [...list].sort((a, b) => a.id - b.id)) {
    if (applied.has(migration.id)) continue;
    db.transaction(() => {
      db.exec(migration.sql);
      record.run(migration.id, migration.name, new Date().toISOString());
    })();
    ran.push(migration.id);
  }
  return ran;
}
