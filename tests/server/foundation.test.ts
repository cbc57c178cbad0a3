import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate, migrations } from '../../src/server/db/migrations';
import type { Database } from '../../src/server/db/sql';
import { balanceOf, externalAccount, houseAccount, transfer } from '../../src/server/ledger/ledger';
import { ENGINE, TEST_DATABASE_URL, dropTestSchema, json, openTestDatabase, startTestServer, tempDir, testSchema } from '../support/server';
import type { TestServer } from '../support/server';
import { freePort, spawnServer, waitForHealth } from '../support/serverProcess';

/** Empties a freshly opened test database (its schema on PostgreSQL, every table on SQLite), so a test can migrate it itself. */
async function emptied(db: Database, schema: string | null): Promise<Database> {
  if (db.engine === 'postgres') {
    await db.exec(`DROP SCHEMA ${schema ?? 'public'} CASCADE; CREATE SCHEMA ${schema ?? 'public'}`);
    return db;
  }
  const tables = await db.all<{ name: string }>("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'");
  await db.exec(`PRAGMA foreign_keys = OFF; ${tables.map(({ name }) => `DROP TABLE ${name};`).join(' ')} PRAGMA foreign_keys = ON;`);
  return db;
}

/** The schema as the engine describes it: tables, columns and their types, indexes. */
async function schemaOf(db: Database): Promise<unknown[]> {
  if (db.engine === 'sqlite') {
    return db.all("SELECT type, name, sql FROM sqlite_master WHERE sql IS NOT NULL ORDER BY type, name");
  }
  const columns = await db.all(
    `SELECT table_name, column_name, data_type, is_nullable, is_identity, column_default
     FROM information_schema.columns WHERE table_schema = current_schema() ORDER BY table_name, column_name`,
  );
  const indexes = await db.all<{ tablename: string; indexname: string; indexdef: string }>(
    'SELECT tablename, indexname, indexdef FROM pg_indexes WHERE schemaname = current_schema() ORDER BY tablename, indexname',
  );
  const constraints = await db.all(
    `SELECT c.conrelid::regclass::text AS "table", c.contype AS type, pg_get_constraintdef(c.oid) AS definition
     FROM pg_constraint c JOIN pg_namespace n ON n.oid = c.connamespace
     WHERE n.nspname = current_schema() ORDER BY 1, 2, 3`,
  );
  return [columns, indexes.map((index) => ({ ...index, indexdef: index.indexdef.replace(/ ON \S+\./, ' ON ') })), constraints];
}

describe('server foundation', () => {
  let server: TestServer;
  let staticDir: string;

  beforeAll(async () => {
    staticDir = tempDir('casino-static-');
    fs.mkdirSync(path.join(staticDir, 'assets'));
    fs.writeFileSync(path.join(staticDir, 'index.html'), '<!doctype html><title>casino</title><div id="root"></div>');
    fs.writeFileSync(path.join(staticDir, 'assets', 'app-abc123.js'), 'console.log(1)');
    server = await startTestServer({ staticDir }, (app) => {
      app.get('/api/test/boom', async () => {
        throw new Error('secret internals at /srv/app.ts:42');
      });
      app.post('/api/test/echo', {
        schema: {
          body: {
            type: 'object',
            required: ['name'],
            additionalProperties: false,
            properties: { name: { type: 'string', minLength: 1, maxLength: 20 } },
          },
        },
        handler: async (request) => request.body,
      });
    });
  });

  afterAll(async () => {
    await server.close();
    fs.rmSync(staticDir, { recursive: true, force: true });
  });

  it('should answer GET /api/health with the database checked', async () => {
    const response = await fetch(`${server.url}/api/health`);
    expect(response.status).toBe(200);
    const body = await json<{ status: string; database: string }>(response);
    expect(body).toMatchObject({ status: 'ok', database: 'ok' });
  });

  it('should create, migrate and seed the database (on SQLite, the file in the data directory)', async () => {
    if (ENGINE === 'sqlite') expect(fs.existsSync(path.join(server.dataDir, 'casino.sqlite'))).toBe(true);
    else expect(fs.existsSync(path.join(server.dataDir, 'casino.sqlite'))).toBe(false);
    const { db } = server.app;
    const symbols = await db.all('SELECT symbol, bettable FROM currencies ORDER BY position');
    const applied = await db.all('SELECT id FROM schema_migrations ORDER BY id');
    expect(symbols).toEqual([
      { symbol: 'BTC', bettable: 1 },
      { symbol: 'ETH', bettable: 1 },
      { symbol: 'USDT', bettable: 1 },
      { symbol: 'LTC', bettable: 1 },
      { symbol: 'DOGE', bettable: 1 },
      { symbol: 'ACC', bettable: 0 },
    ]);
    expect(applied.map((row) => (row as { id: number }).id)).toEqual(migrations.map((m) => m.id).sort((a, b) => a - b));
  });

  it('should not seed twice or re-run migrations when it starts again on the same data', async () => {
    const first = await openTestDatabase();
    await first.db.close();
    const again = await openTestDatabase({ dataDir: first.dataDir, schema: first.schema });
    try {
      const count = (await again.db.get<{ n: number }>('SELECT COUNT(*) AS n FROM currencies'))!;
      const runs = (await again.db.get<{ n: number }>('SELECT COUNT(*) AS n FROM schema_migrations'))!;
      expect(count.n).toBe(6);
      expect(runs.n).toBe(migrations.length);
    } finally {
      await again.close();
    }
  });

  it('should answer an unknown API path with a JSON 404', async () => {
    const response = await fetch(`${server.url}/api/nothing-here`, { headers: { accept: 'text/html' } });
    expect(response.status).toBe(404);
    expect(await json(response)).toEqual({ error: 'not_found', message: 'No route for GET /api/nothing-here' });
  });

  it('should serve the SPA for a client route so a reload on /dice works', async () => {
    const response = await fetch(`${server.url}/dice`, { headers: { accept: 'text/html' } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/html');
    expect(response.headers.get('cache-control')).toBe('no-cache');
    expect(await response.text()).toContain('<div id="root">');
  });

  it('should serve hashed assets as immutable and 404 a missing one', async () => {
    const asset = await fetch(`${server.url}/assets/app-abc123.js`);
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toContain('immutable');
    const missing = await fetch(`${server.url}/assets/missing.js`);
    expect(missing.status).toBe(404);
  });

  it('should answer bad input with a 400 and a clear message, not a stack', async () => {
    const missing = await fetch(`${server.url}/api/test/echo`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({}),
    });
    expect(missing.status).toBe(400);
    expect(await json(missing)).toEqual({ error: 'bad_request', message: 'name is required' });

    const broken = await fetch(`${server.url}/api/test/echo`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"name": ',
    });
    expect(broken.status).toBe(400);
    const brokenBody = await json<{ error: string; message: string }>(broken);
    expect(brokenBody.error).toBe('bad_request');
    expect(JSON.stringify(brokenBody)).not.toMatch(/at .*\.js|node_modules/);

    const extra = await fetch(`${server.url}/api/test/echo`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'ok', admin: true }),
    });
    expect(extra.status).toBe(400);
    expect(await json(extra)).toEqual({ error: 'bad_request', message: 'admin is not allowed' });
  });

  it('should refuse a body over the size limit with a 413', async () => {
    const response = await fetch(`${server.url}/api/test/echo`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'x'.repeat(100_000) }),
    });
    expect(response.status).toBe(413);
    expect((await json<{ error: string }>(response)).error).toBe('payload_too_large');
  });

  it('should hide the details of an unexpected failure behind a 500', async () => {
    const response = await fetch(`${server.url}/api/test/boom`);
    expect(response.status).toBe(500);
    const text = await response.text();
    expect(JSON.parse(text)).toEqual({
      error: 'internal_error',
      message: 'Something went wrong on our side. Please try again.',
    });
    expect(text).not.toContain('secret internals');
  });
});

describe('server process', () => {
  it('should start on PORT with DATA_DIR (and DATABASE_URL on PostgreSQL) and shut down cleanly on SIGTERM', async () => {
    const port = await freePort();
    const dataDir = tempDir();
    const schema = testSchema();
    const database: Record<string, string> = TEST_DATABASE_URL ? { DATABASE_URL: TEST_DATABASE_URL, DATABASE_SCHEMA: schema ?? '' } : { DATABASE_URL: '' };
    const child = await spawnServer({ port, dataDir, env: { STATIC_DIR: '', LOG_LEVEL: 'info', ...database }, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    try {
      expect(await waitForHealth(`http://127.0.0.1:${port}`, 15_000, 150), output).toBe(true);
      // Structured logs: one JSON object per line.
      const firstLine = output.split('\n').find((line) => line.startsWith('{'));
      expect(() => JSON.parse(firstLine ?? '')).not.toThrow();
      const exit = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
      child.kill('SIGTERM');
      expect(await exit).toBe(0);
      expect(output).toContain('shutting down');
      expect(fs.existsSync(path.join(dataDir, 'casino.sqlite'))).toBe(ENGINE === 'sqlite');
    } finally {
      child.kill('SIGKILL');
      fs.rmSync(dataDir, { recursive: true, force: true });
      await dropTestSchema(schema);
    }
  });
});

/*
 * The order of the list itself is not asserted: the list is assembled from each domain's schema
 * file, and migrate() sorts by id, so where a migration sits in the list is an accident. What
 * matters is that ids are unique (a repeated id is taken as already applied and skipped on a
 * database that has the first one) and that a database is built in id order whatever the list's order.
 */
describe('migrations', () => {
  it('should use every id once', () => {
    const ids = migrations.map((m) => m.id);
    expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([]);
  });

  it('should apply in id order whatever the order of the list, building the same schema', async () => {
    const inOrder = await openTestDatabase();
    const reversed = await openTestDatabase();
    try {
      const ranInOrder = await migrate(await emptied(inOrder.db, inOrder.schema), migrations);
      // Reversed, a later migration (an ALTER TABLE, a table with a foreign key) would come before what it needs.
      const ranReversed = await migrate(await emptied(reversed.db, reversed.schema), [...migrations].reverse());
      const ascending = migrations.map((m) => m.id).sort((a, b) => a - b);
      expect(ranInOrder).toEqual(ascending);
      expect(ranReversed).toEqual(ascending);
      expect(await schemaOf(reversed.db)).toEqual(await schemaOf(inOrder.db));
    } finally {
      await inOrder.close();
      await reversed.close();
    }
  });

  // PostgreSQL's INTEGER is 32 bits: money in base units (10^-8 of a coin) outgrows it at 21.47 coins.
  it.skipIf(ENGINE !== 'postgres')('should make every integer column of the PostgreSQL schema a BIGINT, money columns included', async () => {
    const opened = await openTestDatabase();
    try {
      const types = await opened.db.all<{ table_name: string; column_name: string; data_type: string }>(
        `SELECT table_name, column_name, data_type FROM information_schema.columns
         WHERE table_schema = current_schema() AND data_type IN ('smallint', 'integer', 'bigint', 'numeric', 'real', 'double precision')`,
      );
      const typeOf = (table: string, column: string) => types.find((t) => t.table_name === table && t.column_name === column)?.data_type;
      for (const [table, column] of [
        ['ledger_accounts', 'balance'],
        ['ledger_transfers', 'amount'],
        ['ledger_entries', 'amount'],
        ['deposits', 'amount'],
        ['withdrawals', 'amount'],
        ['bets', 'wager'],
        ['bets', 'payout'],
        ['demo_claims', 'last_claimed_at'],
      ] as const) {
        expect(typeOf(table, column), `${table}.${column}`).toBe('bigint');
      }
      expect(types.filter((t) => t.data_type === 'integer' || t.data_type === 'smallint')).toEqual([]);
    } finally {
      await opened.close();
    }
  });

  it('should keep a balance beyond 2^53 base units exact, read as a bigint', async () => {
    const opened = await openTestDatabase();
    try {
      const huge = 2n ** 62n + 1n;
      await transfer(opened.db, { from: externalAccount('BTC'), to: houseAccount('BTC'), amount: huge, kind: 'bankroll_seed', ref: 'test' });
      expect(await balanceOf(opened.db, houseAccount('BTC'))).toBe(huge);
      expect(await balanceOf(opened.db, externalAccount('BTC'))).toBe(-huge);
    } finally {
      await opened.close();
    }
  });
});
