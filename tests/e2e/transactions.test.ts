import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { documentWidth, hasChromium, openPage, PHONE, useBrowser } from '../support/browser';
import { claimDemoFundsInBrowser, signUpInBrowser, uniqueName } from '../support/players';

/** Issue 20: the transactions page in Chromium against the real server, at both widths. */

async function openTransactions(page: Page, userName: string): Promise<void> {
  await page.getByRole('button', { name: `Account menu for ${userName}` }).click();
  await page.getByRole('button', { name: 'Transactions', exact: true }).click();
  await page.getByRole('heading', { name: 'Transactions', level: 1 }).waitFor();
}

const rowsOf = (page: Page) =>
  page
    .getByRole('region', { name: 'Transactions' })
    .locator('tbody tr')
    .evaluateAll((rows) => rows.map((row) => [row.getAttribute('data-kind'), (row as HTMLElement).innerText.replace(/\s+/g, ' ').trim()]));

describe.skipIf(!hasChromium())('the transactions page in Chromium against the real server', () => {
  const browser = useBrowser();

  it('should list the demo claims newest first with their amounts and download the same rows as CSV (desktop)', async () => {
    const { context, page } = await openPage(browser());
    const userName = uniqueName('tx');
    await page.goto('/');
    await signUpInBrowser(page, userName);
    const btc = await claimDemoFundsInBrowser(page, 'BTC');
    const usdt = await claimDemoFundsInBrowser(page, 'USDT');

    await openTransactions(page, userName);
    expect(new URL(page.url()).pathname).toBe('/transactions');
    await expect.poll(async () => (await rowsOf(page)).length).toBe(2);
    const [newest, oldest] = await rowsOf(page);
    expect(newest![0]).toBe('demo_funds');
    expect(newest![1]).toContain('Demo funds Wallet');
    expect(newest![1]).toContain(`+${usdt.toFixed(8)}`);
    expect(oldest![1]).toContain(`+${btc.toFixed(8)}`);

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download CSV' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^transactions-\d{4}-\d{2}-\d{2}\.csv$/);
    const lines = fs.readFileSync((await file.path())!, 'utf8').trimEnd().split('\r\n');
    expect(lines[0]).toBe('date,type,kind,account,currency,amount,reference,transfer');
    expect(lines.slice(1).map((line) => line.split(',').slice(1, 6))).toEqual([
      ['Demo funds', 'demo_funds', 'Wallet', 'BTC', btc.toFixed(8)],
      ['Demo funds', 'demo_funds', 'Wallet', 'USDT', usdt.toFixed(8)],
    ]);

    // A reload keeps the signed-in player on the page; a visitor is sent home.
    await page.reload();
    await expect.poll(async () => (await rowsOf(page)).length).toBe(2);
    await context.close();
    const visitor = await openPage(browser());
    await visitor.page.goto('/transactions');
    await expect.poll(() => new URL(visitor.page.url()).pathname).toBe('/');
    await visitor.context.close();
  });

  it('should fit a 375 px phone with a new player who has no transactions yet, then one', async () => {
    const { context, page } = await openPage(browser(), PHONE);
    const userName = uniqueName('tp');
    await page.goto('/');
    await signUpInBrowser(page, userName);
    await openTransactions(page, userName);
    await page.getByText('No transactions yet.').waitFor();
    const amount = await claimDemoFundsInBrowser(page, 'ETH');
    await page.reload();
    await expect.poll(async () => (await rowsOf(page))[0]?.[1] ?? '').toContain(`+${amount.toFixed(8)}`);
    expect(await documentWidth(page)).toBeLessThanOrEqual(375);
    const button = await page.getByRole('button', { name: 'Download CSV' }).boundingBox();
    expect(button!.x + button!.width).toBeLessThanOrEqual(375);
    await context.close();
  });
});
