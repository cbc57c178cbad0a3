import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/config';
import { openDatabase } from '../../src/server/db/database';
import type { Database } from '../../src/server/db/database';
import { ENGINE, startTestServer } from '../support/server';

// SQLite's numbers for PRAGMA synchronous: 1 NORMAL, 2 FULL.
const FULL = 2;
const NORMAL = 1;

const pragma = async (db: Database, name: string) => Object.values((await db.get<Record<string, unknown>>(`PRAGMA ${name}`))!)[0];

describe('how hard a commit waits for the disk', () => {
  // PRAGMAs are SQLite's; PostgreSQL commits durably by its own synchronous_commit (docs/operations.md).
  it.skipIf(ENGINE === 'postgres')('should commit money with synchronous=FULL unless the operator chooses NORMAL', async () => {
    const server = await startTestServer();
    try {
      expect(await pragma(server.app.db, 'synchronous')).toBe(FULL);
      expect(await pragma(server.app.db, 'journal_mode')).toBe('wal');
    } finally {
      await server.close();
    }
    const chosen = await startTestServer({ sqliteSynchronous: 'NORMAL' });
    try {
      expect(await pragma(chosen.app.db, 'synchronous')).toBe(NORMAL);
    } finally {
      await chosen.close();
    }
  });

  it.skipIf(ENGINE === 'postgres')('should open a database file with FULL by default (the CLI tools too)', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'casino-sync-'));
    try {
      const db = await openDatabase({ dataDir: dir });
      expect(await pragma(db, 'synchronous')).toBe(FULL);
      await db.close();
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('should read SQLITE_SYNCHRONOUS and refuse anything but FULL or NORMAL at start', () => {
    expect(loadConfig({}).sqliteSynchronous).toBe('FULL');
    expect(loadConfig({ SQLITE_SYNCHRONOUS: 'normal' }).sqliteSynchronous).toBe('NORMAL');
    expect(loadConfig({ SQLITE_SYNCHRONOUS: ' FULL ' }).sqliteSynchronous).toBe('FULL');
    for (const bad of ['OFF', 'EXTRA', '0', 'fast']) {
      expect(() => loadConfig({ SQLITE_SYNCHRONOUS: bad })).toThrow('SQLITE_SYNCHRONOUS must be FULL or NORMAL');
    }
  });
});
