import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkProof, parseProof } from '../../src/core/proof/merkleSum';
import type { WireLiabilityProof } from '../../src/core/proof/merkleSum';
import { BIGINT } from '../../src/server/db/sql';
import { sha256Hex } from '../../src/server/fairness/hmac';
import { balanceOf, externalAccount, playerAccount, transfer } from '../../src/server/ledger/ledger';
import { loadConfig } from '../../src/server/config';
import { proofFor, takeSnapshot } from '../../src/server/proof/snapshots';
import { creditDeposit } from '../../src/server/wallet/cashier';
import { insertUser } from '../../src/server/users/repository';
import { call } from '../support/auth';
import { ENGINE, TEST_DATABASE_URL, openTestDatabase, startTestServer, tempDir, testSchema } from '../support/server';
import type { TestServer } from '../support/server';
import { ManualClock } from '../support/manualClock';
import { createPlayer, fundedPlayer } from '../support/wallet';
import type { Player } from '../support/wallet';

/** Issue 23, proof of liabilities: snapshots over real HTTP, on SQLite and (in npm test) PostgreSQL. */

interface Listed {
  snapshots: Array<{ id: number; takenAt: string; currencies: Array<{ currency: string; rootHash: string; total: string; leaves: number; reserves: string }> }>;
}

const playerSums = async (server: TestServer) =>
  new Map(
    (
      await server.app.db.all<{ currency: string; total: bigint; n: bigint }>(
        `SELECT currency, COALESCE(SUM(balance), 0) AS total, COUNT(*) AS n FROM ledger_accounts WHERE holder LIKE 'player:%' GROUP BY currency`,
        [],
        BIGINT,
      )
    ).map((row) => [row.currency, { total: row.total, n: Number(row.n) }]),
  );

const proofOf = async (player: Player, query: string) => {
  const reply = await player.call('GET', `/casino/liabilities/proof?${query}`);
  return reply as { status: number; body: WireLiabilityProof & { error?: string; message?: string } };
};

const verified = async (proof: WireLiabilityProof, published?: { rootHash: string; total: string }) => {
  const parsed = parseProof(proof);
  if (!parsed.ok) throw new Error(parsed.error);
  return checkProof(parsed.proof, sha256Hex, published ? { rootHash: published.rootHash, total: BigInt(published.total) } : undefined);
};

describe('proof of liabilities', () => {
  let server: TestServer;
  let alice: Player;
  let bob: Player;
  let carol: Player;
  let snapshotId: number;
  beforeAll(async () => {
    server = await startTestServer();
    alice = await fundedPlayer(server, 'USDT');
    bob = await fundedPlayer(server, 'USDT');
    await bob.call('POST', '/wallet/claim-demo-funds', { currency: 'BTC' });
    // A wallet holding nothing still has its leaf: carol's USDT account, emptied.
    carol = await fundedPlayer(server, 'USDT');
    const db = server.app.db;
    await transfer(db, { from: playerAccount(carol.id, 'USDT'), to: externalAccount('USDT'), amount: await balanceOf(db, playerAccount(carol.id, 'USDT')), kind: 'withdrawal_sent', ref: 'test' });
    snapshotId = (await takeSnapshot(db))!.id;
  });
  afterAll(async () => server.close());

  it('should list the snapshot, newest first, with totals equal to the sum of every wallet and the reserves the ledger holds', async () => {
    const listed = await call<Listed>(server, '/casino/liabilities');
    expect(listed.status).toBe(200);
    const latest = listed.body.snapshots[0]!;
    expect(latest.id).toBe(snapshotId);
    expect(listed.body.snapshots.map((s) => s.id)).toEqual([...listed.body.snapshots.map((s) => s.id)].sort((a, b) => b - a));
    const sums = await playerSums(server);
    for (const root of latest.currencies) {
      expect(root.total, root.currency).toBe(String(sums.get(root.currency)?.total ?? 0n));
      expect(root.leaves, root.currency).toBe(sums.get(root.currency)?.n ?? 0);
      expect(root.reserves, root.currency).toBe(String(-(await balanceOf(server.app.db, externalAccount(root.currency)))));
      expect(root.rootHash).toMatch(/^[0-9a-f]{64}$/);
    }
    const usdt = latest.currencies.find((c) => c.currency === 'USDT')!;
    expect(usdt.leaves).toBe(3);
    expect(BigInt(usdt.reserves) >= BigInt(usdt.total)).toBe(true);
    expect(latest.currencies.find((c) => c.currency === 'BTC')!.leaves).toBe(1);
  });

  it("should answer each player a proof of their own balance that climbs to the published root", async () => {
    const listed = (await call<Listed>(server, '/casino/liabilities')).body.snapshots.find((s) => s.id === snapshotId)!;
    const usdt = listed.currencies.find((c) => c.currency === 'USDT')!;
    for (const player of [alice, bob, carol]) {
      const reply = await proofOf(player, `currency=USDT&snapshot=${snapshotId}`);
      expect(reply.status).toBe(200);
      expect(reply.body.leaf.balance).toBe(String(await balanceOf(server.app.db, playerAccount(player.id, 'USDT'))));
      expect(reply.body).toMatchObject({ snapshotId, currency: 'USDT', rootHash: usdt.rootHash, total: usdt.total });
      const check = await verified(reply.body, usdt);
      expect(check.matches).toBe(true);
      expect(String(check.balance)).toBe(reply.body.leaf.balance);
    }
    expect((await proofOf(carol, `currency=USDT&snapshot=${snapshotId}`)).body.leaf.balance).toBe('0');
  });

  it("should never reveal another player's leaf: no nonce of theirs in a proof", async () => {
    const others = await server.app.db.all<{ nonce: string }>('SELECT nonce FROM liability_leaves WHERE snapshot_id = ? AND user_id <> ?', [snapshotId, alice.id]);
    expect(others.length).toBeGreaterThan(0);
    const text = JSON.stringify((await proofOf(alice, `currency=USDT&snapshot=${snapshotId}`)).body);
    for (const { nonce } of others) expect(text).not.toContain(nonce);
  });

  it('should prove the balance held at the snapshot, not the balance now, and default to the latest snapshot', async () => {
    const before = (await proofOf(alice, `currency=USDT&snapshot=${snapshotId}`)).body;
    await creditDeposit(server.app.db, alice.id, 'USDT', 5n, `tx-${Date.now()}`);
    const next = (await takeSnapshot(server.app.db))!;
    const old = await proofOf(alice, `currency=USDT&snapshot=${snapshotId}`);
    expect(old.body.leaf.balance).toBe(before.leaf.balance);
    const latest = await proofOf(alice, 'currency=USDT');
    expect(latest.body.snapshotId).toBe(next.id);
    expect(BigInt(latest.body.leaf.balance)).toBe(BigInt(before.leaf.balance) + 5n);
    // A fresh nonce per snapshot: the same balance would not give the same leaf.
    expect(latest.body.leaf.nonce).not.toBe(before.leaf.nonce);
    expect((await verified(latest.body)).matches).toBe(true);
  });

  it('should refuse a visitor a proof and answer bad or unknown snapshots and currencies in words', async () => {
    const visitor = await call(server, '/casino/liabilities/proof?currency=USDT');
    expect(visitor.status).toBe(401);
    expect(await proofOf(alice, 'currency=XYZ')).toMatchObject({ status: 400, body: { error: 'unknown_currency', message: 'Unknown currency "XYZ"' } });
    expect(await proofOf(alice, 'currency=USDT&snapshot=999999')).toMatchObject({ status: 404, body: { error: 'no_snapshot', message: 'No snapshot #999999.' } });
    expect((await proofOf(alice, 'currency=USDT&snapshot=abc')).status).toBe(400);
    expect((await proofOf(alice, 'snapshot=1')).status).toBe(400);
    expect(await proofOf(alice, `currency=ETH&snapshot=${snapshotId}`)).toMatchObject({
      status: 404,
      body: { error: 'no_leaf', message: `You had no ETH wallet at snapshot #${snapshotId}, so it holds no balance of yours in ETH.` },
    });
  });

  it('should answer proofs in a tree of more than one block of leaves (150 wallets) from the stored nodes', async () => {
    const players = [];
    for (let i = 0; i < 150; i += 1) {
      const player = await createPlayer(server);
      await creditDeposit(server.app.db, player.id, 'DOGE', BigInt(1000 + i), `doge-${player.id}`);
      players.push(player);
    }
    const snapshot = (await takeSnapshot(server.app.db))!;
    const doge = snapshot.currencies.find((c) => c.currency === 'DOGE')!;
    expect(doge.leaves).toBe(150);
    expect(doge.total).toBe(BigInt(150 * 1000 + (149 * 150) / 2));
    const positions = await server.app.db.all<{ userId: number; position: number }>(
      'SELECT user_id AS "userId", position FROM liability_leaves WHERE snapshot_id = ? AND currency = ? ORDER BY position',
      [snapshot.id, 'DOGE'],
    );
    // The first leaf, one in the middle block, and the last (alone in its block).
    for (const at of [0, 70, 149]) {
      const player = players.find((p) => p.id === positions[at]!.userId)!;
      const reply = await proofOf(player, `currency=DOGE&snapshot=${snapshot.id}`);
      expect(reply.status).toBe(200);
      expect(reply.body.path).toHaveLength(8);
      const check = await verified(reply.body, { rootHash: doge.rootHash, total: String(doge.total) });
      expect(check.matches, `leaf ${at}`).toBe(true);
    }
  }, 60_000);

  it('should take one hourly snapshot however many instances try at once', async () => {
    const hourKey = '2031-01-01T05';
    const taken = await Promise.all(Array.from({ length: 4 }, () => takeSnapshot(server.app.db, { hourKey })));
    expect(taken.filter((t) => t !== null)).toHaveLength(1);
    const rows = await server.app.db.all('SELECT id FROM liability_snapshots WHERE hour_key = ?', [hourKey]);
    expect(rows).toHaveLength(1);
  });

  it('should say so when no snapshot was ever taken', async () => {
    const fresh = await startTestServer();
    try {
      // The server took the hour's snapshot as it started: wait for it, then forget it.
      await expect.poll(async () => (await fresh.app.db.all('SELECT id FROM liability_snapshots')).length).toBe(1);
      await fresh.app.db.run('DELETE FROM liability_nodes');
      await fresh.app.db.run('DELETE FROM liability_leaves');
      await fresh.app.db.run('DELETE FROM liability_roots');
      await fresh.app.db.run('DELETE FROM liability_snapshots');
      expect((await call<Listed>(fresh, '/casino/liabilities')).body).toEqual({ snapshots: [] });
      const player = await createPlayer(fresh);
      expect(await proofOf(player, 'currency=USDT')).toMatchObject({ status: 404, body: { error: 'no_snapshot', message: 'No snapshot of the liabilities has been taken yet.' } });
    } finally {
      await fresh.close();
    }
  });
});

describe('the hourly snapshot', () => {
  it(`should be taken once per hour by one of two servers sharing a database, at start and after each full hour (${ENGINE})`, async () => {
    const dataDir = tempDir('liabilities-two-servers-');
    const shared = { dataDir, databaseSchema: testSchema() };
    const start = Date.UTC(2031, 2, 4, 10, 20);
    const clocks = [new ManualClock(start), new ManualClock(start)];
    const [first, second] = await Promise.all([startTestServer(shared, undefined, { clock: clocks[0] }), startTestServer(shared, undefined, { clock: clocks[1] })]);
    try {
      const hours = async () => (await first.app.db.all<{ hourKey: string; takenAt: string }>('SELECT hour_key AS "hourKey", taken_at AS "takenAt" FROM liability_snapshots ORDER BY id'));
      // Both took the hour at start in the background: one of them kept it.
      await expect.poll(async () => (await hours()).length).toBe(1);
      await Promise.all(clocks.map((clock) => clock.advanceTo(Date.UTC(2031, 2, 4, 10, 59))));
      expect(await hours()).toHaveLength(1);
      await Promise.all(clocks.map((clock) => clock.advanceTo(Date.UTC(2031, 2, 4, 12, 30))));
      expect(await hours()).toEqual([
        { hourKey: '2031-03-04T10', takenAt: '2031-03-04T10:20:00.000Z' },
        { hourKey: '2031-03-04T11', takenAt: '2031-03-04T11:00:01.000Z' },
        { hourKey: '2031-03-04T12', takenAt: '2031-03-04T12:00:01.000Z' },
      ]);
    } finally {
      await second.app.close();
      await first.close();
    }
  }, 60_000);
});

describe('the retention of proofs', () => {
  const DAY = 86_400_000;
  const at = (iso: string) => Date.parse(iso);

  it('should take PROOF_RETENTION_DAYS (default 30) and refuse a bad value at start', () => {
    expect(loadConfig({}).proofRetentionMs).toBe(30 * DAY);
    expect(loadConfig({ PROOF_RETENTION_DAYS: '90' }).proofRetentionMs).toBe(90 * DAY);
    for (const bad of ['0', '-1', 'a month', '5000']) {
      expect(() => loadConfig({ PROOF_RETENTION_DAYS: bad })).toThrow(/PROOF_RETENTION_DAYS must be a number of days/);
    }
  });

  it(`should drop the leaves and nodes of snapshots older than 30 days at the hourly snapshot, keep their roots listed, and refuse their proofs (${ENGINE})`, async () => {
    const clock = new ManualClock(at('2031-03-04T10:20:00.000Z'));
    const server = await startTestServer({}, undefined, { clock });
    try {
      const db = server.app.db;
      const rows = async (table: string, snapshotId: number) =>
        Number((await db.get<{ n: number }>(`SELECT COUNT(*) AS n FROM ${table} WHERE snapshot_id = ?`, [snapshotId]))!.n);
      const snapshotAt = async (takenAt: string) => (await db.get<{ id: number }>('SELECT id FROM liability_snapshots WHERE taken_at = ?', [takenAt]))!.id;
      // The start's snapshot (no wallets yet), taken in the background.
      await expect.poll(async () => Number((await db.get<{ n: number }>('SELECT COUNT(*) AS n FROM liability_snapshots'))!.n)).toBe(1);
      const first = await snapshotAt('2031-03-04T10:20:00.000Z');

      // 70 ETH wallets: more than a block of 64 leaves, so the tree keeps nodes above the blocks.
      const alice = await createPlayer(server);
      await creditDeposit(db, alice.id, 'ETH', 5_000n, 'tx-alice');
      for (let i = 0; i < 69; i += 1) {
        const user = (await insertUser(db, { userName: `holder${i}`, email: `holder${i}@example.com`, passwordHash: 'x' }))!;
        await creditDeposit(db, user.id, 'ETH', BigInt(1_000 + i), `tx-holder-${i}`);
      }
      const byHand = (await takeSnapshot(db, { now: new Date(at('2031-03-04T10:30:00.000Z')) }))!.id;
      await clock.jumpTo(at('2031-03-04T11:00:01.000Z'));
      const hourly = await snapshotAt('2031-03-04T11:00:01.000Z');
      expect(await rows('liability_leaves', hourly)).toBeGreaterThanOrEqual(70);
      expect(await rows('liability_nodes', hourly)).toBeGreaterThan(0);
      const listedBefore = (await call<Listed>(server, '/casino/liabilities')).body.snapshots;
      for (const id of [byHand, hourly]) expect((await proofOf(alice, `currency=ETH&snapshot=${id}`)).status).toBe(200);

      // 30 days on, an hour before the first hours turn 30 days old: nothing is dropped yet.
      await clock.jumpTo(at('2031-04-03T10:00:01.000Z'));
      for (const id of [first, byHand, hourly]) expect(await rows('liability_leaves', id) + (await rows('liability_roots', id))).toBeGreaterThan(0);
      expect(await rows('liability_leaves', byHand)).toBeGreaterThanOrEqual(70);

      // Past the 30 days of the snapshot taken by hand, before the next hour prunes it: its proof is
      // refused already (its rows are still there); the hourly one, younger, still answers.
      clock.time = at('2031-04-03T10:45:00.000Z');
      expect(await proofOf(alice, `currency=ETH&snapshot=${byHand}`)).toMatchObject({
        status: 404,
        body: { error: 'proof_expired', message: 'Proofs are kept for 30 days: this snapshot is older.' },
      });
      expect(await rows('liability_leaves', byHand)).toBeGreaterThanOrEqual(70);
      expect((await proofOf(alice, `currency=ETH&snapshot=${hourly}`)).status).toBe(200);

      // The next hourly snapshot drops the leaves of the two older than 30 days; the hourly one, exactly 30 days old, stays.
      await clock.jumpTo(at('2031-04-03T11:00:01.000Z'));
      expect([await rows('liability_leaves', first), await rows('liability_leaves', byHand), await rows('liability_nodes', byHand)]).toEqual([0, 0, 0]);
      expect(await rows('liability_leaves', hourly)).toBeGreaterThanOrEqual(70);
      expect((await proofOf(alice, `currency=ETH&snapshot=${hourly}`)).status).toBe(200);

      // An hour later it goes too: leaves and nodes, and its proof is refused with the reason.
      await clock.jumpTo(at('2031-04-03T12:00:01.000Z'));
      expect([await rows('liability_leaves', hourly), await rows('liability_nodes', hourly)]).toEqual([0, 0]);
      expect(await proofOf(alice, `currency=ETH&snapshot=${hourly}`)).toMatchObject({
        status: 404,
        body: { error: 'proof_expired', message: 'Proofs are kept for 30 days: this snapshot is older.' },
      });
      // Under a longer retention than the one that pruned it (PROOF_RETENTION_DAYS raised since), the
      // reason is the same, not "you had no wallet".
      await expect(proofFor(db, alice.id, 'ETH', hourly, { nowMs: clock.time, retentionMs: 365 * DAY })).rejects.toMatchObject({
        statusCode: 404,
        code: 'proof_expired',
      });
      // Every snapshot stays listed with its roots, totals, leaf counts and reserves as they were.
      const listedAfter = (await call<Listed>(server, '/casino/liabilities')).body.snapshots;
      for (const before of listedBefore) expect(listedAfter.find((s) => s.id === before.id)).toEqual(before);
      // The latest snapshot's proof still answers and verifies.
      const latest = await proofOf(alice, 'currency=ETH');
      expect(latest.status).toBe(200);
      expect((await verified(latest.body)).matches).toBe(true);
    } finally {
      await server.close();
    }
  }, 90_000);
});

describe('npm run proof:snapshot and npm run verify -- --liabilities', () => {
  const env = (dataDir: string, schema: string | null) => ({
    ...process.env,
    DATA_DIR: dataDir,
    DATABASE_URL: ENGINE === 'postgres' ? (TEST_DATABASE_URL ?? '') : '',
    DATABASE_SCHEMA: schema ?? '',
  });
  const snapshotCli = (dataDir: string, schema: string | null) =>
    spawnSync(process.execPath, ['--import', 'tsx', 'src/server/cli/proof-snapshot.ts'], { env: env(dataDir, schema), encoding: 'utf8' });
  const verifyCli = (...args: string[]) => spawnSync(process.execPath, ['--import', 'tsx', 'scripts/verify.ts', ...args], { encoding: 'utf8' });

  it('should take a snapshot of the server database, and verify a saved proof (0), a tampered one (1) and a file that is no proof (2)', async () => {
    const opened = await openTestDatabase();
    try {
      const { db } = opened;
      const user = (await insertUser(db, { userName: 'dora', email: 'dora@example.com', passwordHash: 'x' }))!;
      await creditDeposit(db, user.id, 'ETH', 123_456n, 'tx-1');
      const other = (await insertUser(db, { userName: 'eve', email: 'eve@example.com', passwordHash: 'x' }))!;
      await creditDeposit(db, other.id, 'ETH', 1_000n, 'tx-2');
      const taken = snapshotCli(opened.dataDir, opened.schema);
      expect(taken.status, taken.stderr).toBe(0);
      const id = Number(/#(\d+) taken/.exec(taken.stdout)?.[1]);
      expect(taken.stdout).toMatch(/ETH: root [0-9a-f]{64}, total 124456, 2 leaves, reserves 124456 \(base units\)/);

      const { proofFor } = await import('../../src/server/proof/snapshots');
      const proof = await proofFor(db, user.id, 'ETH', id);
      const dir = tempDir('casino-proof-');
      const file = path.join(dir, 'proof.json');
      fs.writeFileSync(file, JSON.stringify(proof));
      const good = verifyCli('--liabilities', file);
      expect(good.status, good.stderr).toBe(0);
      expect(JSON.parse(good.stdout)).toMatchObject({ currency: 'ETH', balance: '123456', computedRoot: proof.rootHash, computedTotal: '124456', verified: true });

      fs.writeFileSync(file, JSON.stringify({ ...proof, leaf: { ...proof.leaf, balance: '999999' } }));
      const tampered = verifyCli('--liabilities', file);
      expect(tampered.status).toBe(1);
      expect(tampered.stderr).toContain('the proof does not reach its root');

      fs.writeFileSync(file, '{"snapshotId": 1}');
      const notProof = verifyCli('--liabilities', file);
      expect(notProof.status).toBe(2);
      expect(notProof.stderr).toContain('is not a proof of liabilities: currency must be a currency symbol');
      expect(verifyCli('--liabilities', path.join(dir, 'missing.json')).status).toBe(2);
      expect(verifyCli('--liabilities').status).toBe(2);
      fs.rmSync(dir, { recursive: true, force: true });
    } finally {
      await opened.close();
    }
  }, 90_000);

  it('should exit 2 when there is no database', () => {
    const result = spawnSync(process.execPath, ['--import', 'tsx', 'src/server/cli/proof-snapshot.ts'], {
      env: { ...process.env, DATA_DIR: path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'casino-none-')), 'missing'), DATABASE_URL: '' },
      encoding: 'utf8',
    });
    expect(result.status).toBe(2);
    expect(result.stderr).toContain('proof snapshot: no database at');
  }, 60_000);
});
