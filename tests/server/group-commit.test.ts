import fs from 'node:fs';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/server/db/database';
import type { Database } from '../../src/server/db/database';
import { GroupCommit } from '../../src/server/db/groupCommit';
import { checkLedger } from '../../src/server/ledger/check';
import { balanceOf, playerAccount } from '../../src/server/ledger/ledger';
import { serverPerBlock, tempDir } from '../support/server';
import { createPlayer } from '../support/wallet';

describe('group commit', () => {
  let dir: string;
  let db: Database;
  /** A second connection to the same file: it sees only what is committed. */
  let reader: Database;
  const committedNotes = () => (reader.prepare('SELECT note FROM probe ORDER BY id').all() as Array<{ note: string }>).map((row) => row.note);

  beforeAll(() => {
    dir = tempDir('casino-group-commit-');
    db = openDatabase(dir);
    db.exec('CREATE TABLE probe (id INTEGER PRIMARY KEY, note TEXT NOT NULL)');
    reader = new BetterSqlite3(path.join(dir, 'casino.sqlite'), { readonly: true });
  });
  afterAll(() => {
    reader.close();
    db.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('should commit the jobs of one turn together, roll a failing job back alone, and answer only once committed', async () => {
    const commits = new GroupCommit(db);
    const insert = db.prepare('INSERT INTO probe (note) VALUES (?)');
    const seenAtAnswer: string[][] = [];
    const first = commits.run(() => insert.run('first').changes).then((value) => {
      seenAtAnswer.push(committedNotes());
      return value;
    });
    const failing = commits.run(() => {
      insert.run('failing');
      throw new Error('refused after a write');
    });
    const third = commits.run(() => insert.run('third').changes);
    // Nothing is written before the batch runs.
    expect(committedNotes()).toEqual([]);

    const outcomes = await Promise.allSettled([first, failing, third]);
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect((outcomes[1] as PromiseRejectedResult).reason).toMatchObject({ message: 'refused after a write' });
    // When the first job was answered, every job of its batch was already committed.
    expect(seenAtAnswer).toEqual([['first', 'third']]);
    expect(committedNotes()).toEqual(['first', 'third']);
    expect(commits.batches).toBe(1);
    expect(db.inTransaction).toBe(false);
  });

  it('should reject every job of a batch whose commit fails, and keep none of its writes', async () => {
    const commits = new GroupCommit(db);
    const before = committedNotes();
    const insert = db.prepare('INSERT INTO probe (note) VALUES (?)');
    // A deferred foreign key is checked only at COMMIT: the whole batch's COMMIT fails.
    db.exec('CREATE TABLE IF NOT EXISTS child (id INTEGER PRIMARY KEY, parent INTEGER REFERENCES probe (id) DEFERRABLE INITIALLY DEFERRED)');
    const good = commits.run(() => insert.run('kept?').changes);
    const bad = commits.run(() => db.prepare('INSERT INTO child (parent) VALUES (999999)').run().changes);
    const outcomes = await Promise.allSettled([good, bad]);
    expect(outcomes.map((o) => o.status)).toEqual(['rejected', 'rejected']);
    expect(committedNotes()).toEqual(before);
    expect(db.inTransaction).toBe(false);
  });
});

describe('dice bets over HTTP in group commits', () => {
  const shared = serverPerBlock();

  it('should answer 64 concurrent bets each with its own durable result', async () => {
    const players = await Promise.all(Array.from({ length: 64 }, () => createPlayer(shared.server)));
    for (const player of players) expect((await player.call('POST', '/wallet/claim-demo-funds', { currency: 'USDT' })).status).toBe(200);
    const answers = await Promise.all(players.map((player) => player.call('POST', '/dice/bet', { betAmount: 1, currency: 'USDT', chance: 50, target: 'over' })));
    expect(answers.map((a) => a.status)).toEqual(players.map(() => 200));
    // Each answer is that player's own bet and balance, as committed.
    const reader = new BetterSqlite3(path.join(shared.server.dataDir, 'casino.sqlite'), { readonly: true });
    try {
      players.forEach((player, i) => {
        const { balance, bet } = answers[i]!.body as { balance: number; bet: { id: number; win: boolean; payout: number } };
        const row = reader.prepare('SELECT user_id, payout FROM bets WHERE id = ?').get(bet.id) as { user_id: number; payout: number };
        expect(row.user_id).toBe(player.id);
        expect(row.payout / 1e8).toBe(bet.payout);
        expect(balance).toBe(Number(balanceOf(shared.server.app.db, playerAccount(player.id, 'USDT'))) / 1e8);
        expect(balance).toBe(100 - 1 + bet.payout);
      });
    } finally {
      reader.close();
    }
    expect(checkLedger(shared.server.app.db)).toMatchObject({ ok: true });
  });

  it('should put bets that reach the server in the same turn under one commit', async () => {
    const players = await Promise.all(Array.from({ length: 16 }, () => createPlayer(shared.server)));
    for (const player of players) expect((await player.call('POST', '/wallet/claim-demo-funds', { currency: 'USDT' })).status).toBe(200);
    const batchesBefore = shared.server.app.groupCommit.batches;
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
    expect(shared.server.app.groupCommit.batches - batchesBefore).toBeLessThan(16);
    expect(checkLedger(shared.server.app.db)).toMatchObject({ ok: true });
  });
});
