import fs from 'node:fs';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import type { Statement } from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import type { SqliteStatement } from 'kysely';
import pg from 'pg';
import { ChangeMarks, oncePerTurn } from './changeMarks';
import { BACKSTOP_PAGES, Checkpointer } from './checkpointer';
import { GroupCommit } from './groupCommit';
import { LogSync } from './logSync';
import type { NestingCheck } from './groupCommit';
import { migrate } from './migrations';
import { seedDemoData } from './seed';
import { BIGINT_MARK, SCRIPT_MARK, DatabaseBusyError, SqlOn, checkNesting, compiled, guardedExecutor, guardedTransaction, insideTransaction, transactionHandle } from './sql';
import type { Database, Executor, Sql } from './sql';

export type { Database, Sql };

/**
 * How hard a commit waits for the disk (SQLITE_SYNCHRONOUS). In WAL mode, FULL syncs the log on every
 * commit, so a committed bet or withdrawal survives a power cut; NORMAL syncs only at checkpoints, so a
 * power cut (not a crash of the process) may roll back the last commits — bets and payouts the
 * players were already shown. Money needs FULL; NORMAL is the operator's explicit choice.
 */
export type SqliteSynchronous = 'FULL' | 'NORMAL';

export interface DatabaseOptions {
  /** SQLite: the directory of casino.sqlite. */
  dataDir: string;
  synchronous?: SqliteSynchronous;
  /** PostgreSQL: `postgres://user:pass@host:port/db`; unset keeps SQLite. */
  url?: string | null;
  /** PostgreSQL: the schema to keep the casino's tables in (created when missing); unset is `public`. */
  schema?: string | null;
  /** PostgreSQL: connections in this process's pool. */
  poolSize?: number;
  /** Skip the demo data (tests of the migrations). */
  seed?: boolean;
  /** SQLite: how a query on the database inside a transaction is found (db/groupCommit.ts); tests set it. */
  nesting?: NestingCheck;
  /** SQLite: checkpoint the log on a thread of its own (db/checkpointer.ts; the server does). */
  backgroundCheckpoints?: boolean;
}

/** A database handle: SQLite (the default) or PostgreSQL, migrated and seeded. */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  const db = options.url ? await openPostgres(options.url, options) : openSqlite(options.dataDir, options.synchronous ?? 'FULL', options.nesting, options.backgroundCheckpoints === true);
  try {
    await migrate(db);
    if (options.seed !== false) await seedDemoData(db);
  } catch (error) {
    await db.close();
    throw error;
  }
  return db;
}

/** A script of several statements, run through the same connection as Kysely's queries. */
type Script = SqliteStatement;

/**
 * The change marks of a SQLite database (db/changeMarks.ts): what a cache of its rows needs to know
 * whether they may have changed. Null on PostgreSQL, where other instances write unseen.
 */
export function changeMarksOf(db: Database): ChangeMarks | null {
  return (db as Database & { changes?: ChangeMarks }).changes ?? null;
}

/** The background checkpoints of a SQLite database (figures, tests); null when it has none. */
export function checkpointerOf(db: Database): Checkpointer | null {
  return (db as Database & { checkpointer?: Checkpointer | null }).checkpointer ?? null;
}

/** The group commit of a SQLite database (figures, tests); null on PostgreSQL, which needs none. */
export function groupCommitOf(db: Database): GroupCommit | null {
  return (db as Database & { groupCommit?: GroupCommit }).groupCommit ?? null;
}

type AnyKysely = Kysely<Record<string, Record<string, unknown>>>;

function openSqlite(
  dataDir: string,
  synchronous: SqliteSynchronous,
  nesting: NestingCheck = { mark: checkNesting, stallMs: 5_000 },
  backgroundCheckpoints = false,
): Database & { groupCommit: GroupCommit } {
  fs.mkdirSync(dataDir, { recursive: true });
  const file = new BetterSqlite3(path.join(dataDir, 'casino.sqlite'));
  file.pragma('journal_mode = WAL');
  // FULL is the group commit's own: it syncs the log off the event loop before answering (db/logSync.ts).
  file.pragma('synchronous = NORMAL');
  file.pragma('foreign_keys = ON');
  file.pragma('busy_timeout = 5000');
  file.defaultSafeIntegers(false);
  // The log's checkpoints off the event loop, the connection's own kept only as a backstop.
  const checkpointer = backgroundCheckpoints ? new Checkpointer(path.join(dataDir, 'casino.sqlite')) : null;
  if (checkpointer) file.pragma(`wal_autocheckpoint = ${BACKSTOP_PAGES}`);
  // Each SQL text is prepared once (parsing and planning were a large share of a bet's cost).
  const statements = new Map<string, Statement>();
  const prepare = (text: string): Statement | Script => {
    if (text.startsWith(SCRIPT_MARK)) return script(text.slice(SCRIPT_MARK.length));
    let statement = statements.get(text);
    if (!statement) {
      statement = text.startsWith(BIGINT_MARK) ? file.prepare(text.slice(BIGINT_MARK.length)).safeIntegers(true) : file.prepare(text);
      statements.set(text, statement);
    }
    return statement;
  };
  const script = (text: string): Script => ({
    reader: false,
    run: () => {
      file.exec(text);
      return { changes: 0, lastInsertRowid: 0 };
    },
    all: () => [],
    iterate: () => [][Symbol.iterator](),
  });
  const kysely: AnyKysely = new Kysely({ dialect: new SqliteDialect({ database: { prepare, close: () => file.close() } }) });
  // While a batch holds the connection (Kysely's mutex taken), its queries run on the prepared
  // statements directly, as Kysely's own SQLite connection would run them.
  const dataVersion = file.prepare('PRAGMA data_version').pluck();
  const changes = new ChangeMarks(oncePerTurn(() => dataVersion.get() as number));
  const onHeldConnection: Executor = (query) => {
    try {
      const statement = prepare(query.sql);
      // Whatever may write counts, a write that returns rows (RETURNING) and a script included.
      if (!('readonly' in statement && statement.readonly)) changes.wrote(query.sql);
      if (statement.reader) return Promise.resolve({ rows: statement.all(query.parameters) });
      const { changes: changed } = statement.run(query.parameters);
      return Promise.resolve({ rows: [], numAffectedRows: BigInt(changed) });
    } catch (error) {
      return Promise.reject(error as Error);
    }
  };
  const databasePath = path.join(dataDir, 'casino.sqlite');
  const log = new LogSync(`${databasePath}-wal`, databasePath);
  const groupCommit = new GroupCommit(kysely, () => file.inTransaction, onHeldConnection, nesting, log);
  groupCommit.synchronous = synchronous;
  // The database's own queries run on the prepared statements at once, as a batch's do: every
  // transaction goes through the group commit, and between its batches nothing holds the connection;
  // while a batch holds it they wait for its end (Kysely's connection and its mutex cost more than the
  // statement).
  // A write outside a transaction commits by itself: under FULL it is answered once its log is on disk.
  const direct: Executor = (query) => {
    if (groupCommit.holding) return groupCommit.whenFree().then(() => direct(query));
    const result = onHeldConnection(query);
    // A statement that cannot write needs no sync; one that may (RETURNING rows or not) does.
    const statement = prepare(query.sql);
    if ('readonly' in statement && statement.readonly) return result;
    return result.then((value) => groupCommit.durable()?.then(() => value) ?? value);
  };
  const execute = nesting.mark ? guardedExecutor(direct) : direct;
  const transaction = nesting.mark ? guardedTransaction((work) => groupCommit.run(work)) : (work: (tx: Sql) => Promise<unknown>) => groupCommit.run(work);
  const root = new SqlOn('sqlite', execute, transaction);
  return Object.assign(root, {
    kysely,
    groupCommit,
    checkpointer,
    changes,
    close: async () => {
      await checkpointer?.close();
      await groupCommit.close();
      await log.close();
      await kysely.destroy();
    },
  });
}

/** Serialisation failure and deadlock: the transaction may simply be run again. */
const RETRYABLE = new Set(['40001', '40P01']);
const ATTEMPTS = 8;

let typesSet = false;
function readIntegersExactly(): void {
  if (typesSet) return;
  typesSet = true;
  // int8 (COUNT, BIGINT columns) as bigint; numeric (SUM of bigints) as bigint when whole.
  pg.types.setTypeParser(20, (text: string) => BigInt(text));
  pg.types.setTypeParser(1700, (text: string) => (/^-?\d+$/.test(text) ? BigInt(text) : Number(text)));
}

async function openPostgres(url: string, options: DatabaseOptions): Promise<Database> {
  readIntegersExactly();
  const schema = options.schema ?? null;
  if (schema !== null && !/^[a-z_][a-z0-9_]*$/.test(schema)) throw new Error(`invalid DATABASE_SCHEMA "${schema}"`);
  if (schema) {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      // IF NOT EXISTS is not atomic: of two instances starting at once, the second may still collide
      // with the first's new schema (unique violation, or duplicate schema). Either way it exists now.
      await client.query(`CREATE SCHEMA IF NOT EXISTS ${schema}`).catch((error: { code?: string }) => {
        if (error.code !== '23505' && error.code !== '42P06') throw error;
      });
    } finally {
      await client.end();
    }
  }
  const pool = new pg.Pool({
    connectionString: url,
    max: options.poolSize ?? 10,
    ...(schema ? { options: `-c search_path=${schema}` } : {}),
  });
  const kysely: AnyKysely = new Kysely({ dialect: new PostgresDialect({ pool }) });
  const execute = guardedExecutor((query) => kysely.executeQuery(compiled(query)));

  const transaction = async (work: (tx: Sql) => Promise<unknown>): Promise<unknown> => {
    for (let attempt = 1; ; attempt++) {
      try {
        return await kysely.connection().execute(async (connection) => {
          const run: Executor = (query) => connection.executeQuery(compiled(query));
          await run({ sql: 'BEGIN', parameters: [] });
          let value: unknown;
          try {
            value = await insideTransaction.run(true, () => work(transactionHandle('postgres', run)));
          } catch (error) {
            await run({ sql: 'ROLLBACK', parameters: [] });
            throw error;
          }
          const { rows } = await run({ sql: 'COMMIT', parameters: [] });
          if ((rows[0] as { command?: string } | undefined)?.command === 'ROLLBACK') throw new Error('the transaction was rolled back');
          return value;
        });
      } catch (error) {
        const code = (error as { code?: unknown }).code;
        if (typeof code !== 'string' || !RETRYABLE.has(code)) throw error;
        if (attempt >= ATTEMPTS) throw new DatabaseBusyError(`gave up after ${ATTEMPTS} attempts: ${(error as Error).message}`);
        // Back off a little, at random, so the transactions that collided do not collide again.
        await new Promise((resolve) => setTimeout(resolve, Math.random() * 2 ** attempt));
      }
    }
  };
  const root = new SqlOn('postgres', execute, guardedTransaction(transaction));
  return Object.assign(root, {
    kysely,
    close: async () => {
      await kysely.destroy();
    },
  });
}
