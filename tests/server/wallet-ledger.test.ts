import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../../src/server/db/sql';
import { toPostgresDdl } from '../../src/server/db/migrations';
import { checkLedger } from '../../src/server/ledger/check';
import {
  InsufficientFundsError,
  LedgerError,
  balanceOf,
  countEntries,
  entriesOf,
  externalAccount,
  houseAccount,
  playerAccount,
  transfer,
  withdrawalsAccount,
} from '../../src/server/ledger/ledger';
import {
  cancelWithdrawal,
  creditDeposit,
  markWithdrawalSent,
  requestWithdrawal,
  seedHouseBankroll,
} from '../../src/server/wallet/cashier';
import { insertUser } from '../../src/server/users/repository';
import { ENGINE, TEST_DATABASE_URL, openTestDatabase } from '../support/server';
import type { TestDatabase } from '../support/server';

const BTC = 'BTC';

const newUser = async (db: Database, name: string): Promise<number> =>
  (await insertUser(db, { userName: name, email: `${name}@example.com`, passwordHash: 'x' }))!.id;

describe('ledger', () => {
  let opened: TestDatabase;
  let db: Database;
  let alice: number;
  let bob: number;

  beforeEach(async () => {
    opened = await openTestDatabase();
    db = opened.db;
    alice = await newUser(db, 'alice');
    bob = await newUser(db, 'bob');
  });
  afterEach(async () => {
    await opened.close();
  });

  const fund = (userId: number, amount: bigint) =>
    transfer(db, { from: externalAccount(BTC), to: playerAccount(userId, BTC), amount, kind: 'deposit', ref: 'test' });

  it('should move money as a double entry and keep every balance equal to its rows', async () => {
    await fund(alice, 1_000n);
    const result = await transfer(db, { from: playerAccount(alice, BTC), to: houseAccount(BTC), amount: 300n, kind: 'bet', ref: 'dice:1' });
    expect(result).toMatchObject({ fromBalance: 700n, toBalance: 300n });
    expect(await balanceOf(db, playerAccount(alice, BTC))).toBe(700n);
    expect(await balanceOf(db, houseAccount(BTC))).toBe(300n);
    expect(await balanceOf(db, externalAccount(BTC))).toBe(-1_000n);
    expect(await balanceOf(db, playerAccount(bob, BTC))).toBe(0n);
    const [bet] = await entriesOf(db, playerAccount(alice, BTC));
    expect(bet).toMatchObject({ amount: -300n, kind: 'bet', ref: 'dice:1', currency: BTC });
    const report = await checkLedger(db);
    expect(report.violations).toEqual([]);
    expect(report.ok).toBe(true);
    expect(report.entries).toBe(4);
  });

  it('should refuse a debit beyond the balance with InsufficientFundsError and write nothing', async () => {
    await fund(alice, 100n);
    const before = await countEntries(db);
    let caught: unknown;
    try {
      await transfer(db, { from: playerAccount(alice, BTC), to: houseAccount(BTC), amount: 101n, kind: 'bet', ref: 'dice:2' });
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(InsufficientFundsError);
    expect(caught).toMatchObject({ requested: 101n, available: 100n });
    expect(await countEntries(db)).toBe(before);
    expect(await balanceOf(db, playerAccount(alice, BTC))).toBe(100n);
    // The house cannot pay out what it does not hold either.
    await expect(transfer(db, { from: houseAccount(BTC), to: playerAccount(alice, BTC), amount: 1n, kind: 'payout', ref: 'x' })).rejects.toThrow(
      InsufficientFundsError,
    );
  });

  it("should roll back the caller's whole transaction when a transfer inside it fails", async () => {
    const ddl = 'CREATE TABLE test_bets (id INTEGER PRIMARY KEY, note TEXT)';
    await db.exec(ENGINE === 'postgres' ? toPostgresDdl(ddl) : ddl);
    await fund(alice, 50n);
    const placeBet = (amount: bigint) =>
      db.transaction(async (tx) => {
        const { id } = (await tx.get<{ id: number }>("INSERT INTO test_bets (note) VALUES ('bet') RETURNING id"))!;
        await transfer(tx, { from: playerAccount(alice, BTC), to: houseAccount(BTC), amount, kind: 'bet', ref: `test:${id}` });
      });
    await placeBet(30n);
    await expect(placeBet(30n)).rejects.toThrow(InsufficientFundsError);
    expect((await db.get<{ n: number }>('SELECT COUNT(*) AS n FROM test_bets'))!.n).toBe(1);
    expect(await balanceOf(db, playerAccount(alice, BTC))).toBe(20n);
    expect((await checkLedger(db)).ok).toBe(true);
  });

  it('should refuse programming mistakes: zero, negative, non-bigint, mixed currencies, same account', async () => {
    const from = externalAccount(BTC);
    const to = playerAccount(alice, BTC);
    for (const amount of [0n, -5n, 5 as unknown as bigint]) {
      await expect(transfer(db, { from, to, amount, kind: 'deposit', ref: null })).rejects.toThrow(LedgerError);
    }
    await expect(transfer(db, { from, to: playerAccount(alice, 'ETH'), amount: 1n, kind: 'deposit', ref: null })).rejects.toThrow(/between currencies/);
    await expect(transfer(db, { from: to, to, amount: 1n, kind: 'deposit', ref: null })).rejects.toThrow(/to itself/);
    await expect(transfer(db, { from, to: playerAccount(alice, 'NOPE'), amount: 1n, kind: 'deposit', ref: null })).rejects.toThrow();
    expect(await countEntries(db)).toBe(0);
  });

  it('should detect a tampered balance, a one-sided row and created money', async () => {
    await fund(alice, 1_000n);
    expect((await checkLedger(db)).ok).toBe(true);

    await db.run("UPDATE ledger_accounts SET balance = balance + 5 WHERE holder = ? AND currency = 'BTC'", [`player:${alice}`]);
    let report = await checkLedger(db);
    expect(report.ok).toBe(false);
    expect(report.violations).toContain(`balance of player:${alice}/BTC is 1005 but its ledger rows sum to 1000`);
    expect(report.violations).toContain('total of BTC over all accounts is 5, not 0: money was created or destroyed');

    // A row written without its counterpart (and the balance "fixed" to match it).
    const account = (await db.get<{ id: number }>("SELECT id FROM ledger_accounts WHERE holder = ? AND currency = 'BTC'", [`player:${alice}`]))!;
    const transferId = (await db.get<{ id: number }>(
      "INSERT INTO ledger_transfers (currency, amount, kind, ref, created_at) VALUES ('BTC', 5, 'deposit', 'forged', 'now') RETURNING id",
    ))!.id;
    await db.run(
      "INSERT INTO ledger_entries (transfer_id, account_id, currency, amount, kind, ref, created_at) VALUES (?, ?, 'BTC', 5, 'deposit', 'forged', 'now')",
      [transferId, account.id],
    );
    report = await checkLedger(db);
    expect(report.violations.some((v) => v.startsWith(`balance of player:${alice}`))).toBe(false);
    expect(report.violations).toContain(`transfer ${transferId} of 5 is not a double entry: 1 rows, debit 0, credit 5`);
    expect(report.violations.some((v) => v.startsWith('total of BTC'))).toBe(true);
  });

  it('should detect a negative balance and pending withdrawals the withdrawals account does not hold', async () => {
    await fund(alice, 1_000n);
    await requestWithdrawal(db, { userId: alice, currency: BTC, address: 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4', amount: 400n });
    expect((await checkLedger(db)).ok).toBe(true);
    await db.run('UPDATE withdrawals SET amount = 401');
    expect((await checkLedger(db)).violations).toContain('pending withdrawals of BTC sum to 401 but the withdrawals account holds 400');
    await db.run('UPDATE withdrawals SET amount = 400');

    // The schema refuses a negative player balance outright; the check still looks, for a database without that guard.
    await expect(db.run('UPDATE ledger_accounts SET balance = -1 WHERE holder = ?', [`player:${alice}`])).rejects.toThrow(/CHECK constraint|check constraint/);
    if (ENGINE === 'postgres') {
      const { name } = (await db.get<{ name: string }>(
        "SELECT conname AS name FROM pg_constraint WHERE conrelid = 'ledger_accounts'::regclass AND contype = 'c'",
      ))!;
      await db.exec(`ALTER TABLE ledger_accounts DROP CONSTRAINT ${name}`);
    } else {
      await db.exec('PRAGMA ignore_check_constraints = ON');
    }
    await db.run('UPDATE ledger_accounts SET balance = -1 WHERE holder = ?', [`player:${alice}`]);
    expect((await checkLedger(db)).violations).toContain(`balance of player:${alice}/BTC is negative: -1`);
  });

  it('should move a withdrawal to pending, back on cancel, and out to the external account when sent', async () => {
    await fund(alice, 1_000n);
    const address = 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4';
    const first = await requestWithdrawal(db, { userId: alice, currency: BTC, address, amount: 300n });
    expect(first.balance).toBe(700n);
    expect(await balanceOf(db, withdrawalsAccount(BTC))).toBe(300n);
    const second = await requestWithdrawal(db, { userId: alice, currency: BTC, address, amount: 200n });
    expect((await cancelWithdrawal(db, alice, first.withdrawal.id)).balance).toBe(800n);
    await expect(cancelWithdrawal(db, bob, second.withdrawal.id)).rejects.toThrow(/no withdrawal/);
    await markWithdrawalSent(db, second.withdrawal.id, 'tx-1');
    await expect(cancelWithdrawal(db, alice, second.withdrawal.id)).rejects.toThrow(/sent, not pending/);
    expect(await balanceOf(db, withdrawalsAccount(BTC))).toBe(0n);
    expect(await balanceOf(db, externalAccount(BTC))).toBe(-800n);
    expect(await balanceOf(db, playerAccount(alice, BTC))).toBe(800n);
    expect(await checkLedger(db)).toMatchObject({ ok: true, violations: [] });
  });

  it('should credit a chain deposit once per transaction id', async () => {
    expect(await creditDeposit(db, alice, BTC, 5_000n, 'tx-abc')).toEqual({ credited: true, balance: 5_000n });
    expect(await creditDeposit(db, alice, BTC, 5_000n, 'tx-abc')).toEqual({ credited: false, balance: 5_000n });
    expect(await balanceOf(db, playerAccount(alice, BTC))).toBe(5_000n);
    expect((await checkLedger(db)).ok).toBe(true);
  });

  it('should credit a chain deposit reported several times at once exactly once', async () => {
    const results = await Promise.all(Array.from({ length: 6 }, () => creditDeposit(db, alice, BTC, 5_000n, 'tx-raced')));
    expect(results.filter((result) => result.credited)).toHaveLength(1);
    for (const result of results) expect(result.balance).toBe(5_000n);
    expect(await balanceOf(db, playerAccount(alice, BTC))).toBe(5_000n);
    expect((await checkLedger(db)).ok).toBe(true);
  });

  it('should seed the house bankroll from the external account once per bettable currency', async () => {
    const rates: Record<string, number> = { BTC: 100_000, ETH: 4_000, USDT: 1, ACC: 0.05 };
    expect(await seedHouseBankroll(db, 1_000_000, (s) => rates[s])).toEqual(['BTC', 'ETH', 'USDT']);
    expect(await seedHouseBankroll(db, 1_000_000, (s) => rates[s])).toEqual([]);
    expect(await balanceOf(db, houseAccount('BTC'))).toBe(10n * 100_000_000n);
    expect(await balanceOf(db, houseAccount('USDT'))).toBe(1_000_000n * 100_000_000n);
    expect(await balanceOf(db, houseAccount('ACC'))).toBe(0n);
    expect((await checkLedger(db)).ok).toBe(true);
  });

  it('should seed the house bankroll once when several servers start at once', async () => {
    const rates: Record<string, number> = { BTC: 100_000, ETH: 4_000, USDT: 1 };
    const seeded = await Promise.all(Array.from({ length: 4 }, () => seedHouseBankroll(db, 1_000_000, (s) => rates[s])));
    expect(seeded.flat().sort()).toEqual(['BTC', 'ETH', 'USDT']);
    expect(await balanceOf(db, houseAccount('BTC'))).toBe(10n * 100_000_000n);
    expect((await checkLedger(db)).ok).toBe(true);
  });
});

describe('npm run ledger:check', () => {
  // The server's own settings: DATABASE_URL and DATABASE_SCHEMA on PostgreSQL, DATA_DIR's file on SQLite.
  const run = (opened: TestDatabase) =>
    spawnSync(process.execPath, ['--import', 'tsx', 'src/server/cli/ledger-check.ts'], {
      env: {
        ...process.env,
        DATA_DIR: opened.dataDir,
        DATABASE_URL: ENGINE === 'postgres' ? (TEST_DATABASE_URL ?? '') : '',
        DATABASE_SCHEMA: opened.schema ?? '',
      },
      encoding: 'utf8',
    });

  it('should exit 0 on a sound database and 1 listing the violations of a tampered one', async () => {
    const opened = await openTestDatabase();
    try {
      const { db } = opened;
      const user = (await insertUser(db, { userName: 'carol', email: 'carol@example.com', passwordHash: 'x' }))!;
      await creditDeposit(db, user.id, 'ETH', 123n, 'tx-1');
      const sound = run(opened);
      expect(sound.status, sound.stderr).toBe(0);
      expect(sound.stdout).toMatch(/ledger check: OK/);

      await db.run('UPDATE ledger_accounts SET balance = 999 WHERE holder = ?', [`player:${user.id}`]);
      const broken = run(opened);
      expect(broken.status).toBe(1);
      expect(broken.stderr).toContain(`balance of player:${user.id}/ETH is 999 but its ledger rows sum to 123`);
      if (ENGINE === 'sqlite') expect(fs.existsSync(path.join(opened.dataDir, 'casino.sqlite'))).toBe(true);
    } finally {
      await opened.close();
    }
  }, 60_000);

  it('should exit 2 when there is no database', () => {
    const result = spawnSync(process.execPath, ['--import', 'tsx', 'src/server/cli/ledger-check.ts'], {
      env: { ...process.env, DATA_DIR: path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'casino-none-')), 'missing'), DATABASE_URL: '' },
      encoding: 'utf8',
    });
    expect(result.status).toBe(2);
    expect(result.stderr).toContain('ledger check: no database at');
  }, 60_000);
});
