import { describe, expect, it } from 'vitest';
import { checkLedger } from '../../src/server/ledger/check';
import { balanceOf, playerAccount } from '../../src/server/ledger/ledger';
import { serverPerBlock } from '../support/server';
import { createPlayer, ledgerRows } from '../support/wallet';
import type { Player } from '../support/wallet';

/**
 * Issue 13: every amount a request carries is read by one strict grammar before any arithmetic.
 * An exponent used to be expanded into a power of ten, so "1e100000000" froze the server for
 * seconds, and "1e0", "+1", ".5", "5." were taken as amounts although the API refuses exponents.
 */

interface Refusal {
  message: string;
}

const FORMAT = /must be a number written as plain digits with at most one point, like 0\.0015 \(no sign, exponent or spaces; at most 40 characters\)/;

const ODD_AMOUNTS = ['1e100000000', '1e0', '1E1', '+1', '.5', '5.', ' 1', '1 ', '1,5', '0x10', 'Infinity', '1.2.3', '1'.repeat(41), ''];

describe('one strict amount grammar', () => {
  const shared = serverPerBlock();

  async function fundedPlayer(currencies = ['USDT']): Promise<Player> {
    const player = await createPlayer(shared.server);
    for (const currency of currencies) {
      expect((await player.call('POST', '/wallet/claim-demo-funds', { currency })).status).toBe(200);
    }
    return player;
  }
  const usdt = (player: Player) => balanceOf(shared.server.app.db, playerAccount(player.id, 'USDT'));

  const BET_ROUTES: Array<[string, (amount: unknown) => Record<string, unknown>]> = [
    ['/dice/bet', (betAmount) => ({ betAmount, currency: 'USDT', chance: 50, target: 'under' })],
    ['/mines/bet', (betAmount) => ({ betAmount, currency: 'USDT', minesCount: 3 })],
    ['/blackjack/bet', (betAmount) => ({ betAmount, currency: 'USDT' })],
    ['/baccarat/bet', (playerBetAmount) => ({ playerBetAmount, tieBetAmount: 0, bankerBetAmount: 0, currency: 'USDT' })],
  ];

  it.each(BET_ROUTES)('%s refuses "1e100000000" at once with a 400 and moves nothing', async (path, body) => {
    const player = await fundedPlayer();
    const before = await usdt(player);
    const rows = await ledgerRows(shared.server);
    const started = performance.now();
    const answer = await player.call('POST', path, body('1e100000000'));
    const elapsed = performance.now() - started;
    expect(answer.status).toBe(400);
    expect((answer.body as Refusal).message).toMatch(FORMAT);
    expect(elapsed).toBeLessThan(500);
    expect(await usdt(player)).toBe(before);
    expect(await ledgerRows(shared.server)).toBe(rows);
  });

  it.each(BET_ROUTES)('%s refuses exponents, signs, bare points, spaces and overlong text, changing nothing', async (path, body) => {
    const player = await fundedPlayer();
    const before = await usdt(player);
    const rows = await ledgerRows(shared.server);
    for (const amount of ODD_AMOUNTS) {
      const answer = await player.call('POST', path, body(amount));
      expect({ amount, status: answer.status }).toEqual({ amount, status: 400 });
      expect((answer.body as Refusal).message).toMatch(FORMAT);
    }
    expect(await usdt(player)).toBe(before);
    expect(await ledgerRows(shared.server)).toBe(rows);
  });

  it.each([
    ['/dice/bet', { betAmount: '-1', currency: 'USDT', chance: 50, target: 'under' }],
    ['/dice/bet', { betAmount: '0.000', currency: 'USDT', chance: 50, target: 'under' }],
    ['/mines/bet', { betAmount: -0.5, currency: 'USDT', minesCount: 3 }],
    ['/blackjack/bet', { betAmount: '-0.123456789', currency: 'USDT' }],
  ])('%s keeps the order of docs/product.md §5: %j is "Bet must be greater than 0"', async (path, body) => {
    const player = await fundedPlayer();
    const answer = await player.call('POST', path, body);
    expect(answer.status).toBe(400);
    expect((answer.body as Refusal).message).toBe('Bet must be greater than 0');
  });

  it('takes plain decimal strings and JSON numbers alike (the bet screens send numbers)', async () => {
    const player = await fundedPlayer();
    const before = await usdt(player);
    const asText = await player.call('POST', '/dice/bet', { betAmount: '0.50000000', currency: 'USDT', chance: 50, target: 'under' });
    const asNumber = await player.call('POST', '/dice/bet', { betAmount: 0.5, currency: 'USDT', chance: 50, target: 'under' });
    expect([asText.status, asNumber.status]).toEqual([200, 200]);
    const bets = [asText, asNumber].map((a) => (a.body as { bet: { wager: number; payout: number } }).bet);
    expect(bets.map((b) => b.wager)).toEqual([0.5, 0.5]);
    const won = bets.reduce((sum, b) => sum + BigInt(Math.round(b.payout * 1e8)), 0n);
    expect(await usdt(player)).toBe(before - 100_000_000n + won);
  });

  it.each([
    ['POST', '/wallet/withdraw', (amount: unknown) => ({ currency: 'USDT', address: '0x52908400098527886E0F7030069857D2E4169EE7', amount })],
    ['POST', '/token/add-liquidity', (amount: unknown) => ({ currency: 'USDT', amount })],
    ['POST', '/token/lock', (amount: unknown) => ({ amount })],
    ['POST', '/token/unlock', (amount: unknown) => ({ amount })],
    ['POST', '/token/remove-liquidity', (amount: unknown) => ({ currency: 'USDT', amount })],
  ])('%s %s reads its amount by the same grammar', async (method, path, body) => {
    const player = await fundedPlayer();
    const before = await usdt(player);
    const rows = await ledgerRows(shared.server);
    for (const amount of ODD_AMOUNTS) {
      const started = performance.now();
      const answer = await player.call(method, path, body(amount));
      expect({ amount, status: answer.status }).toEqual({ amount, status: 400 });
      expect((answer.body as Refusal).message).toMatch(/^amount must be a number written as plain digits/);
      expect(performance.now() - started).toBeLessThan(500);
    }
    expect(await usdt(player)).toBe(before);
    expect(await ledgerRows(shared.server)).toBe(rows);
    expect((await checkLedger(shared.server.app.db)).ok).toBe(true);
  });

  it('takes "all" for remove-liquidity only as the bare word', async () => {
    const player = await fundedPlayer();
    expect((await player.call('POST', '/token/add-liquidity', { currency: 'USDT', amount: '1' })).status).toBe(200);
    for (const amount of [' all', 'all ', 'all1']) {
      const answer = await player.call('POST', '/token/remove-liquidity', { currency: 'USDT', amount });
      expect({ amount, status: answer.status }).toEqual({ amount, status: 400 });
    }
    expect((await player.call('POST', '/token/remove-liquidity', { currency: 'USDT', amount: 'ALL' })).status).toBe(200);
  });
});
