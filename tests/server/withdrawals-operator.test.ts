import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadWalletConfig } from '../../src/server/wallet/config';
import { checkLedger } from '../../src/server/ledger/check';
import { balanceOf, externalAccount, playerAccount, withdrawalsAccount } from '../../src/server/ledger/ledger';
import { startTestServer } from '../support/server';
import type { TestServer } from '../support/server';
import { createPlayer } from '../support/wallet';
import type { Player } from '../support/wallet';

/**
 * Issue 13: with real money (DEMO_FUNDS=false) a pending withdrawal is completed or refused by the
 * operator with `npm run withdrawals -- …` (src/server/cli/withdrawals.ts), run here as its own
 * process against the running server's database (DATA_DIR's file, or DATABASE_URL and DATABASE_SCHEMA on PostgreSQL).
 */

const BTC_ADDRESS = 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4';
const UNIT = 100_000_000n;

interface Wire {
  id: number;
  status: string;
  amount: number;
  txRef: string | null;
  reason: string | null;
}

describe('the operator completes or refuses pending withdrawals', () => {
  let server: TestServer;
  beforeAll(async () => {
    // DEMO_FUNDS=false; the engine and its schema stay the test run's (startTestServer's).
    server = await startTestServer({ demoFunds: false, wallet: loadWalletConfig({}, false) });
  });
  afterAll(async () => server.close());

  const operator = (...args: string[]) =>
    new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
      execFile(
        process.execPath,
        ['--import', 'tsx', 'src/server/cli/withdrawals.ts', ...args],
        {
          env: {
            ...process.env,
            DATA_DIR: server.dataDir,
            DATABASE_URL: server.config.databaseUrl ?? '',
            DATABASE_SCHEMA: server.config.databaseSchema ?? '',
          },
          timeout: 60_000,
        },
        (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
      );
    });
  const btc = (player: Player) => balanceOf(server.app.db, playerAccount(player.id, 'BTC'));
  const withdrawalsOf = async (player: Player) => (await player.call('GET', '/wallet/get-withdrawals')).body as Wire[];

  async function playerWithPendingWithdrawal(amount: string): Promise<{ player: Player; id: number }> {
    const player = await createPlayer(server);
    await server.app.wallet.creditDeposit(player.id, 'BTC', UNIT, `chain-${player.id}`);
    const created = await player.call('POST', '/wallet/withdraw', { currency: 'BTC', address: BTC_ADDRESS, amount });
    expect(created.status).toBe(200);
    return { player, id: (created.body as { withdrawal: Wire }).withdrawal.id };
  }

  it('lists, completes with the chain transaction, and refuses with a reason that returns the money', async () => {
    expect((await (await createPlayer(server)).call('POST', '/wallet/claim-demo-funds', { currency: 'BTC' })).status).toBe(404);
    const sent = await playerWithPendingWithdrawal('0.4');
    const refused = await playerWithPendingWithdrawal('0.25');
    expect(await btc(sent.player)).toBe(60_000_000n);
    expect(await btc(refused.player)).toBe(75_000_000n);
    const externalBefore = await balanceOf(server.app.db, externalAccount('BTC'));

    const list = await operator('list');
    expect(list.code).toBe(0);
    expect(list.stdout).toContain(`#${sent.id}  player ${sent.player.id}  0.40000000 BTC  to ${BTC_ADDRESS}`);
    expect(list.stdout).toContain(`#${refused.id}  player ${refused.player.id}  0.25000000 BTC`);

    const complete = await operator('complete', String(sent.id), '--tx', 'f00dfeed');
    expect(complete.code).toBe(0);
    expect(complete.stdout).toContain(`completed #${sent.id}`);
    expect(await withdrawalsOf(sent.player)).toMatchObject([{ id: sent.id, status: 'sent', txRef: 'f00dfeed', amount: 0.4 }]);
    expect(await btc(sent.player)).toBe(60_000_000n);
    expect(await balanceOf(server.app.db, externalAccount('BTC'))).toBe(externalBefore + 40_000_000n);

    const refuse = await operator('refuse', String(refused.id), '--reason', 'The address is on a sanctions list.');
    expect(refuse.code).toBe(0);
    expect(await withdrawalsOf(refused.player)).toMatchObject([
      { id: refused.id, status: 'refused', reason: 'The address is on a sanctions list.', amount: 0.25 },
    ]);
    expect(await btc(refused.player)).toBe(UNIT);
    expect(await balanceOf(server.app.db, withdrawalsAccount('BTC'))).toBe(0n);

    // Each action is in the ledger and in the operator's log.
    const kinds = (
      await server.app.db.all<{ kind: string }>(`SELECT kind FROM ledger_transfers WHERE ref IN (?, ?) ORDER BY id`, [
        `withdrawal:${sent.id}`,
        `withdrawal:${refused.id}`,
      ])
    ).map((row) => row.kind);
    expect(kinds).toEqual(['withdrawal', 'withdrawal', 'withdrawal_sent', 'withdrawal_refused']);
    const log = fs.readFileSync(path.join(server.dataDir, 'withdrawals.log'), 'utf8').trim().split('\n').map((line) => JSON.parse(line) as unknown);
    expect(log).toMatchObject([
      { action: 'complete', id: sent.id, userId: sent.player.id, currency: 'BTC', amount: '40000000', tx: 'f00dfeed' },
      { action: 'refuse', id: refused.id, userId: refused.player.id, currency: 'BTC', amount: '25000000', reason: 'The address is on a sanctions list.' },
    ]);
    expect((await operator('list')).stdout).toContain('no pending withdrawals');
    expect(await checkLedger(server.app.db)).toMatchObject({ ok: true, violations: [] });
  }, 60_000);

  it('refuses a second decision, an unknown id and bad usage, changing nothing', async () => {
    const { player, id } = await playerWithPendingWithdrawal('0.1');
    expect((await operator('complete', String(id))).code).toBe(0);
    const before = await btc(player);
    const again = await operator('refuse', String(id), '--reason', 'too late');
    expect(again).toMatchObject({ code: 1, stderr: expect.stringContaining(`withdrawal ${id} is already sent`) as unknown });
    expect((await operator('complete', '999999')).stderr).toContain('there is no withdrawal 999999');
    expect((await operator('refuse', String(id))).code).toBe(2);
    expect((await operator('complete', 'abc')).code).toBe(2);
    expect((await operator('remove', String(id))).stderr).toContain('usage: npm run withdrawals -- list | complete ID [--tx HASH] | refuse ID --reason TEXT');
    expect(await btc(player)).toBe(before);
    expect(await withdrawalsOf(player)).toMatchObject([{ id, status: 'sent' }]);
    expect(await checkLedger(server.app.db)).toMatchObject({ ok: true, violations: [] });
  }, 60_000);
});
