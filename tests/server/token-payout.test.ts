import fs from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import type { Database } from 'better-sqlite3';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { openDatabase } from '../../src/server/db/database';
import { checkLedger } from '../../src/server/ledger/check';
import { balanceOf, externalAccount, houseAccount, playerAccount, transfer } from '../../src/server/ledger/ledger';
import { rewardsPoolAccount, stakingAccount, unclaimedRewardsAccount } from '../../src/server/token/accounts';
import { DailyPayoutScheduler, runDuePayout, runPayout } from '../../src/server/token/payout';
import type { Clock } from '../../src/server/token/payout';
import { insertUser } from '../../src/server/users/repository';
import { tempDir } from '../support/server';

const DAY = 86_400_000;

/** A clock the test moves by hand; timers fire when it passes their time. */
class ManualClock implements Clock {
  private timers: Array<{ at: number; callback: () => void; id: number }> = [];
  private nextId = 1;
  constructor(public time: number) {}
  now = () => this.time;
  setTimeout = (callback: () => void, ms: number) => {
    const id = this.nextId++;
    this.timers.push({ at: this.time + ms, callback, id });
    return id;
  };
  clearTimeout = (handle: unknown) => {
    this.timers = this.timers.filter((t) => t.id !== handle);
  };
  pending = () => this.timers.length;
  advanceTo(time: number) {
    for (;;) {
      const due = this.timers.filter((t) => t.at <= time).sort((a, b) => a.at - b.at)[0];
      if (!due) break;
      this.timers = this.timers.filter((t) => t !== due);
      this.time = due.at;
      due.callback();
    }
    this.time = time;
  }
}

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

function freshDb(): { db: Database; dir: string } {
  const dir = tempDir('token-payout-');
  dirs.push(dir);
  return { db: openDatabase(dir), dir };
}

function staker(db: Database, name: string, stake: bigint): number {
  const user = insertUser(db, { userName: name, email: `${name}@example.com`, passwordHash: 'x' });
  transfer(db, { from: externalAccount('ACC'), to: stakingAccount(user.id), amount: stake, kind: 'stake', ref: 'test' });
  return user.id;
}

const fundPool = (db: Database, currency: string, amount: bigint) =>
  transfer(db, { from: externalAccount(currency), to: rewardsPoolAccount(currency), amount, kind: 'fee', ref: 'test' });

const unclaimed = (db: Database, userId: number, currency: string) => balanceOf(db, unclaimedRewardsAccount(userId, currency));

describe('daily staking payout', () => {
  it('should pay 2% of each rewards pool pro rata by stake, into unclaimed rewards, recorded in the history', () => {
    const { db } = freshDb();
    const alice = staker(db, 'alice', 100n);
    const bob = staker(db, 'bob', 300n);
    fundPool(db, 'BTC', 1_000_000n);
    fundPool(db, 'USDT', 50_000n);
    const run = runPayout(db, '2025-01-02', true, 0.02, new Date(Date.UTC(2025, 0, 2)));
    expect(run?.payouts).toEqual([
      { currency: 'BTC', amount: 20_000n, stakers: 2 },
      { currency: 'USDT', amount: 1_000n, stakers: 2 },
    ]);
    expect(unclaimed(db, alice, 'BTC')).toBe(5_000n);
    expect(unclaimed(db, bob, 'BTC')).toBe(15_000n);
    expect(unclaimed(db, bob, 'USDT')).toBe(750n);
    expect(balanceOf(db, rewardsPoolAccount('BTC'))).toBe(980_000n);
    const history = db.prepare('SELECT currency, amount, stakers FROM staking_payouts ORDER BY id').all();
    expect(history).toEqual([
      { currency: 'BTC', amount: 20_000, stakers: 2 },
      { currency: 'USDT', amount: 1_000, stakers: 2 },
    ]);
    expect(checkLedger(db).ok).toBe(true);
  });

  it('should run exactly once per UTC day, and a missed day once', () => {
    const { db } = freshDb();
    const alice = staker(db, 'alice', 1n);
    fundPool(db, 'ETH', 1_000_000n);
    const jan2 = Date.UTC(2025, 0, 2);
    expect(runDuePayout(db, 0.02, jan2 + 1_000)?.runKey).toBe('2025-01-02');
    expect(runDuePayout(db, 0.02, jan2 + 5_000)).toBeNull();
    expect(runDuePayout(db, 0.02, jan2 + DAY - 1)).toBeNull();
    expect(unclaimed(db, alice, 'ETH')).toBe(20_000n);
    // Down for three midnights: one catch-up payout, then nothing until the next midnight.
    expect(runDuePayout(db, 0.02, jan2 + 3 * DAY + 3_600_000)?.runKey).toBe('2025-01-05');
    expect(runDuePayout(db, 0.02, jan2 + 3 * DAY + 7_200_000)).toBeNull();
    expect(unclaimed(db, alice, 'ETH')).toBe(20_000n + 19_600n);
    expect((db.prepare('SELECT COUNT(*) AS n FROM staking_payout_runs').get() as { n: number }).n).toBe(2);
  });

  it('should pay nothing and keep the pool when nobody stakes', () => {
    const { db } = freshDb();
    fundPool(db, 'BTC', 1_000n);
    expect(runPayout(db, '2025-01-02', true, 0.02, new Date())?.payouts).toEqual([]);
    expect(balanceOf(db, rewardsPoolAccount('BTC'))).toBe(1_000n);
  });

  it('should fire at each midnight UTC from a scheduler on an injected clock, and stop', () => {
    const { db } = freshDb();
    const alice = staker(db, 'alice', 10n);
    fundPool(db, 'LTC', 1_000_000n);
    const clock = new ManualClock(Date.UTC(2025, 0, 2, 22, 0));
    const runs: string[] = [];
    const scheduler = new DailyPayoutScheduler((now) => runDuePayout(db, 0.02, now), clock, (e) => {
      throw e;
    }, (run) => runs.push(run.runKey));
    scheduler.start(); // catches up the payout of 2 January 00:00
    expect(runs).toEqual(['2025-01-02']);
    clock.advanceTo(Date.UTC(2025, 0, 2, 23, 59));
    expect(runs).toEqual(['2025-01-02']);
    clock.advanceTo(Date.UTC(2025, 0, 3, 0, 0, 5));
    expect(runs).toEqual(['2025-01-02', '2025-01-03']);
    clock.advanceTo(Date.UTC(2025, 0, 5, 12));
    expect(runs).toEqual(['2025-01-02', '2025-01-03', '2025-01-04', '2025-01-05']);
    expect(unclaimed(db, alice, 'LTC')).toBe(20_000n + 19_600n + 19_208n + 18_823n);
    scheduler.stop();
    expect(clock.pending()).toBe(0);
    clock.advanceTo(Date.UTC(2025, 0, 9));
    expect(runs).toHaveLength(4);
    expect(checkLedger(db).ok).toBe(true);
  });

  it('should not pay twice across a restart, and catch up the missed midnight once at start', async () => {
    const dataDir = tempDir('token-restart-');
    dirs.push(dataDir);
    const config = { ...loadConfig({ PORT: '0', DATA_DIR: dataDir, STATIC_DIR: '', LOG_LEVEL: 'silent' }), dataDir };
    const clock = new ManualClock(Date.UTC(2025, 0, 2, 10));
    let app = await buildApp({ config, logger: false, clock });
    await app.ready();
    const alice = staker(app.db, 'alice', 500n);
    fundPool(app.db, 'DOGE', 1_000_000n);
    expect(app.token.runDuePayout()).toBeNull(); // 2 January already ran at start (with no stakers)
    await app.close();

    app = await buildApp({ config, logger: false, clock }); // same day: nothing more
    await app.ready();
    expect(unclaimed(app.db, alice, 'DOGE')).toBe(0n);
    await app.close();

    clock.time = Date.UTC(2025, 0, 4, 8); // down over two midnights
    app = await buildApp({ config, logger: false, clock });
    await app.ready();
    expect(unclaimed(app.db, alice, 'DOGE')).toBe(20_000n);
    await app.close();
    app = await buildApp({ config, logger: false, clock });
    await app.ready();
    expect(unclaimed(app.db, alice, 'DOGE')).toBe(20_000n);
    expect(balanceOf(app.db, houseAccount('DOGE')) > 0n).toBe(true);
    expect(balanceOf(app.db, playerAccount(alice, 'DOGE'))).toBe(0n);
    expect(checkLedger(app.db).ok).toBe(true);
    await app.close();
  });
});

describe('token bookkeeping in the ledger check', () => {
  it('should flag unclaimed rewards and bankroll shares that disagree with the ledger', () => {
    const { db } = freshDb();
    const alice = staker(db, 'alice', 10n);
    fundPool(db, 'BTC', 1_000n);
    runPayout(db, 'x', false, 0.02, new Date());
    expect(checkLedger(db).ok).toBe(true);
    db.prepare('UPDATE staking_rewards SET claimed = 1 WHERE user_id = ?').run(alice);
    db.prepare('INSERT INTO bankroll_pools (currency, total_shares) VALUES (?, 5)').run('ETH');
    expect(checkLedger(db).violations).toEqual([
      `staking_rewards:${alice}/BTC holds 20 but 19 rewards are unclaimed`,
      'bankroll pool ETH counts 5 shares but its positions hold 0',
    ]);
  });
});
