import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIGINT, DatabaseBusyError, toPostgresText } from '../../src/server/db/sql';
import type { Database } from '../../src/server/db/sql';
import { toPostgresDdl } from '../../src/server/db/migrations';
import { ENGINE, dropTestSchema, openTestDatabase, serverPerBlock, testSchema } from '../support/server';
import type { TestDatabase } from '../support/server';

/** The data layer both engines share (src/server/db/sql.ts), on the engine under test. */
describe(`the data layer on ${ENGINE}`, () => {
  let test: TestDatabase;
  let db: Database;

  beforeAll(async () => {
    test = await openTestDatabase();
    db = test.db;
    const ddl = 'CREATE TABLE probe (id INTEGER PRIMARY KEY, note TEXT NOT NULL, amount INTEGER NOT NULL)';
    await db.exec(ENGINE === 'postgres' ? toPostgresDdl(ddl) : ddl);
  });
  afterAll(async () => test.close());

  it('should number placeholders for PostgreSQL, leaving question marks inside quotes alone', () => {
    expect(toPostgresText("SELECT ? AS a, '?' AS b, \"?\" AS c, ? AS d")).toBe("SELECT $1 AS a, '?' AS b, \"?\" AS c, $2 AS d");
  });

  it('should keep money exact as bigint above what a number holds, and refuse to round it into a number', async () => {
    const big = 2n ** 62n + 1n;
    await db.transaction((tx) => tx.run('INSERT INTO probe (note, amount) VALUES (?, ?)', ['big', big]));
    expect((await db.get<{ amount: bigint }>('SELECT amount FROM probe WHERE note = ?', ['big'], BIGINT))!.amount).toBe(big);
    if (ENGINE === 'postgres') {
      // SQLite hands such a value to JavaScript as an imprecise number; PostgreSQL's reads refuse it.
      await expect(db.get('SELECT amount FROM probe WHERE note = ?', ['big'])).rejects.toThrow('read it with BIGINT');
    }
    // Small integers read as numbers.
    expect((await db.get<{ n: number }>('SELECT COUNT(*) AS n FROM probe'))!.n).toBe(1);
  });

  it('should roll a transaction back whole when its work throws, and a nested one alone', async () => {
    await expect(
      db.transaction(async (tx) => {
        await tx.run('INSERT INTO probe (note, amount) VALUES (?, ?)', ['lost', 1]);
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    await db.transaction(async (tx) => {
      await tx.run('INSERT INTO probe (note, amount) VALUES (?, ?)', ['kept', 1]);
      await expect(
        tx.transaction(async (inner) => {
          await inner.run('INSERT INTO probe (note, amount) VALUES (?, ?)', ['inner', 1]);
          throw new Error('inner refused');
        }),
      ).rejects.toThrow('inner refused');
    });
    const notes = (await db.all<{ note: string }>('SELECT note FROM probe ORDER BY id')).map((row) => row.note);
    expect(notes).toEqual(['big', 'kept']);
  });

  it('should refuse a query or a transaction on the database itself inside a transaction (on SQLite either would wait forever)', async () => {
    await expect(db.transaction(() => db.get('SELECT 1 AS one'))).rejects.toThrow('use the transaction handle');
    await expect(db.transaction(() => db.transaction((tx) => tx.get('SELECT 1 AS one')))).rejects.toThrow('use the transaction handle');
    // Nesting through the handle is a savepoint, and works.
    expect(await db.transaction((tx) => tx.transaction((inner) => inner.get<{ one: number }>('SELECT 1 AS one')))).toEqual({ one: 1 });
  });

  it.skipIf(ENGINE !== 'postgres')('should run a transaction again after a serialisation failure or a deadlock, and give up with DatabaseBusyError', async () => {
    let attempts = 0;
    const value = await db.transaction(async (tx) => {
      attempts += 1;
      await tx.run('INSERT INTO probe (note, amount) VALUES (?, ?)', [`try ${attempts}`, attempts]);
      if (attempts < 3) throw Object.assign(new Error('could not serialize access'), { code: attempts === 1 ? '40001' : '40P01' });
      return 'done';
    });
    expect(value).toBe('done');
    expect(attempts).toBe(3);
    // Only the attempt that committed left its row.
    expect((await db.all<{ note: string }>("SELECT note FROM probe WHERE note LIKE 'try %'")).map((row) => row.note)).toEqual(['try 3']);
    let tries = 0;
    const gaveUp = db.transaction(async () => {
      tries += 1;
      throw Object.assign(new Error('could not serialize access'), { code: '40001' });
    });
    await expect(gaveUp).rejects.toBeInstanceOf(DatabaseBusyError);
    expect(tries).toBe(8);
  });
});

describe('a transaction the database keeps refusing, over HTTP', () => {
  const shared = serverPerBlock({}, (app) => {
    app.post('/api/test/busy', async () => {
      throw new DatabaseBusyError('gave up after 8 attempts');
    });
  });

  it('should answer 503 with a message and Retry-After, not a 500', async () => {
    const response = await fetch(`${shared.server.url}/api/test/busy`, { method: 'POST' });
    expect(response.status).toBe(503);
    expect(response.headers.get('retry-after')).toBe('1');
    expect(await response.json()).toEqual({ error: 'busy', message: 'The casino is busy right now. Nothing was changed; please try again.' });
  });
});

describe.skipIf(ENGINE !== 'postgres')('instances that start at once on one schema', () => {
  it('should all open it: creating the schema and migrating it take turns, none fails', async () => {
    const schema = testSchema();
    const opened = await Promise.allSettled(Array.from({ length: 8 }, () => openTestDatabase({ schema })));
    try {
      expect(opened.map((result) => (result.status === 'rejected' ? String(result.reason) : 'opened'))).toEqual(Array(8).fill('opened'));
      const { db } = (opened[0] as PromiseFulfilledResult<TestDatabase>).value;
      expect((await db.get<{ n: number }>('SELECT COUNT(*) AS n FROM currencies'))!.n).toBeGreaterThan(0);
    } finally {
      for (const result of opened) if (result.status === 'fulfilled') await result.value.db.close();
      await dropTestSchema(schema);
    }
  });
});
