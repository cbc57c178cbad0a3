import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../../src/server/config';
import { groupCommitOf, openDatabase } from '../../src/server/db/database';
import type { Database } from '../../src/server/db/database';
import { ENGINE, startTestServer } from '../support/server';

const pragma = async (db: Database, name: string) => Object.values((await db.get<Record<string, unknown>>(`PRAGMA ${name}`))!)[0];

/** The paths of the files fdatasync is called on while `spy` watches, each call held `holdMs` before it ends. */
function watchSyncs(holdMs = 0) {
  const real = fs.fdatasync;
  const synced: Array<{ path: string; endedAt?: number }> = [];
  const spy = vi.spyOn(fs, 'fdatasync').mockImplementation(((fd: number, callback: (error: NodeJS.ErrnoException | null) => void) => {
    const call: { path: string; endedAt?: number } = { path: fs.readlinkSync(`/proc/self/fd/${fd}`) };
    synced.push(call);
    real(fd, (error) =>
      setTimeout(() => {
        call.endedAt = performance.now();
        callback(error);
      }, holdMs),
    );
  }) as typeof fs.fdatasync);
  return { synced, restore: () => spy.mockRestore() };
}

/** A database of its own in a temporary directory, with a `probe` table; `remove` closes it and deletes the directory. */
async function probeDatabase(columns: string) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'casino-sync-'));
  const db = await openDatabase({ dataDir: dir, seed: false });
  await db.exec(`CREATE TABLE probe (${columns})`);
  return {
    dir,
    db,
    remove: async () => {
      await db.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

describe('how hard a commit waits for the disk', () => {
  // SQLite's; PostgreSQL commits durably by its own synchronous_commit (docs/operations.md).
  it.skipIf(ENGINE === 'postgres')('should commit money with synchronous=FULL unless the operator chooses NORMAL', async () => {
    const server = await startTestServer();
    try {
      expect(groupCommitOf(server.app.db)!.synchronous).toBe('FULL');
      expect(await pragma(server.app.db, 'journal_mode')).toBe('wal');
    } finally {
      await server.close();
    }
    const chosen = await startTestServer({ sqliteSynchronous: 'NORMAL' });
    const syncs = watchSyncs();
    try {
      expect(groupCommitOf(chosen.app.db)!.synchronous).toBe('NORMAL');
      await chosen.app.db.transaction((tx) => tx.run('CREATE TABLE probe (id INTEGER PRIMARY KEY)'));
      await chosen.app.db.run('INSERT INTO probe DEFAULT VALUES');
      // NORMAL: the log reaches the disk at checkpoints only.
      expect(syncs.synced).toEqual([]);
    } finally {
      syncs.restore();
      await chosen.close();
    }
  });

  it.skipIf(ENGINE === 'postgres')('should open a database file with FULL by default (the CLI tools too)', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'casino-sync-'));
    try {
      const db = await openDatabase({ dataDir: dir });
      expect(groupCommitOf(db)!.synchronous).toBe('FULL');
      await db.close();
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  // Under FULL the log is synced after each COMMIT off the event loop (db/logSync.ts): a transaction, or
  // a write outside one, is answered only once that sync has ended, and the next batch does not wait for it.
  it.skipIf(ENGINE === 'postgres')('should answer a commit only once its log is synced, and run the next batch meanwhile', async () => {
    const { dir, db, remove } = await probeDatabase('id INTEGER PRIMARY KEY, note TEXT NOT NULL');
    const reader = new BetterSqlite3(path.join(dir, 'casino.sqlite'), { readonly: true });
    const committed = () => (reader.prepare('SELECT note FROM probe ORDER BY id').all() as Array<{ note: string }>).map((row) => row.note);
    const syncs = watchSyncs(150);
    try {
      const firstAnswered: number[] = [];
      const first = db.transaction((tx) => tx.run('INSERT INTO probe (note) VALUES (?)', ['first'])).then(() => firstAnswered.push(performance.now()));
      // The next turn's batch commits while the first one's sync is held.
      await new Promise((resolve) => setTimeout(resolve, 30));
      expect(committed()).toEqual(['first']);
      expect(firstAnswered).toEqual([]);
      const second = db.transaction((tx) => tx.run('INSERT INTO probe (note) VALUES (?)', ['second']));
      await new Promise((resolve) => setTimeout(resolve, 30));
      expect(committed()).toEqual(['first', 'second']);
      expect(firstAnswered).toEqual([]);
      // The second batch's sync began without waiting for the first's to end (two at once at most).
      expect(syncs.synced).toHaveLength(2);
      expect(syncs.synced[0]!.endedAt).toBeUndefined();
      await Promise.all([first, second]);
      // Each answer came after a sync of the log had ended.
      expect(syncs.synced.length).toBeGreaterThanOrEqual(2);
      expect(syncs.synced.every((call) => call.path === path.join(dir, 'casino.sqlite-wal'))).toBe(true);
      expect(firstAnswered[0]).toBeGreaterThanOrEqual(syncs.synced[0]!.endedAt!);
      // A write outside a transaction too.
      const before = syncs.synced.length;
      let outsideAnswered = 0;
      await db.run('INSERT INTO probe (note) VALUES (?)', ['outside']).then(() => (outsideAnswered = performance.now()));
      expect(syncs.synced.length).toBe(before + 1);
      expect(outsideAnswered).toBeGreaterThanOrEqual(syncs.synced[before]!.endedAt!);
      // And one that returns rows (a write all the same).
      const returned = await db.get<{ id: number }>('INSERT INTO probe (note) VALUES (?) RETURNING id', ['returning']).then((row) => ({ row, at: performance.now() }));
      expect(returned.row).toEqual({ id: 4 });
      expect(syncs.synced.length).toBe(before + 2);
      expect(returned.at).toBeGreaterThanOrEqual(syncs.synced[before + 1]!.endedAt!);
    } finally {
      syncs.restore();
      reader.close();
      await remove();
    }
  });

  // A quick sync's end is seen only when the event loop next polls; the batch after it waits a moment
  // (2 ms at most, db/groupCommit.ts) so that its answers go out first instead of after the whole batch.
  it.skipIf(ENGINE === 'postgres')('should answer a batch whose log synced quickly before the next batch runs', async () => {
    const { db, remove } = await probeDatabase('id INTEGER PRIMARY KEY, note TEXT NOT NULL');
    const order: string[] = [];
    let second: Promise<unknown> | null = null;
    const spy = vi.spyOn(fs, 'fdatasync').mockImplementation(((_fd: number, callback: (error: NodeJS.ErrnoException | null) => void) => {
      // The second transaction is asked for while the first one's sync is in flight, and is queued first.
      second ??= db.transaction(async (tx) => {
        order.push('second runs');
        await tx.run('INSERT INTO probe (note) VALUES (?)', ['second']);
      });
      setImmediate(() => callback(null));
    }) as typeof fs.fdatasync);
    try {
      await db.transaction((tx) => tx.run('INSERT INTO probe (note) VALUES (?)', ['first'])).then(() => order.push('first answered'));
      await second;
      expect(order).toEqual(['first answered', 'second runs']);
    } finally {
      spy.mockRestore();
      await remove();
    }
  });

  it.skipIf(ENGINE === 'postgres')('should fail the answers of a batch whose log could not be synced, and take no more work', async () => {
    const { db, remove } = await probeDatabase('id INTEGER PRIMARY KEY');
    const spy = vi.spyOn(fs, 'fdatasync').mockImplementation(((_fd: number, callback: (error: NodeJS.ErrnoException | null) => void) => {
      setImmediate(() => callback(Object.assign(new Error('EIO: i/o error, fdatasync'), { code: 'EIO' })));
    }) as typeof fs.fdatasync);
    try {
      const refused = 'the database could not make its commits durable (EIO: i/o error, fdatasync): restart the server';
      await expect(db.transaction((tx) => tx.run('INSERT INTO probe DEFAULT VALUES'))).rejects.toThrow(refused);
      spy.mockRestore();
      // Nothing more is taken: what is on the disk is no longer known.
      await expect(db.transaction((tx) => tx.run('INSERT INTO probe DEFAULT VALUES'))).rejects.toThrow(refused);
    } finally {
      spy.mockRestore();
      await remove();
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
