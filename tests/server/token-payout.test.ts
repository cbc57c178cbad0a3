import fs from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import type { Database, Sql } from '../../src/server/db/sql';
import { checkLedger } from '../../src/server/ledger/check';
import { balanceOf, externalAccount, houseAccount, playerAccount, transfer } from '../../src/server/ledger/ledger';
import { miningSupply } from '../../src/core/token/mining';
import { miningTreasury, rewardsPoolAccount, stakingAccount, unclaimedRewardsAccount } from '../../src/server/token/accounts';
import { totalMined } from '../../src/server/token/mining';
import { DailyPayoutScheduler, runDuePayout, runPayout } from '../../src/server/token/payout';
import { insertUser } from '../../src/server/users/repository';
import { ENGINE, TEST_DATABASE_URL, dropTestSchema, openTestDatabase, startTestServer, tempDir, testSchema } from '../support/server';
import type { TestDatabase } from '../support/server';
import { ManualClock } from '../support/manualClock';

const DAY = 86_400_000;

const opened: TestDatabase[] = [];
const dirs: string[] = [];
afterEach(async () => {
  for (const database of opened.splice(0)) await database.close();
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

async function freshDb(): Promise<{ db: Database }> {
  const database = await openTestDatabase();
  opened.push(database);
  return { db: database.db };
}

async function staker(db: Sql, name: string, stake: bigint): Promise<number> {
  const user = (await insertUser(db, { userName: name, email: `${name}@example.com`, passwordHash: 'x' }))!;
  await transfer(db, { from: externalAccount('ACC'), to: stakingAccount(user.id), amount: stake, kind: 'stake', ref: 'test' });
  return user.id;
}

const fundPool = (db: Sql, currency: string, amount: bigint) =>
  transfer(db, { from: externalAccount(currency), to: rewardsPoolAccount(currency), amount, kind: 'fee', ref: 'test' });

const unclaimed = (db: Sql, userId: number, currency: string) => balanceOf(db, unclaimedRewardsAccount(userId, currency));

const count = async (db: Sql, table: string) => (await db.get<{ n: number }>(`SELECT COUNT(*) AS n FROM ${table}`))!.n;

describe('daily staking payout', () => {
  it('should pay 2% of each rewards pool pro rata by stake, into unclaimed rewards, recorded in the history', async () => {
    const { db } = await freshDb();
    const alice = await staker(db, 'alice', 100n);
    const bob = await staker(db, 'bob', 300n);
    await fundPool(db, 'BTC', 1_000_000n);
    await fundPool(db, 'USDT', 50_000n);
    const run = await runPayout(db, '2025-01-02', true, 0.02, new Date(Date.UTC(2025, 0, 2)));
    expect(run?.payouts).toEqual([
      { currency: 'BTC', amount: 20_000n, stakers: 2 },
      { currency: 'USDT', amount: 1_000n, stakers: 2 },
    ]);
    expect(await unclaimed(db, alice, 'BTC')).toBe(5_000n);
    expect(await unclaimed(db, bob, 'BTC')).toBe(15_000n);
    expect(await unclaimed(db, bob, 'USDT')).toBe(750n);
    expect(await balanceOf(db, rewardsPoolAccount('BTC'))).toBe(980_000n);
    const history = await db.all('SELECT currency, amount, stakers FROM staking_payouts ORDER BY id');
    expect(history).toEqual([
      { currency: 'BTC', amount: 20_000, stakers: 2 },
      { currency: 'USDT', amount: 1_000, stakers: 2 },
    ]);
    expect((await checkLedger(db)).ok).toBe(true);
  });

  it('should run exactly once per UTC day, and a missed day once', async () => {
    const { db } = await freshDb();
    const alice = await staker(db, 'alice', 1n);
    await fundPool(db, 'ETH', 1_000_000n);
    const jan2 = Date.UTC(2025, 0, 2);
    expect((await runDuePayout(db, 0.02, jan2 + 1_000))?.runKey).toBe('2025-01-02');
    expect(await runDuePayout(db, 0.02, jan2 + 5_000)).toBeNull();
    expect(await runDuePayout(db, 0.02, jan2 + DAY - 1)).toBeNull();
    expect(await unclaimed(db, alice, 'ETH')).toBe(20_000n);
    // Down for three midnights: one catch-up payout, then nothing until the next midnight.
    expect((await runDuePayout(db, 0.02, jan2 + 3 * DAY + 3_600_000))?.runKey).toBe('2025-01-05');
    expect(await runDuePayout(db, 0.02, jan2 + 3 * DAY + 7_200_000)).toBeNull();
    expect(await unclaimed(db, alice, 'ETH')).toBe(20_000n + 19_600n);
    expect(await count(db, 'staking_payout_runs')).toBe(2);
  });

  it('should pay a day once when many runs of it start at the same moment on one database', async () => {
    const { db } = await freshDb();
    const alice = await staker(db, 'alice', 1n);
    await fundPool(db, 'ETH', 1_000_000n);
    const at = Date.UTC(2025, 0, 2) + 1_000;
    const runs = await Promise.all(Array.from({ length: 8 }, () => runDuePayout(db, 0.02, at)));
    expect(runs.filter((run) => run !== null).map((run) => run!.runKey)).toEqual(['2025-01-02']);
    expect(await unclaimed(db, alice, 'ETH')).toBe(20_000n);
    expect(await count(db, 'staking_payouts')).toBe(1);
    expect((await checkLedger(db)).ok).toBe(true);
  });

  it('should pay two extra runs at once one after the other, each its share of what the other left', async () => {
    const { db } = await freshDb();
    const alice = await staker(db, 'alice', 1n);
    await fundPool(db, 'ETH', 1_000_000n);
    await Promise.all([runPayout(db, 'extra:a', false, 0.02, new Date()), runPayout(db, 'extra:b', false, 0.02, new Date())]);
    expect(await unclaimed(db, alice, 'ETH')).toBe(20_000n + 19_600n);
    expect(await balanceOf(db, rewardsPoolAccount('ETH'))).toBe(1_000_000n - 39_600n);
    expect((await checkLedger(db)).ok).toBe(true);
  });

  it('should pay nothing and keep the pool when nobody stakes', async () => {
    const { db } = await freshDb();
    await fundPool(db, 'BTC', 1_000n);
    expect((await runPayout(db, '2025-01-02', true, 0.02, new Date()))?.payouts).toEqual([]);
    expect(await balanceOf(db, rewardsPoolAccount('BTC'))).toBe(1_000n);
  });

  it('should fire at each midnight UTC from a scheduler on an injected clock, and stop', async () => {
    const { db } = await freshDb();
    const alice = await staker(db, 'alice', 10n);
    await fundPool(db, 'LTC', 1_000_000n);
    const clock = new ManualClock(Date.UTC(2025, 0, 2, 22, 0));
    const runs: string[] = [];
    const failures: unknown[] = [];
    const scheduler = new DailyPayoutScheduler((now) => runDuePayout(db, 0.02, now), clock, (e) => failures.push(e), (run) => runs.push(run.runKey));
    await scheduler.start(); // catches up the payout of 2 January 00:00
    expect(runs).toEqual(['2025-01-02']);
    await clock.advanceTo(Date.UTC(2025, 0, 2, 23, 59));
    expect(runs).toEqual(['2025-01-02']);
    await clock.advanceTo(Date.UTC(2025, 0, 3, 0, 0, 5));
    expect(runs).toEqual(['2025-01-02', '2025-01-03']);
    await clock.advanceTo(Date.UTC(2025, 0, 5, 12));
    expect(runs).toEqual(['2025-01-02', '2025-01-03', '2025-01-04', '2025-01-05']);
    expect(await unclaimed(db, alice, 'LTC')).toBe(20_000n + 19_600n + 19_208n + 18_823n);
    await scheduler.stop();
    expect(clock.pending()).toBe(0);
    await clock.advanceTo(Date.UTC(2025, 0, 9));
    expect(runs).toHaveLength(4);
    expect(failures).toEqual([]);
    expect((await checkLedger(db)).ok).toBe(true);
  });

  it('should not pay twice across a restart, and catch up the missed midnight once at start', async () => {
    const dataDir = tempDir('token-restart-');
    dirs.push(dataDir);
    const schema = testSchema();
    const config = {
      ...loadConfig({ PORT: '0', DATA_DIR: dataDir, STATIC_DIR: '', LOG_LEVEL: 'silent' }),
      dataDir,
      databaseUrl: TEST_DATABASE_URL,
      databaseSchema: schema,
    };
    const clock = new ManualClock(Date.UTC(2025, 0, 2, 10));
    try {
      let app = await buildApp({ config, logger: false, clock });
      await app.ready();
      const alice = await staker(app.db, 'alice', 500n);
      await fundPool(app.db, 'DOGE', 1_000_000n);
      expect(await app.token.runDuePayout()).toBeNull(); // 2 January already ran at start (with no stakers)
      await app.close();

      app = await buildApp({ config, logger: false, clock }); // same day: nothing more
      await app.ready();
      expect(await unclaimed(app.db, alice, 'DOGE')).toBe(0n);
      await app.close();

      clock.time = Date.UTC(2025, 0, 4, 8); // down over two midnights
      app = await buildApp({ config, logger: false, clock });
      await app.ready();
      expect(await unclaimed(app.db, alice, 'DOGE')).toBe(20_000n);
      await app.close();
      app = await buildApp({ config, logger: false, clock });
      await app.ready();
      expect(await unclaimed(app.db, alice, 'DOGE')).toBe(20_000n);
      expect((await balanceOf(app.db, houseAccount('DOGE'))) > 0n).toBe(true);
      expect(await balanceOf(app.db, playerAccount(alice, 'DOGE'))).toBe(0n);
      expect((await checkLedger(app.db)).ok).toBe(true);
      await app.close();
    } finally {
      await dropTestSchema(schema);
    }
  });

  it(`should pay each day once when two servers share one database and tick at the same moment (${ENGINE})`, async () => {
    const dataDir = tempDir('token-two-servers-');
    dirs.push(dataDir);
    const shared = { dataDir, databaseSchema: testSchema() };
    const clocks = [new ManualClock(Date.UTC(2025, 0, 2, 22)), new ManualClock(Date.UTC(2025, 0, 2, 22))];
    // Started at the same moment: both migrate, mint the mining treasury and run the due payout at once.
    const [first, second] = await Promise.all([
      startTestServer(shared, undefined, { clock: clocks[0] }),
      startTestServer(shared, undefined, { clock: clocks[1] }),
    ]);
    try {
      const db = first.app.db;
      // Both started on 2 January: one of them paid its (empty) payout at start, the other found it done.
      expect(await count(db, 'staking_payout_runs')).toBe(1);
      // One of them minted the treasury, the other found it minted.
      const supply = miningSupply(first.config.token.levels, first.config.token.maxSupply);
      expect((await balanceOf(db, miningTreasury())) + (await totalMined(db))).toBe(supply);
      const alice = await staker(db, 'alice', 100n);
      const bob = await staker(second.app.db, 'bob', 300n);
      await fundPool(db, 'BTC', 1_000_000n);

      // Both timers fire at 00:00:01 on 3 January; each server also runs the due payout by hand, twice.
      const midnight = Date.UTC(2025, 0, 3, 0, 0, 5);
      const runs = await Promise.all([
        clocks[0]!.advanceTo(midnight).then(() => null),
        clocks[1]!.advanceTo(midnight).then(() => null),
        ...[first, second, first, second].map((server) => server.app.token.runDuePayout(midnight)),
      ]);
      // Whichever of the six won (a timer's run or one by hand), the day was claimed and paid once.
      expect(runs.filter((run) => run !== null).length).toBeLessThanOrEqual(1);
      const days = await db.all<{ run_key: string }>('SELECT run_key FROM staking_payout_runs WHERE scheduled = 1 ORDER BY run_key');
      expect(days.map((day) => day.run_key)).toEqual(['2025-01-02', '2025-01-03']);
      expect(await unclaimed(db, alice, 'BTC')).toBe(5_000n);
      expect(await unclaimed(db, bob, 'BTC')).toBe(15_000n);
      expect(await db.all('SELECT run_key, currency, amount, stakers FROM staking_payouts')).toEqual([
        { run_key: '2025-01-03', currency: 'BTC', amount: 20_000, stakers: 2 },
      ]);

      // Both down over two midnights (their timers never fire), then both tick at once: the latest day, once.
      const later = Date.UTC(2025, 0, 5, 9);
      const caughtUp = await Promise.all([first, second, first, second].map((server) => server.app.token.runDuePayout(later)));
      expect(caughtUp.filter((run) => run !== null).map((run) => run!.runKey)).toEqual(['2025-01-05']);
      expect(await unclaimed(db, alice, 'BTC')).toBe(5_000n + 4_900n);
      expect(await count(db, 'staking_payouts')).toBe(2);
      expect((await checkLedger(db)).ok).toBe(true);
    } finally {
      await first.app.close();
      await second.close();
    }
  });
});

describe('token bookkeeping in the ledger check', () => {
  it('should flag unclaimed rewards and bankroll shares that disagree with the ledger', async () => {
    const { db } = await freshDb();
    const alice = await staker(db, 'alice', 10n);
    await fundPool(db, 'BTC', 1_000n);
    await runPayout(db, 'x', false, 0.02, new Date());
    expect((await checkLedger(db)).ok).toBe(true);
    await db.run('UPDATE staking_rewards SET claimed = 1 WHERE user_id = ?', [alice]);
    await db.run('INSERT INTO bankroll_pools (currency, total_shares) VALUES (?, 5)', ['ETH']);
    expect((await checkLedger(db)).violations).toEqual([
      `staking_rewards:${alice}/BTC holds 20 but 19 rewards are unclaimed`,
      'bankroll pool ETH counts 5 shares but its positions hold 0',
    ]);
  });
});
