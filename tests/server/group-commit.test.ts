import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { groupCommitOf } from '../../src/server/db/database';
import type { Database } from '../../src/server/db/database';
import type { GroupCommit } from '../../src/server/db/groupCommit';
import { checkLedger } from '../../src/server/ledger/check';
import { balanceOf, playerAccount } from '../../src/server/ledger/ledger';
import { ENGINE, openTestDatabase, serverPerBlock } from '../support/server';
import type { TestDatabase } from '../support/server';
import { createPlayer } from '../support/wallet';

// Group commit is how SQLite shares one fsync among the transactions of a turn; PostgreSQL groups its
// own commits' flushes and needs none (db/database.ts), so these run on SQLite only.
describe.skipIf(ENGINE === 'postgres')('group commit', () => {
  let test: TestDatabase;
  let db: Database;
  let commits: GroupCommit;
  /** A second connection to the same file: it sees only what is committed. */
  let reader: BetterSqlite3.Database;
  const committedNotes = () => (reader.prepare('SELECT note FROM probe ORDER BY id').all() as Array<{ note: string }>).map((row) => row.note);

  beforeAll(async () => {
    test = await openTestDatabase();
    db = test.db;
    commits = groupCommitOf(db)!;
    await db.exec('CREATE TABLE probe (id INTEGER PRIMARY KEY, note TEXT NOT NULL)');
    reader = new BetterSqlite3(path.join(test.dataDir, 'casino.sqlite'), { readonly: true });
  });
  afterAll(async () => {
    reader.close();
    await test.close();
  });

  it('should commit the transactions of one turn together, roll a failing one back alone, and answer only once committed', async () => {
    const insert = 'INSERT INTO probe (note) VALUES (?)';
    const batchesBefore = commits.batches;
    const seenAtAnswer: string[][] = [];
    const first = db.transaction((tx) => tx.run(insert, ['first'])).then((value) => {
      seenAtAnswer.push(committedNotes());
      return value;
    });
    const failing = db.transaction(async (tx) => {
      await tx.run(insert, ['failing']);
      throw new Error('refused after a write');
    });
    const third = db.transaction((tx) => tx.run(insert, ['third']));
    // Nothing is written before the batch runs.
    expect(committedNotes()).toEqual([]);

    const outcomes = await Promise.allSettled([first, failing, third]);
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect((outcomes[0] as PromiseFulfilledResult<number>).value).toBe(1);
    expect((outcomes[1] as PromiseRejectedResult).reason).toMatchObject({ message: 'refused after a write' });
    // When the first was answered, every transaction of its batch was already committed.
    expect(seenAtAnswer).toEqual([['first', 'third']]);
    expect(committedNotes()).toEqual(['first', 'third']);
    expect(commits.batches - batchesBefore).toBe(1);
  });

  it('should reject every transaction of a batch whose commit fails, and keep none of its writes', async () => {
    const before = committedNotes();
    // A deferred foreign key is checked only at COMMIT: the whole batch's COMMIT fails.
    await db.exec('CREATE TABLE IF NOT EXISTS child (id INTEGER PRIMARY KEY, parent INTEGER REFERENCES probe (id) DEFERRABLE INITIALLY DEFERRED)');
    const good = db.transaction((tx) => tx.run('INSERT INTO probe (note) VALUES (?)', ['kept?']));
    const bad = db.transaction((tx) => tx.run('INSERT INTO child (parent) VALUES (999999)'));
    const outcomes = await Promise.allSettled([good, bad]);
    expect(outcomes.map((o) => o.status)).toEqual(['rejected', 'rejected']);
    expect(committedNotes()).toEqual(before);
    // The database takes the next transaction as usual.
    await db.transaction((tx) => tx.run('INSERT INTO probe (note) VALUES (?)', ['after']));
    expect(committedNotes()).toEqual([...before, 'after']);
  });

  it('should refuse a query on the database itself inside a transaction, which would wait for it forever', async () => {
    await expect(db.transaction(() => db.get('SELECT 1 AS one'))).rejects.toThrow('use the transaction handle');
  });
});

describe('dice bets over HTTP, many at once', () => {
  const shared = serverPerBlock();

  it('should answer 64 concurrent bets each with its own durable result', async () => {
    const { db } = shared.server.app;
    const players = await Promise.all(Array.from({ length: 64 }, () => createPlayer(shared.server)));
    for (const player of players) expect((await player.call('POST', '/wallet/claim-demo-funds', { currency: 'USDT' })).status).toBe(200);
    const answers = await Promise.all(players.map((player) => player.call('POST', '/dice/bet', { betAmount: 1, currency: 'USDT', chance: 50, target: 'over' })));
    expect(answers.map((a) => a.status)).toEqual(players.map(() => 200));
    // Each answer is that player's own bet and balance, as committed.
    for (const [i, player] of players.entries()) {
      const { balance, bet } = answers[i]!.body as { balance: number; bet: { id: number; win: boolean; payout: number } };
      const row = await db.get<{ user_id: number; payout: number }>('SELECT user_id, payout FROM bets WHERE id = ?', [bet.id]);
      expect(row!.user_id).toBe(player.id);
      expect(row!.payout / 1e8).toBe(bet.payout);
      expect(balance).toBe(Number(await balanceOf(db, playerAccount(player.id, 'USDT'))) / 1e8);
      expect(balance).toBe(100 - 1 + bet.payout);
    }
    expect(await checkLedger(db)).toMatchObject({ ok: true });
  });

  it.skipIf(ENGINE === 'postgres')('should put bets that reach the server in the same turn under one commit (SQLite)', async () => {
    const players = await Promise.all(Array.from({ length: 16 }, () => createPlayer(shared.server)));
    for (const player of players) expect((await player.call('POST', '/wallet/claim-demo-funds', { currency: 'USDT' })).status).toBe(200);
    const commits = groupCommitOf(shared.server.app.db)!;
    const batchesBefore = commits.batches;
    // inject hands all 16 requests to the server at once, as a busy socket read would.
    const answers = await Promise.all(
      players.map((player) =>
        shared.server.app.inject({
          method: 'POST',
          url: '/api/dice/bet',
          headers: { authorization: `Bearer ${player.token}` },
          payload: { betAmount: 1, currency: 'USDT', chance: 50, target: 'over' },
        }),
      ),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(players.map(() => 200));
    expect(commits.batches - batchesBefore).toBeLessThan(16);
    expect(await checkLedger(shared.server.app.db)).toMatchObject({ ok: true });
  });
});
