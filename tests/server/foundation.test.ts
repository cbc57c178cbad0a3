import fs from 'node:fs';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/server/db/database';
import { migrate, migrations } from '../../src/server/db/migrations';
import { json, startTestServer, tempDir } from '../support/server';
import type { TestServer } from '../support/server';
import { freePort, spawnServer, waitForHealth } from '../support/serverProcess';

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

  it('should create, migrate and seed the SQLite file in the data directory', () => {
    const file = path.join(server.dataDir, 'casino.sqlite');
    expect(fs.existsSync(file)).toBe(true);
    const db = new BetterSqlite3(file, { readonly: true });
    const symbols = db.prepare('SELECT symbol, bettable FROM currencies ORDER BY position').all();
    const applied = db.prepare('SELECT id FROM schema_migrations ORDER BY id').all();
    db.close();
    expect(symbols).toEqual([
      { symbol: 'BTC', bettable: 1 },
      { symbol: 'ETH', bettable: 1 },
      { symbol: 'USDT', bettable: 1 },
      { symbol: 'LTC', bettable: 1 },
      { symbol: 'DOGE', bettable: 1 },
      { symbol: 'ACC', bettable: 0 },
    ]);
    expect(applied.map((row) => (row as { id: number }).id)).toEqual(migrations.map((m) => m.id));
  });

  it('should not seed twice or re-run migrations when it starts again on the same data', () => {
    const dir = tempDir();
    openDatabase(dir).close();
    const again = openDatabase(dir);
    const count = again.prepare('SELECT COUNT(*) AS n FROM currencies').get() as { n: number };
    const runs = again.prepare('SELECT COUNT(*) AS n FROM schema_migrations').get() as { n: number };
    again.close();
    fs.rmSync(dir, { recursive: true, force: true });
    expect(count.n).toBe(6);
    expect(runs.n).toBe(migrations.length);
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
  it('should start on PORT with DATA_DIR and shut down cleanly on SIGTERM', async () => {
    const port = await freePort();
    const dataDir = tempDir();
    const child = spawnServer({ port, dataDir, env: { STATIC_DIR: '', LOG_LEVEL: 'info' }, stdio: ['ignore', 'pipe', 'pipe'] });
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
      expect(fs.existsSync(path.join(dataDir, 'casino.sqlite'))).toBe(true);
    } finally {
      child.kill('SIGKILL');
      fs.rmSync(dataDir, { recursive: true, force: true });
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

  it('should apply in id order whatever the order of the list, building the same schema', () => {
    const schemaOf = (file: string) => {
      const db = new BetterSqlite3(file, { readonly: true });
      const rows = db.prepare("SELECT type, name, sql FROM sqlite_master WHERE sql IS NOT NULL ORDER BY type, name").all();
      db.close();
      return rows;
    };
    const dirs = [tempDir(), tempDir()];
    try {
      const [inOrder, reversed] = dirs.map((dir) => path.join(dir, 'casino.sqlite')) as [string, string];
      const first = new BetterSqlite3(inOrder);
      const ranInOrder = migrate(first, migrations);
      first.close();
      // Reversed, a later migration (an ALTER TABLE, a table with a foreign key) would come before what it needs.
      const second = new BetterSqlite3(reversed);
      const ranReversed = migrate(second, [...migrations].reverse());
      second.close();
      const ascending = migrations.map((m) => m.id).sort((a, b) => a - b);
      expect(ranInOrder).toEqual(ascending);
      expect(ranReversed).toEqual(ascending);
      expect(schemaOf(reversed)).toEqual(schemaOf(inOrder));
    } finally {
      for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
