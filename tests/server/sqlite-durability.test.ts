import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/config';
import { openDatabase } from '../../src/server/db/database';
import { startTestServer } from '../support/server';

// SQLite's numbers for PRAGMA synchronous: 1 NORMAL, 2 FULL.
const FULL = 2;
const NORMAL = 1;

describe('how hard a commit waits for the disk', () => {
  it('should commit money with synchronous=FULL unless the operator chooses NORMAL', async () => {
    const server = await startTestServer();
    try {
      expect(server.app.db.pragma('synchronous', { simple: true })).toBe(FULL);
      expect(server.app.db.pragma('journal_mode', { simple: true })).toBe('wal');
    } finally {
      await server.close();
    }
    const chosen = await startTestServer({ sqliteSynchronous: 'NORMAL' });
    try {
      expect(chosen.app.db.pragma('synchronous', { simple: true })).toBe(NORMAL);
    } finally {
      await chosen.close();
    }
  });

  it('should open a database file with FULL by default (the CLI tools too)', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'casino-sync-'));
    try {
      const db = openDatabase(dir);
      expect(db.pragma('synchronous', { simple: true })).toBe(FULL);
      db.close();
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
