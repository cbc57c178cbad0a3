import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TRANSACTIONS_CSV_HEADER } from '../../src/core/wallet/transactions';
import { startTestServer } from '../support/server';
import type { TestServer } from '../support/server';
import { createPlayer, fundedPlayer } from '../support/wallet';
import type { Player } from '../support/wallet';

/**
 * Issue 20: the transactions page lists the ledger's own rows on the player's accounts, other than
 * bets, newest first and a page at a time, and exports them all as CSV, oldest first.
 */

interface Row {
  id: number;
  transferId: number;
  kind: string;
  account: string;
  currency: string;
  amount: string;
  ref: string | null;
  createdAt: string;
}
interface Page {
  rows: Row[];
  nextBefore: number | null;
}

const ADDRESS = '0x52908400098527886E0F7030069857D2E4169EE7';

describe('transactions', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => server.close());

  async function csvOf(player: Player): Promise<{ status: number; type: string | null; disposition: string | null; text: string }> {
    const response = await fetch(`${server.url}/api/wallet/export-transactions`, { headers: { authorization: `Bearer ${player.token}` } });
    return { status: response.status, type: response.headers.get('content-type'), disposition: response.headers.get('content-disposition'), text: await response.text() };
  }

  it('lists demo funds, a withdrawal and its cancellation, newest first, with signed exact amounts and no bets', async () => {
    const player = await fundedPlayer(server, 'USDT');
    const withdrawal = await player.call('POST', '/wallet/withdraw', { currency: 'USDT', address: ADDRESS, amount: '12.34567891' });
    expect(withdrawal.status).toBe(200);
    const { id } = (withdrawal.body as { withdrawal: { id: number } }).withdrawal;
    expect((await player.call('POST', '/wallet/cancel-withdrawal', { id })).status).toBe(200);
    expect((await player.call('POST', '/dice/bet', { betAmount: '1', currency: 'USDT', chance: 50, target: 'over' })).status).toBe(200);
    // Another player's rows never show.
    await fundedPlayer(server, 'USDT');

    const page = await player.call('GET', '/wallet/get-transactions');
    expect(page.status).toBe(200);
    const { rows, nextBefore } = page.body as Page;
    expect(nextBefore).toBeNull();
    expect(rows.map((row) => [row.kind, row.account, row.currency, row.amount, row.ref])).toEqual([
      ['withdrawal_cancel', 'wallet', 'USDT', '12.34567891', `withdrawal:${id}`],
      ['withdrawal', 'wallet', 'USDT', '-12.34567891', `withdrawal:${id}`],
      ['demo_funds', 'wallet', 'USDT', '100.00000000', expect.any(String)],
    ]);
    expect(rows[0]!.id).toBeGreaterThan(rows[1]!.id);
    expect(Date.parse(rows[0]!.createdAt)).not.toBeNaN();
  });

  it('pages by `before` and `limit` until the last page says there is no more', async () => {
    const player = await fundedPlayer(server, 'USDT');
    for (let i = 0; i < 4; i++) {
      const w = await player.call('POST', '/wallet/withdraw', { currency: 'USDT', address: ADDRESS, amount: `${10 + i}` });
      expect(w.status, JSON.stringify(w.body)).toBe(200);
    }
    const seen: string[] = [];
    let before: number | null = null;
    let pages = 0;
    do {
      const reply = await player.call('GET', `/wallet/get-transactions?limit=2${before ? `&before=${before}` : ''}`);
      expect(reply.status, JSON.stringify(reply.body)).toBe(200);
      const page = reply.body as Page;
      expect(page.rows.length).toBeLessThanOrEqual(2);
      seen.push(...page.rows.map((row) => row.amount));
      before = page.nextBefore;
      pages += 1;
    } while (before !== null);
    expect(pages).toBe(3);
    expect(seen).toEqual(['-13.00000000', '-12.00000000', '-11.00000000', '-10.00000000', '100.00000000']);
  });

  it('refuses a bad page with a clear message, and a visitor', async () => {
    const player = await createPlayer(server);
    for (const query of ['limit=0', 'limit=101', 'before=abc', 'before=0', 'page=2']) {
      const reply = await player.call('GET', `/wallet/get-transactions?${query}`);
      expect(reply.status, query).toBe(400);
      expect((reply.body as { message: string }).message.length, query).toBeGreaterThan(0);
    }
    const visitor = await fetch(`${server.url}/api/wallet/get-transactions`);
    expect(visitor.status).toBe(401);
    const visitorCsv = await fetch(`${server.url}/api/wallet/export-transactions`);
    expect(visitorCsv.status).toBe(401);
  });

  it('exports every row as CSV, oldest first, with the same figures and a file name', async () => {
    const player = await fundedPlayer(server, 'BTC');
    const withdrawal = await player.call('POST', '/wallet/withdraw', { currency: 'BTC', address: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq', amount: '0.00012345' });
    expect(withdrawal.status).toBe(200);
    const { id } = (withdrawal.body as { withdrawal: { id: number } }).withdrawal;
    const csv = await csvOf(player);
    expect(csv.status).toBe(200);
    expect(csv.type).toMatch(/^text\/csv/);
    expect(csv.disposition).toMatch(/^attachment; filename="transactions-\d{4}-\d{2}-\d{2}\.csv"$/);
    const lines = csv.text.trimEnd().split('\r\n');
    expect(lines[0]).toBe(TRANSACTIONS_CSV_HEADER);
    expect(lines).toHaveLength(3);
    const [claim, out] = [lines[1]!.split(','), lines[2]!.split(',')];
    expect(claim.slice(1, 5)).toEqual(['Demo funds', 'demo_funds', 'Wallet', 'BTC']);
    expect(out.slice(1, 7)).toEqual(['Withdrawal', 'withdrawal', 'Wallet', 'BTC', '-0.00012345', `withdrawal:${id}`]);
    // The JSON page and the CSV are the same ledger rows.
    const page = (await player.call('GET', '/wallet/get-transactions')).body as Page;
    expect(page.rows.map((row) => String(row.transferId)).reverse()).toEqual([claim[7], out[7]]);
  });

  it('exports a player with no rows as the header alone', async () => {
    const player = await createPlayer(server);
    const csv = await csvOf(player);
    expect(csv.status).toBe(200);
    expect(csv.text).toBe(`${TRANSACTIONS_CSV_HEADER}\r\n`);
  });
});
