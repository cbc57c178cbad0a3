import { describe, expect, it } from 'vitest';
import { checkLedger } from '../../src/server/ledger/check';
import { balanceOf, externalAccount, playerAccount, transfer, withdrawalsAccount } from '../../src/server/ledger/ledger';
import { serverPerBlock } from '../support/server';
import { createPlayer } from '../support/wallet';

describe('concurrent withdrawals', () => {
  const shared = serverPerBlock();

  it('should let exactly 50 of 200 simultaneous withdrawals through a balance that covers 50, never below zero', async () => {
    const player = await createPlayer(shared.server);
    const each = 100_000n; // 0.001 BTC
    const covered = 50;
    transfer(shared.server.app.db, {
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
    expect(balanceOf(shared.server.app.db, playerAccount(player.id, 'BTC'))).toBe(0n);
    expect(balanceOf(shared.server.app.db, withdrawalsAccount('BTC'))).toBe(each * BigInt(covered));
    const listed = (await player.call('GET', '/wallet/get-withdrawals')).body as unknown[];
    expect(listed).toHaveLength(covered);
    const report = checkLedger(shared.server.app.db);
    expect(report.violations).toEqual([]);
  });
});
