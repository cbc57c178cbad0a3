import fs from 'node:fs';
import path from 'node:path';
import { loadConfig } from '../config';
import { openDatabase } from '../db/database';
import type { Database } from '../db/database';

/**
 * What the operator's command-line tools share: the server's own database, found as the server finds
 * it (DATABASE_URL and DATABASE_SCHEMA for PostgreSQL, else DATA_DIR's SQLite file), opened without
 * seeding. A string is the reason it could not be opened (the tools exit 2 with it).
 */
export async function openServerDatabase(): Promise<{ db: Database; where: string; dataDir: string } | string> {
  let config;
  try {
    config = loadConfig(process.env);
  } catch (error) {
    return (error as Error).message;
  }
  const file = path.join(config.dataDir, 'casino.sqlite');
  const where = config.databaseUrl ? `PostgreSQL${config.databaseSchema ? ` schema ${config.databaseSchema}` : ''}` : file;
  if (!config.databaseUrl && !fs.existsSync(file)) return `no database at ${file} (set DATA_DIR, or DATABASE_URL for PostgreSQL)`;
  try {
    const db = await openDatabase({
      dataDir: config.dataDir,
      url: config.databaseUrl,
      schema: config.databaseSchema,
      synchronous: config.sqliteSynchronous,
      seed: false,
    });
    return { db, where, dataDir: config.dataDir };
  } catch (error) {
    return `cannot open the database in ${where}: ${(error as Error).message}`;
  }
}

/** Runs a tool's main and exits with its code; an unexpected error is printed and exits 1. */
export function runTool(main: () => Promise<number>): void {
  main().then(
    (code) => {
      process.exitCode = code;
    },
    (error: unknown) => {
      console.error(error);
      process.exitCode = 1;
    },
  );
}
