import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { clearTimeout as realClearTimeout, setTimeout as realTimeout } from 'node:timers';
import pg from 'pg';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { buildApp } from '../../src/server/app';
import type { BuildOptions } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { openDatabase } from '../../src/server/db/database';
import type { Database } from '../../src/server/db/database';
import type { ServerConfig } from '../../src/server/config';

const GENEROUS_LIMITS = Object.fromEntries(
  ['SIGNUP', 'FORGOT_PASSWORD', 'RESEND_CONFIRMATION'].flatMap((name) => [
    [`RATE_LIMIT_${name}_PER_ADDRESS`, '100000'],
    [`RATE_LIMIT_${name}_PER_ACCOUNT`, '100000'],
  ]),
);

export interface TestServer {
  app: FastifyInstance;
  url: string;
  dataDir: string;
  config: ServerConfig;
  close: () => Promise<void>;
}

export function tempDir(prefix = 'casino-test-'): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), prefix));
}

/**
 * The engine the server tests run on: SQLite in a temporary directory by default; PostgreSQL when
 * TEST_DATABASE_URL is set (scripts/test.mjs runs the server tests a second time so), each server or
 * database in a schema of its own, dropped when it closes.
 */
export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL || null;
export const ENGINE: 'sqlite' | 'postgres' = TEST_DATABASE_URL ? 'postgres' : 'sqlite';

/** A fresh schema name for one server or database of a test. */
export function testSchema(): string | null {
  return TEST_DATABASE_URL ? `t_${randomBytes(6).toString('hex')}` : null;
}

/** Drops a test's schema (PostgreSQL); nothing on SQLite. */
export async function dropTestSchema(schema: string | null): Promise<void> {
  if (!TEST_DATABASE_URL || !schema) return;
  const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await client.connect();
  try {
    await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
  } finally {
    await client.end();
  }
}

export interface TestDatabase {
  db: Database;
  dataDir: string;
  schema: string | null;
  /** Closes the database and removes its directory or schema. */
  close: () => Promise<void>;
}

/** The casino's database alone, migrated and seeded, on the engine under test. */
export async function openTestDatabase(options: { dataDir?: string; schema?: string | null; synchronous?: 'FULL' | 'NORMAL' } = {}): Promise<TestDatabase> {
  const dataDir = options.dataDir ?? tempDir();
  const schema = options.schema === undefined ? testSchema() : options.schema;
  const db = await openDatabase({ dataDir, url: TEST_DATABASE_URL, schema, ...(options.synchronous ? { synchronous: options.synchronous } : {}) });
  return {
    db,
    dataDir,
    schema,
    close: async () => {
      await db.close();
      await dropTestSchema(schema);
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * The real server on a real socket (127.0.0.1, ephemeral port) with its own data directory.
 * `configure` runs before listen, so a test may add routes or hooks.
 * Two departures from the production defaults, both overridable: the test client on loopback plays a
 * reverse proxy (TRUST_PROXY=loopback), so `forwardedFor` chooses the client address; and the sign-up,
 * forgot-password and resend limits are high, since most tests sign up many players from one address.
 */
/** How long a test server may take to start or to close before the log says so. */
const STALL_MS = 12_000;

/**
 * `step`, and a line on stderr if it has not ended after STALL_MS with Node's active handles: a rare
 * 20 s hang of a server test (security-headers.test.ts, twice in full runs, never reproduced) then says
 * whether it sat in the start or the close. node:timers' own timers: a file before this one in the
 * worker may have faked the global ones.
 */
async function reportingStall<T>(what: string, step: () => Promise<T>): Promise<T> {
  const began = performance.now();
  const watch = realTimeout(() => {
    process.stderr.write(`test server: still ${what} after ${(performance.now() - began).toFixed(0)} ms; active: ${process.getActiveResourcesInfo().join(', ')}\n`);
  }, STALL_MS);
  watch.unref();
  try {
    return await step();
  } finally {
    realClearTimeout(watch);
  }
}

export async function startTestServer(
  overrides: Partial<ServerConfig> = {},
  configure?: (app: FastifyInstance) => void | Promise<void>,
  build: Omit<BuildOptions, 'config' | 'logger'> = {},
): Promise<TestServer> {
  const dataDir = overrides.dataDir ?? tempDir();
  const config: ServerConfig = {
    ...loadConfig({ PORT: '0', DATA_DIR: dataDir, STATIC_DIR: '', LOG_LEVEL: 'silent', TRUST_PROXY: 'loopback', ...GENEROUS_LIMITS }),
    databaseUrl: TEST_DATABASE_URL,
    databaseSchema: testSchema(),
    ...overrides,
    dataDir,
  };
  const app = await reportingStall('starting', async () => {
    const started = await buildApp({ ...build, config, logger: false });
    await configure?.(started);
    await started.listen({ port: 0, host: '127.0.0.1' });
    return started;
  });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('server has no TCP address');
  const url = `http://127.0.0.1:${address.port}`;
  return {
    app,
    url,
    dataDir,
    config,
    close: () =>
      reportingStall('closing', async () => {
        await app.close();
        await dropTestSchema(config.databaseSchema);
        fs.rmSync(dataDir, { recursive: true, force: true });
      }),
  };
}

export async function json<T = unknown>(response: Response): Promise<T> {
  return (await response.json()) as T;
}

/**
 * One real server for the enclosing `describe` block: started before its tests, closed after them.
 * Read it as `.server` inside the tests.
 */
export function serverPerBlock(...args: Parameters<typeof startTestServer>) {
  let server: TestServer | undefined;
  beforeAll(async () => {
    server = await startTestServer(...args);
  });
  afterAll(async () => server?.close());
  return {
    get server(): TestServer {
      if (!server) throw new Error('the server starts in beforeAll');
      return server;
    },
  };
}

/** A test that runs on a server of its own, closed whatever the test's outcome. */
export function withTestServer(overrides: Partial<ServerConfig>, body: (server: TestServer) => Promise<void>): () => Promise<void> {
  return async () => {
    const server = await startTestServer(overrides);
    try {
      await body(server);
    } finally {
      await server.close();
    }
  };
}
