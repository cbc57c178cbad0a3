import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { hasChromium, openPage, PHONE, recordRequests, useBrowser } from '../support/browser';
import { signUpInBrowser, uniqueName } from '../support/players';

async function signUp(page: Page): Promise<string> {
  const userName = uniqueName('w');
  await page.goto('/');
  await signUpInBrowser(page, userName);
  return userName;
}

function seedPairsOf(userName: string): string[] {
  const db = new BetterSqlite3(path.join(inject('dataDir'), 'casino.sqlite'), { readonly: true, fileMustExist: true });
  try {
    const rows = db
      .prepare(`SELECT s.client_seed AS clientSeed FROM seed_pairs s JOIN users u ON u.id = s.user_id WHERE u.user_name = ? AND s.status = 'active'`)
      .all(userName) as Array<{ clientSeed: string }>;
    return rows.map((row) => row.clientSeed);
  } finally {
    db.close();
  }
}

const headerBalance = (page: Page) => page.getByTestId('header-balance').innerText();

describe.skipIf(!hasChromium())('the wallet in Chromium against the real server', () => {
  const browser = useBrowser();

  it('should claim demo funds, show them in crypto and dollars, hide zeros, remember the currency, and withdraw and cancel', async () => {
    const { context, page } = await openPage(browser());
    const offered = recordRequests(page, (url) =>
      url.pathname === '/api/casino/get-seed' ? (url.searchParams.get('clientSeed') ?? undefined) : undefined,
    );
    const userName = await signUp(page);
    expect(await headerBalance(page)).toBe('0.00000000');

    // docs/product.md §4: the sign-up drew the player's seed pair and the login fetched the seed state, so the pair
    // exists before any bet, with a 20-character client seed (the browser's, offered once the hashes
    // were shown; read from the server's database, not the API).
    await expect.poll(() => offered.length).toBe(1);
    expect(offered[0]).toMatch(/^[A-Za-z0-9]{20}$/);
    await expect.poll(() => seedPairsOf(userName)).toEqual([offered[0]]);

    // Demo funds through the Cashier: $100 of BTC at the server's rate.
    await page.getByRole('button', { name: 'Wallet', exact: true }).first().click();
    const cashier = page.getByRole('dialog');
    await cashier.getByTestId('deposit-address').waitFor();
    expect(await cashier.getByTestId('deposit-address').innerText()).toMatch(/^bc1q[0-9a-z]{38,58}$/);
    await cashier.getByRole('button', { name: 'Get demo funds' }).click();
    const added = await cashier.getByText(/^Added [\d.]+ BTC to your balance\.$/).innerText();
    const amount = /Added ([\d.]+) BTC/.exec(added)![1]!;
    await page.keyboard.press('Escape');
    await expect.poll(() => headerBalance(page)).toBe(amount);

    // The same balance in dollars: a hundred, floored to the cent.
    await page.getByRole('button', { name: /^Balance:/ }).click();
    const menu = page.getByLabel('Wallets');
    await menu.getByLabel('Display FIAT').check();
    await expect.poll(() => headerBalance(page)).toMatch(/^\$(99\.9\d|100\.00)$/);
    await menu.getByLabel('Display FIAT').uncheck();
    await expect.poll(() => headerBalance(page)).toBe(amount);

    // Hide 0 balances leaves the funded wallet; every currency is listed otherwise.
    const listed = () => menu.locator('[data-currency]').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-currency')));
    expect(await listed()).toEqual(['BTC', 'ETH', 'USDT', 'LTC', 'DOGE', 'ACC']);
    await menu.getByLabel('Hide 0 balances').check();
    await expect.poll(listed).toEqual(['BTC']);
    await menu.getByLabel('Hide 0 balances').uncheck();

    // Choose ETH: it stays chosen after a reload.
    await menu.locator('[data-currency="ETH"]').click();
    await expect.poll(() => headerBalance(page)).toBe('0.00000000');
    await page.reload();
    await page.getByRole('button', { name: /^Balance:.* ETH$/ }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('selectedCurrency'))).toBe('ETH');

    // Withdraw some BTC, see it pending and the balance lower, then cancel and get it back.
    await page.getByRole('button', { name: 'Wallet', exact: true }).first().click();
    await cashier.getByLabel('Currency').selectOption('BTC');
    await cashier.getByRole('tab', { name: 'Withdraw' }).click();
    await cashier.getByLabel('BTC address').fill('bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4');
    await cashier.getByLabel('Amount').fill('0.0001');
    await cashier.getByRole('button', { name: 'Withdraw', exact: true }).click();
    const row = cashier.locator('[data-status]').first();
    await expect.poll(() => row.getAttribute('data-status')).toBe('pending');
    const lower = (Number(amount) - 0.0001).toFixed(8);
    await expect.poll(() => cashier.getByTestId('withdraw-balance').innerText()).toBe(lower);
    await row.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => row.getAttribute('data-status')).toBe('cancelled');
    await expect.poll(() => cashier.getByTestId('withdraw-balance').innerText()).toBe(amount);

    // A withdrawal beyond the balance is refused in the form.
    await cashier.getByLabel('Amount').fill('5');
    await cashier.getByRole('button', { name: 'Withdraw', exact: true }).click();
    await cashier.getByText('Amount is more than your balance').waitFor();
    await context.close();
  });

  it('should fit the balance menu and the Cashier on a 375 px phone', async () => {
    const { context, page } = await openPage(browser(), PHONE);
    await signUp(page);
    await page.getByRole('button', { name: /^Balance:/ }).click();
    const box = await page.getByLabel('Wallets').boundingBox();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(375);
    await page.getByLabel('Wallets').getByRole('button', { name: 'Wallet', exact: true }).click();
    const dialog = await page.getByRole('dialog').boundingBox();
    expect(dialog!.width).toBeLessThanOrEqual(375);
    await context.close();
  });
});
