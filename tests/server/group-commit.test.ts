import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { groupCommitOf, openDatabase } from '../../src/server/db/database';
import type { Database } from '../../src/server/db/database';
import type { GroupCommit } from '../../src/server/db/groupCommit';
import { BIGINT } from '../../src/server/db/sql';
import type { Sql } from '../../src/server/db/sql';
import { checkLedger } from '../../src/server/ledger/check';
import { recordPoolResult } from '../../src/server/token/bankroll';
import { InsufficientFundsError, account, balanceOf, externalAccount, houseAccount, playerAccount, transfer } from '../../src/server/ledger/ledger';
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

  it('should add a batch’s pool figures up, show them to a later transaction of the batch, and drop those of a transaction that failed', async () => {
    const volume = async () => (await reader.prepare(`SELECT wager_volume AS v FROM bankroll_pools WHERE currency = 'USDT'`).safeIntegers(true).get()) as { v: bigint } | undefined;
    const before = (await volume())?.v ?? 0n;
    const batchesBefore = commits.batches;
    const writesBefore = commits.bookWrites;
    const read = (tx: Sql) => tx.get<{ v: bigint }>(`SELECT wager_volume AS v FROM bankroll_pools WHERE currency = 'USDT'`, [], BIGINT);
    const seen: bigint[] = [];
    const outcomes = await Promise.allSettled([
      db.transaction((tx) => recordPoolResult(tx, 'USDT', 5n, 0n, 0n)),
      db.transaction((tx) => recordPoolResult(tx, 'USDT', 11n, 0n, 0n)),
      // Reads the figures (the two sums above are written first), adds its own, then fails.
      db.transaction(async (tx) => {
        await recordPoolResult(tx, 'USDT', 7n, 0n, 0n);
        seen.push((await read(tx))!.v);
        await recordPoolResult(tx, 'USDT', 100n, 0n, 0n);
        throw new Error('refused after its sums');
      }),
      db.transaction(async (tx) => {
        seen.push((await read(tx))!.v);
        await recordPoolResult(tx, 'USDT', 13n, 0n, 0n);
      }),
      db.transaction(async (tx) => {
        await recordPoolResult(tx, 'USDT', 1000n, 0n, 0n);
        throw new Error('refused before any write');
      }),
    ]);
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'fulfilled', 'rejected', 'fulfilled', 'rejected']);
    expect(commits.batches - batchesBefore).toBe(1);
    // The failing transaction saw the sums before it, its own included; the next saw only the committed ones.
    expect(seen).toEqual([before + 5n + 11n + 7n, before + 5n + 11n]);
    expect((await volume())!.v).toBe(before + 5n + 11n + 13n);
    // Written when read, and once more before COMMIT: not once per transaction.
    expect(commits.bookWrites - writesBefore).toBeLessThanOrEqual(3);
  });

  it('should check a debit of the house against the balance its batch has reached, and drop a failed transaction’s moves', async () => {
    const house = houseAccount('USDT');
    const [a, b, c] = ['probe_a', 'probe_b', 'probe_c'].map((holder) => account(holder, 'USDT'));
    await transfer(db, { from: externalAccount('USDT'), to: house, amount: 100n, kind: 'bankroll_seed', ref: 'probe' });
    const start = await balanceOf(db, house);
    const committedHouse = () => (reader.prepare(`SELECT balance FROM ledger_accounts WHERE holder = 'house' AND currency = 'USDT'`).safeIntegers(true).get() as { balance: bigint }).balance;
    const batchesBefore = commits.batches;
    const seen: bigint[] = [];
    const take = (to: typeof a, amount: bigint) => (tx: Sql) => transfer(tx, { from: house, to: to!, amount, kind: 'payout', ref: 'probe' });
    const outcomes = await Promise.allSettled([
      db.transaction(take(a, start - 40n)),
      // Takes 30 of the 40 left, reads the house as the batch has it, then fails: its 30 come back.
      db.transaction(async (tx) => {
        await take(b, 30n)(tx);
        seen.push(await balanceOf(tx, house));
        // A statement of its own on the row sees the batch's sums written first.
        seen.push((await tx.get<{ balance: bigint }>(`SELECT balance FROM ledger_accounts WHERE holder = 'house' AND currency = 'USDT'`, [], BIGINT))!.balance);
        throw new Error('refused after a payout');
      }),
      // 41 is more than the 40 the batch left in the house: refused, nothing written.
      db.transaction(take(c, 41n)),
      db.transaction(take(c, 40n)),
    ]);
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'rejected', 'rejected', 'fulfilled']);
    expect((outcomes[2] as PromiseRejectedResult).reason).toBeInstanceOf(InsufficientFundsError);
    expect(commits.batches - batchesBefore).toBe(1);
    expect(seen).toEqual([10n, 10n]);
    expect(committedHouse()).toBe(0n);
    expect([await balanceOf(db, a!), await balanceOf(db, b!), await balanceOf(db, c!)]).toEqual([start - 40n, 0n, 40n]);
    expect(await checkLedger(db)).toMatchObject({ ok: true });
  });

  it('should insert a batch’s ledger rows together with the ids they were given, show them to a later statement, and drop a failed transaction’s', async () => {
    const house = houseAccount('USDT');
    await transfer(db, { from: externalAccount('USDT'), to: house, amount: 1_000n, kind: 'bankroll_seed', ref: 'rows' });
    const holders = Array.from({ length: 40 }, (_, i) => account(`rows:${i + 1}`, 'USDT'));
    const committedRows = () => reader.prepare(`SELECT t.id, t.amount, t.ref, e.amount AS entry FROM ledger_transfers t JOIN ledger_entries e ON e.transfer_id = t.id WHERE t.ref LIKE 'rows:%' ORDER BY e.id`).safeIntegers(true).all();
    const batchesBefore = commits.batches;
    const seenOwn: unknown[] = [];
    // 40 transactions of two transfers each (out of the house and back): 80 transfers, 160 entries, over
    // several insert statements. The 8th reads its own entries back; the 13th fails after its transfers.
    const outcomes = await Promise.allSettled(
      holders.map((to, i) =>
        db.transaction(async (tx) => {
          const out = await transfer(tx, { from: house, to, amount: BigInt(i + 1), kind: 'payout', ref: `rows:${i}` });
          const back = await transfer(tx, { from: to, to: house, amount: 1n, kind: 'bet', ref: `rows:${i}` });
          if (i === 7) seenOwn.push(...(await tx.all(`SELECT transfer_id AS id, amount FROM ledger_entries WHERE ref = ? ORDER BY id`, [`rows:${i}`], BIGINT)));
          if (i === 12) throw new Error('refused after two transfers');
          return [out.transferId, back.transferId];
        }),
      ),
    );
    expect(commits.batches - batchesBefore).toBe(1);
    expect(outcomes.map((o) => o.status)).toEqual(holders.map((_, i) => (i === 12 ? 'rejected' : 'fulfilled')));
    const ids = outcomes.flatMap((o) => (o.status === 'fulfilled' ? (o.value as number[]) : []));
    // Each transfer's id is the id its row was given: the rows, in order, with both entries each.
    const rows = committedRows() as Array<{ id: bigint; amount: bigint; ref: string; entry: bigint }>;
    expect(rows.map((row) => Number(row.id))).toEqual(ids.flatMap((id) => [id, id]));
    const expected = holders.flatMap((_, i) => (i === 12 ? [] : [[BigInt(i + 1), `rows:${i}`, -BigInt(i + 1)], [BigInt(i + 1), `rows:${i}`, BigInt(i + 1)], [1n, `rows:${i}`, -1n], [1n, `rows:${i}`, 1n]]));
    expect(rows.map((row) => [row.amount, row.ref, row.entry])).toEqual(expected);
    expect(seenOwn).toEqual([{ id: BigInt(ids[14]!), amount: -8n }, { id: BigInt(ids[14]!), amount: 8n }, { id: BigInt(ids[15]!), amount: -1n }, { id: BigInt(ids[15]!), amount: 1n }]);
    expect(await balanceOf(db, holders[12]!)).toBe(0n);
    expect(await balanceOf(db, holders[39]!)).toBe(39n);
    expect(await checkLedger(db)).toMatchObject({ ok: true });
  });

  it('should read a value kept for the batch again once a statement of the batch names its table (the open games’ reserves)', async () => {
    const kept = { tables: ['probe'], write: async () => {} };
    const count = (tx: Sql) => tx.book!.base('probe rows', kept, 1, async (raw) => (await raw.get<{ n: bigint }>('SELECT COUNT(*) AS n FROM probe', [], BIGINT))!.n);
    const before = BigInt(committedNotes().length);
    const seen = await Promise.all([
      db.transaction(count),
      db.transaction(count),
      db.transaction(async (tx) => {
        await tx.run('INSERT INTO probe (note) VALUES (?)', ['counted']);
        return count(tx);
      }),
      db.transaction(count),
    ]);
    expect(seen).toEqual([before, before, before + 1n, before + 1n]);
  });

  it('should refuse a query on the database itself inside a transaction, which would wait for it forever', async () => {
    await expect(db.transaction(() => db.get('SELECT 1 AS one'))).rejects.toThrow('use the transaction handle');
  });

  // A server does not mark its transactions' work (that would make every promise pay Node's promise
  // hooks): a query on the database from inside a transaction then waits for the batch, which waits
  // for it, until the batch has held the connection too long; the query is then refused, the work
  // fails alone and the batch goes on. A query from outside the batch only waits for it.
  it('should, unmarked, refuse a query on the database inside a transaction once the batch stalls, and let one from outside wait and run', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'casino-stall-'));
    const server = await openDatabase({ dataDir, nesting: { mark: false, stallMs: 200 } });
    try {
      await server.exec('CREATE TABLE probe (id INTEGER PRIMARY KEY, note TEXT NOT NULL)');
      let release!: () => void;
      const gate = new Promise<void>((resolve) => (release = resolve));
      let started!: () => void;
      const holding = new Promise<void>((resolve) => (started = resolve));
      const slow = server.transaction(async (tx) => {
        await tx.run('INSERT INTO probe (note) VALUES (?)', ['slow']);
        started();
        await gate;
        return tx.run('INSERT INTO probe (note) VALUES (?)', ['after the gate']);
      });
      await holding;
      // From outside: waits for the batch, then sees what it committed.
      const outside = server.all<{ note: string }>('SELECT note FROM probe ORDER BY id');
      setTimeout(release, 50);
      expect(await slow).toBe(1);
      expect((await outside).map((row) => row.note)).toEqual(['slow', 'after the gate']);

      const t0 = Date.now();
      const nested = server.transaction(async (tx) => {
        await tx.run('INSERT INTO probe (note) VALUES (?)', ['nested']);
        return server.get('SELECT COUNT(*) AS n FROM probe');
      });
      const beside = server.transaction((tx) => tx.run('INSERT INTO probe (note) VALUES (?)', ['beside']));
      await expect(nested).rejects.toThrow('a query on the database inside a transaction: use the transaction handle');
      expect(Date.now() - t0).toBeGreaterThanOrEqual(150);
      expect(await beside).toBe(1);
      expect((await server.all<{ note: string }>('SELECT note FROM probe ORDER BY id')).map((row) => row.note)).toEqual(['slow', 'after the gate', 'beside']);
    } finally {
      await server.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
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

  it.skipIf(ENGINE === 'postgres')('should book the shared totals of a batch exactly as the bets that committed, when one fails after its settlement (SQLite)', async () => {
    const { app } = shared.server;
    const { db } = app;
    const players = await Promise.all(Array.from({ length: 16 }, () => createPlayer(shared.server)));
    for (const player of players) expect((await player.call('POST', '/wallet/claim-demo-funds', { currency: 'USDT' })).status).toBe(200);
    const failing = players[7]!.id;
    // A last hook that fails for one player: mining, the pool and the RTP sums have already counted its bet.
    app.settlement.register(async (_tx, bet) => {
      if (bet.userId === failing) throw new Error('a hook refused this bet');
    });
    type Totals = { rtpBets: bigint; rtpWagered: bigint; volume: bigint; profit: bigint; mined: bigint };
    const totals = async (): Promise<Totals> => ({
      rtpBets: (await db.get<{ n: bigint }>(`SELECT SUM(bets) AS n FROM rtp_totals WHERE game = 'Dice'`, [], BIGINT))!.n,
      rtpWagered: (await db.get<{ n: bigint }>(`SELECT SUM(wagered) AS n FROM rtp_totals WHERE game = 'Dice'`, [], BIGINT))!.n,
      volume: (await db.get<{ v: bigint }>(`SELECT wager_volume AS v FROM bankroll_pools WHERE currency = 'USDT'`, [], BIGINT))!.v,
      profit: (await db.get<{ v: bigint }>(`SELECT total_profit AS v FROM bankroll_pools WHERE currency = 'USDT'`, [], BIGINT))!.v,
      mined: (await db.get<{ v: bigint }>('SELECT total_mined AS v FROM token_mining WHERE id = 1', [], BIGINT))!.v,
    });
    const before = await totals();
    const lastBet = (await db.get<{ id: number }>('SELECT COALESCE(MAX(id), 0) AS id FROM bets'))!.id;
    const commits = groupCommitOf(db)!;
    const batchesBefore = commits.batches;
    const answers = await Promise.all(
      players.map((player) =>
        app.inject({
          method: 'POST',
          url: '/api/dice/bet',
          headers: { authorization: `Bearer ${player.token}` },
          payload: { betAmount: 1, currency: 'USDT', chance: 50, target: 'over' },
        }),
      ),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(players.map((p) => (p.id === failing ? 500 : 200)));
    expect(commits.batches - batchesBefore).toBeLessThan(8);
    // The bets that committed, and what the ledger booked for them, against the shared rows' totals.
    const bets = await db.all<{ id: number; wager: bigint; payout: bigint; wager_usd_cents: bigint }>(
      'SELECT id, wager, payout, wager_usd_cents FROM bets WHERE id > ?',
      [lastBet],
      BIGINT,
    );
    expect(bets).toHaveLength(15);
    const refs = bets.map((b) => `dice:${b.id}`);
    const sumOf = async (kind: string) =>
      (await db.get<{ n: bigint }>(`SELECT COALESCE(SUM(amount), 0) AS n FROM ledger_transfers WHERE kind = ? AND ref IN (${refs.map(() => '?').join(', ')})`, [kind, ...refs], BIGINT))!.n;
    const fees = await sumOf('fee');
    const mined = await sumOf('mining');
    expect(mined).toBeGreaterThan(0n);
    const wagered = bets.reduce((sum, b) => sum + BigInt(b.wager), 0n);
    const paid = bets.reduce((sum, b) => sum + BigInt(b.payout), 0n);
    const after = await totals();
    expect(after.rtpBets - before.rtpBets).toBe(15n);
    expect(after.rtpWagered - before.rtpWagered).toBe(bets.reduce((sum, b) => sum + BigInt(b.wager_usd_cents), 0n));
    expect(after.volume - before.volume).toBe(wagered);
    expect(after.profit - before.profit).toBe(wagered - paid - fees);
    expect(after.mined - before.mined).toBe(mined);
    // Nothing of the failed bet stayed: no row, no transfer.
    expect(await db.get('SELECT id FROM bets WHERE user_id = ? AND id > ?', [failing, lastBet])).toBeUndefined();
    expect(await checkLedger(db)).toMatchObject({ ok: true });
  });
});
