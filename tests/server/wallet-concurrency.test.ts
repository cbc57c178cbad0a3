import { describe, expect, it } from 'vitest';
import { checkLedger } from '../../src/server/ledger/check';
import { balanceOf, entriesOf, externalAccount, playerAccount, transfer, withdrawalsAccount } from '../../src/server/ledger/ledger';
import { serverPerBlock } from '../support/server';
import { createPlayer } from '../support/wallet';

/**
 * Simultaneous requests of one player. On SQLite the transactions run one after another; on
 * PostgreSQL they run side by side, so each of these read-then-write steps must hold by itself.
 */
describe('concurrent withdrawals', () => {
  const shared = serverPerBlock();

  it('should let exactly 50 of 200 simultaneous withdrawals through a balance that covers 50, never below zero', async () => {
    const player = await createPlayer(shared.server);
    const each = 100_000n; // 0.001 BTC
    const covered = 50;
    await transfer(shared.server.app.db, {
      from: externalAccount('BTC'),
      to: playerAccount(player.id, 'BTC'),
      amount: each * BigInt(covered),
      kind: 'deposit',
      ref: 'test',
    });
    const { address } = (await (await createPlayer(shared.server)).call('GET', '/wallet/get-deposit-address?currency=BTC')).body as { address: string };

    const responses = await Promise.all(
      Array.from({ length: 200 }, () => player.call('POST', '/wallet/withdraw', { currency: 'BTC', address, amount: 0.001 })),
    );

    const statuses = responses.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(covered);
    expect(statuses.filter((s) => s === 400)).toHaveLength(200 - covered);
    const balances = responses.filter((r) => r.status === 200).map((r) => (r.body as { balance: number }).balance);
    expect(Math.min(...balances)).toBe(0);
    expect(new Set(balances).size).toBe(covered);
    for (const refused of responses.filter((r) => r.status === 400)) {
      expect((refused.body as { error: string }).error).toBe('insufficient_funds');
    }
    expect(await balanceOf(shared.server.app.db, playerAccount(player.id, 'BTC'))).toBe(0n);
    expect(await balanceOf(shared.server.app.db, withdrawalsAccount('BTC'))).toBe(each * BigInt(covered));
    const listed = (await player.call('GET', '/wallet/get-withdrawals')).body as unknown[];
    expect(listed).toHaveLength(covered);
    const report = await checkLedger(shared.server.app.db);
    expect(report.violations).toEqual([]);
  });

  it('should cancel a withdrawal once when the player cancels it many times at once', async () => {
    const player = await createPlayer(shared.server);
    await transfer(shared.server.app.db, { from: externalAccount('BTC'), to: playerAccount(player.id, 'BTC'), amount: 100_000n, kind: 'deposit', ref: 'test' });
    const { address } = (await (await createPlayer(shared.server)).call('GET', '/wallet/get-deposit-address?currency=BTC')).body as { address: string };
    const created = await player.call('POST', '/wallet/withdraw', { currency: 'BTC', address, amount: 0.001 });
    expect(created.status).toBe(200);
    const { id } = (created.body as { withdrawal: { id: number } }).withdrawal;

    const responses = await Promise.all(Array.from({ length: 10 }, () => player.call('POST', '/wallet/cancel-withdrawal', { id })));
    expect(responses.map((r) => r.status).sort()).toEqual([200, ...Array<number>(9).fill(409)]);
    expect(await balanceOf(shared.server.app.db, playerAccount(player.id, 'BTC'))).toBe(100_000n);
    expect((await entriesOf(shared.server.app.db, playerAccount(player.id, 'BTC'))).filter((e) => e.kind === 'withdrawal_cancel')).toHaveLength(1);
    expect((await checkLedger(shared.server.app.db)).violations).toEqual([]);
  });
});

describe('concurrent demo claims and deposits', () => {
  const shared = serverPerBlock();

  it('should pay one of many simultaneous demo claims of one currency and refuse the rest with 429', async () => {
    const player = await createPlayer(shared.server);
    // Twice: the first race is for the claim's row (none yet), the second for the window of an existing one.
    for (const round of [1, 2]) {
      if (round === 2) {
        await shared.server.app.db.run('UPDATE demo_claims SET last_claimed_at = last_claimed_at - 3600000 WHERE user_id = ?', [player.id]);
      }
      const responses = await Promise.all(Array.from({ length: 12 }, () => player.call('POST', '/wallet/claim-demo-funds', { currency: 'USDT' })));
      expect(responses.map((r) => r.status).sort(), `round ${round}`).toEqual([200, ...Array<number>(11).fill(429)]);
      const entries = await entriesOf(shared.server.app.db, playerAccount(player.id, 'USDT'));
      expect(entries.filter((e) => e.kind === 'demo_funds'), `round ${round}`).toHaveLength(round);
      expect(await balanceOf(shared.server.app.db, playerAccount(player.id, 'USDT'))).toBe(BigInt(round) * 100n * 100_000_000n);
    }
    expect((await checkLedger(shared.server.app.db)).violations).toEqual([]);
  });

  it('should credit a deposit reported many times at once exactly once', async () => {
    const player = await createPlayer(shared.server);
    const results = await Promise.all(
      Array.from({ length: 10 }, () => shared.server.app.wallet.creditDeposit(player.id, 'ETH', 123_456n, `raced-${player.id}`)),
    );
    expect(results.filter((r) => r.credited)).toHaveLength(1);
    for (const result of results) expect(result.balance).toBe(123_456n);
    expect(await balanceOf(shared.server.app.db, playerAccount(player.id, 'ETH'))).toBe(123_456n);
    expect((await checkLedger(shared.server.app.db)).violations).toEqual([]);
  });

  it('should answer one and the same deposit address to simultaneous first requests', async () => {
    const player = await createPlayer(shared.server);
    const responses = await Promise.all(Array.from({ length: 8 }, () => player.call('GET', '/wallet/get-deposit-address?currency=LTC')));
    expect(responses.map((r) => r.status)).toEqual(Array<number>(8).fill(200));
    expect(new Set(responses.map((r) => (r.body as { address: string }).address)).size).toBe(1);
    const rows = await shared.server.app.db.all('SELECT address FROM deposit_addresses WHERE user_id = ?', [player.id]);
    expect(rows).toHaveLength(1);
  });
});
