import { describe, expect, it } from 'vitest';
import { checkpointerOf } from '../../src/server/db/database';
import { BACKSTOP_PAGES } from '../../src/server/db/checkpointer';
import { ENGINE, startTestServer } from '../support/server';

const until = async (condition: () => boolean, ms: number) => {
  const end = Date.now() + ms;
  while (!condition() && Date.now() < end) await new Promise((resolve) => setTimeout(resolve, 20));
  return condition();
};

// SQLite's write-ahead log is checkpointed by a thread of the server's own (db/checkpointer.ts), not
// inside a COMMIT on the event loop; PostgreSQL checkpoints by itself.
describe.skipIf(ENGINE === 'postgres')('checkpoints of the log', () => {
  it('should copy the log into the database on its own thread, the server keeping its own checkpoint only as a backstop', async () => {
    const server = await startTestServer();
    const { db } = server.app;
    try {
      const checkpointer = checkpointerOf(db)!;
      expect(checkpointer).not.toBeNull();
      expect(Object.values((await db.get<Record<string, number>>('PRAGMA wal_autocheckpoint'))!)[0]).toBe(BACKSTOP_PAGES);
      await db.exec('CREATE TABLE probe (id INTEGER PRIMARY KEY, note TEXT NOT NULL)');
      // About 200 pages of log in a few commits: far below the backstop, so no COMMIT checkpoints.
      const note = 'x'.repeat(3_000);
      for (let batch = 0; batch < 4; batch++) {
        await db.transaction(async (tx) => {
          for (let i = 0; i < 60; i++) await tx.run('INSERT INTO probe (note) VALUES (?)', [note]);
        });
      }
      expect(await until(() => checkpointer.framesCopied >= 200, 3_000)).toBe(true);
      expect(checkpointer.lastError).toBeNull();
      expect((await db.get<{ n: number }>('SELECT COUNT(*) AS n FROM probe'))!.n).toBe(240);
    } finally {
      await server.close();
    }
  });
});
