import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from 'better-sqlite3';
import { openDatabase } from '../../src/server/db/database';
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
import { tempDir } from '../support/server';

const BTC = 'BTC';

describe('ledger', () => {
  let dir: string;
  let db: Database;
  let alice: number;
  let bob: number;

  beforeEach(() => {
    dir = tempDir('casino-ledger-');
    db = openDatabase(dir);
    alice = insertUser(db, { userName: 'alice', email: 'alice@example.com', passwordHash: 'x' }).id;
    bob = insertUser(db, { userName: 'bob', email: 'bob@example.com', passwordHash: 'x' }).id;
  });
  afterEach(() => {
    db.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const fund = (userId: number, amount: bigint) =>
    transfer(db, { from: externalAccount(BTC), to: playerAccount(userId, BTC), amount, kind: 'deposit', ref: 'test' });

  it('should move money as a double entry and keep every balance equal to its rows', () => {
    fund(alice, 1_000n);
    const result = transfer(db, { from: playerAccount(alice, BTC), to: houseAccount(BTC), amount: 300n, kind: 'bet', ref: 'dice:1' });
    expect(result).toMatchObject({ fromBalance: 700n, toBalance: 300n });
    expect(balanceOf(db, playerAccount(alice, BTC))).toBe(700n);
    expect(balanceOf(db, houseAccount(BTC))).toBe(300n);
    expect(balanceOf(db, externalAccount(BTC))).toBe(-1_000n);
    expect(balanceOf(db, playerAccount(bob, BTC))).toBe(0n);
    const [bet] = entriesOf(db, playerAccount(alice, BTC));
    expect(bet).toMatchObject({ amount: -300n, kind: 'bet', ref: 'dice:1', currency: BTC });
    const report = checkLedger(db);
    expect(report.violations).toEqual([]);
    expect(report.ok).toBe(true);
    expect(report.entries).toBe(4);
  });

  it('should refuse a debit beyond the balance with InsufficientFundsError and write nothing', () => {
    fund(alice, 100n);
    const before = countEntries(db);
    let caught: unknown;
    try {
      transfer(db, { from: playerAccount(alice, BTC), to: houseAccount(BTC), amount: 101n, kind: 'bet', ref: 'dice:2' });
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(InsufficientFundsError);
    expect(caught).toMatchObject({ requested: 101n, available: 100n });
    expect(countEntries(db)).toBe(before);
    expect(balanceOf(db, playerAccount(alice, BTC))).toBe(100n);
    // The house cannot pay out what it does not hold either.
    expect(() => transfer(db, { from: houseAccount(BTC), to: playerAccount(alice, BTC), amount: 1n, kind: 'payout', ref: 'x' })).toThrow(
      InsufficientFundsError,
    );
  });

  it("should roll back the caller's whole transaction when a transfer inside it fails", () => {
    db.exec('CREATE TABLE test_bets (id INTEGER PRIMARY KEY, note TEXT)');
    fund(alice, 50n);
    const placeBet = db.transaction((amount: bigint) => {
      const id = db.prepare("INSERT INTO test_bets (note) VALUES ('bet')").run().lastInsertRowid;
      transfer(db, { from: playerAccount(alice, BTC), to: houseAccount(BTC), amount, kind: 'bet', ref: `test:${id}` });
    });
    placeBet(30n);
    expect(() => placeBet(30n)).toThrow(InsufficientFundsError);
    expect((db.prepare('SELECT COUNT(*) AS n FROM test_bets').get() as { n: number }).n).toBe(1);
    expect(balanceOf(db, playerAccount(alice, BTC))).toBe(20n);
    expect(checkLedger(db).ok).toBe(true);
  });

  it('should refuse programming mistakes: zero, negative, non-bigint, mixed currencies, same account', () => {
    const from = externalAccount(BTC);
    const to = playerAccount(alice, BTC);
    for (const amount of [0n, -5n, 5 as unknown as bigint]) {
      expect(() => transfer(db, { from, to, amount, kind: 'deposit', ref: null })).toThrow(LedgerError);
    }
    expect(() => transfer(db, { from, to: playerAccount(alice, 'ETH'), amount: 1n, kind: 'deposit', ref: null })).toThrow(/between currencies/);
    expect(() => transfer(db, { from: to, to, amount: 1n, kind: 'deposit', ref: null })).toThrow(/to itself/);
    expect(() => transfer(db, { from, to: playerAccount(alice, 'NOPE'), amount: 1n, kind: 'deposit', ref: null })).toThrow();
    expect(countEntries(db)).toBe(0);
  });

  it('should detect a tampered balance, a one-sided row and created money', () => {
    fund(alice, 1_000n);
    expect(checkLedger(db).ok).toBe(true);

    db.prepare("UPDATE ledger_accounts SET balance = balance + 5 WHERE holder = ? AND currency = 'BTC'").run(`player:${alice}`);
    let report = checkLedger(db);
    expect(report.ok).toBe(false);
    expect(report.violations).toContain(`balance of player:${alice}/BTC is 1005 but its ledger rows sum to 1000`);
    expect(report.violations).toContain('total of BTC over all accounts is 5, not 0: money was created or destroyed');

    // A row written without its counterpart (and the balance "fixed" to match it).
    const account = db.prepare("SELECT id FROM ledger_accounts WHERE holder = ? AND currency = 'BTC'").get(`player:${alice}`) as { id: number };
    const transferId = db
      .prepare("INSERT INTO ledger_transfers (currency, amount, kind, ref, created_at) VALUES ('BTC', 5, 'deposit', 'forged', 'now')")
      .run().lastInsertRowid;
    db.prepare("INSERT INTO ledger_entries (transfer_id, account_id, currency, amount, kind, ref, created_at) VALUES (?, ?, 'BTC', 5, 'deposit', 'forged', 'now')").run(
      transferId,
      account.id,
    );
    report = checkLedger(db);
    expect(report.violations.some((v) => v.startsWith(`balance of player:${alice}`))).toBe(false);
    expect(report.violations).toContain(`transfer ${transferId} of 5 is not a double entry: 1 rows, debit 0, credit 5`);
    expect(report.violations.some((v) => v.startsWith('total of BTC'))).toBe(true);
  });

  it('should detect a negative balance and pending withdrawals the withdrawals account does not hold', () => {
    fund(alice, 1_000n);
    requestWithdrawal(db, { userId: alice, currency: BTC, address: 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4', amount: 400n });
    expect(checkLedger(db).ok).toBe(true);
    db.prepare("UPDATE withdrawals SET amount = 401").run();
    expect(checkLedger(db).violations).toContain('pending withdrawals of BTC sum to 401 but the withdrawals account holds 400');
    db.prepare("UPDATE withdrawals SET amount = 400").run();

    // The schema refuses a negative player balance outright; the check still looks, for a database without that guard.
    expect(() => db.prepare("UPDATE ledger_accounts SET balance = -1 WHERE holder = ?").run(`player:${alice}`)).toThrow(/CHECK/);
    db.pragma('ignore_check_constraints = ON');
    db.prepare("UPDATE ledger_accounts SET balance = -1 WHERE holder = ?").run(`player:${alice}`);
    expect(checkLedger(db).violations).toContain(`balance of player:${alice}/BTC is negative: -1`);
  });

  it('should move a withdrawal to pending, back on cancel, and out to the external account when sent', () => {
    fund(alice, 1_000n);
    const address = 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4';
    const first = requestWithdrawal(db, { userId: alice, currency: BTC, address, amount: 300n });
    expect(first.balance).toBe(700n);
    expect(balanceOf(db, withdrawalsAccount(BTC))).toBe(300n);
    const second = requestWithdrawal(db, { userId: alice, currency: BTC, address, amount: 200n });
    expect(cancelWithdrawal(db, alice, first.withdrawal.id).balance).toBe(800n);
    expect(() => cancelWithdrawal(db, bob, second.withdrawal.id)).toThrow(/no withdrawal/);
    markWithdrawalSent(db, second.withdrawal.id, 'tx-1');
    expect(() => cancelWithdrawal(db, alice, second.withdrawal.id)).toThrow(/sent, not pending/);
    expect(balanceOf(db, withdrawalsAccount(BTC))).toBe(0n);
    expect(balanceOf(db, externalAccount(BTC))).toBe(-800n);
    expect(balanceOf(db, playerAccount(alice, BTC))).toBe(800n);
    expect(checkLedger(db)).toMatchObject({ ok: true, violations: [] });
  });

  it('should credit a chain deposit once per transaction id', () => {
    expect(creditDeposit(db, alice, BTC, 5_000n, 'tx-abc')).toEqual({ credited: true, balance: 5_000n });
    expect(creditDeposit(db, alice, BTC, 5_000n, 'tx-abc')).toEqual({ credited: false, balance: 5_000n });
    expect(balanceOf(db, playerAccount(alice, BTC))).toBe(5_000n);
    expect(checkLedger(db).ok).toBe(true);
  });

  it('should seed the house bankroll from the external account once per bettable currency', () => {
    const rates: Record<string, number> = { BTC: 100_000, ETH: 4_000, USDT: 1, ACC: 0.05 };
    expect(seedHouseBankroll(db, 1_000_000, (s) => rates[s])).toEqual(['BTC', 'ETH', 'USDT']);
    expect(seedHouseBankroll(db, 1_000_000, (s) => rates[s])).toEqual([]);
    expect(balanceOf(db, houseAccount('BTC'))).toBe(10n * 100_000_000n);
    expect(balanceOf(db, houseAccount('USDT'))).toBe(1_000_000n * 100_000_000n);
    expect(balanceOf(db, houseAccount('ACC'))).toBe(0n);
    expect(checkLedger(db).ok).toBe(true);
  });
});

describe('npm run ledger:check', () => {
  const run = (dataDir: string) =>
    spawnSync(process.execPath, ['--import', 'tsx', 'src/server/cli/ledger-check.ts'], {
      env: { ...process.env, DATA_DIR: dataDir },
      encoding: 'utf8',
    });

  it('should exit 0 on a sound database and 1 listing the violations of a tampered one', () => {
    const dir = tempDir('casino-ledger-cli-');
    try {
      const db = openDatabase(dir);
      const user = insertUser(db, { userName: 'carol', email: 'carol@example.com', passwordHash: 'x' });
      creditDeposit(db, user.id, 'ETH', 123n, 'tx-1');
      db.close();
      const sound = run(dir);
      expect(sound.status, sound.stderr).toBe(0);
      expect(sound.stdout).toMatch(/ledger check: OK/);

      const tamper = openDatabase(dir);
      tamper.prepare("UPDATE ledger_accounts SET balance = 999 WHERE holder = ?").run(`player:${user.id}`);
      tamper.close();
      const broken = run(dir);
      expect(broken.status).toBe(1);
      expect(broken.stderr).toContain(`balance of player:${user.id}/ETH is 999 but its ledger rows sum to 123`);
      expect(fs.existsSync(path.join(dir, 'casino.sqlite'))).toBe(true);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
