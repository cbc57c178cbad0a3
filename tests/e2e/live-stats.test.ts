import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { cuttableLiveLink, documentWidth, hasChromium, openPage, PHONE, useBrowser } from '../support/browser';
import { claimDemoFundsInBrowser, signUpInBrowser, uniqueName } from '../support/players';

/** Issue 20: the live statistics panel in Chromium against the real server, updated as bets land, at both widths. */

interface BetAnswer {
  bet: { wager: number; payout: number };
}

async function bet(page: Page): Promise<BetAnswer> {
  const answer = page.waitForResponse((r) => r.url().endsWith('/api/dice/bet'));
  await page.getByRole('region', { name: 'Dice' }).getByRole('button', { name: 'Bet', exact: true }).click();
  const response = await answer;
  expect(response.status()).toBe(200);
  return (await response.json()) as BetAnswer;
}

async function openStats(page: Page, userName: string) {
  await page.getByRole('button', { name: `Account menu for ${userName}` }).click();
  await page.getByRole('button', { name: 'Live statistics' }).click();
  const panel = page.getByRole('region', { name: 'Live statistics' });
  await panel.waitFor();
  return panel;
}

/** A new player with demo BTC on /dice, the statistics panel open, one bet of 0.0001 BTC placed and counted there. */
async function countedFirstBet(page: Page, prefix: string) {
  const userName = uniqueName(prefix);
  await page.goto('/dice');
  await signUpInBrowser(page, userName);
  await claimDemoFundsInBrowser(page, 'BTC');
  const panel = await openStats(page, userName);
  await page.getByRole('region', { name: 'Dice' }).getByLabel('Bet amount').fill('0.0001');
  await bet(page);
  await expect.poll(() => panel.getByTestId('stats-wagered').innerText()).toBe('0.00010000 BTC');
  return panel;
}

describe.skipIf(!hasChromium())('the live statistics panel in Chromium against the real server', () => {
  const browser = useBrowser();

  it('should count the bets of the session as they land, draw them, and keep the game playable (desktop)', async () => {
    const { context, page } = await openPage(browser());
    const userName = uniqueName('st');
    await page.goto('/dice');
    await signUpInBrowser(page, userName);
    await claimDemoFundsInBrowser(page, 'BTC');
    const panel = await openStats(page, userName);
    await panel.getByTestId('stats-wins').waitFor();
    expect(await panel.getByLabel('Statistics currency').inputValue()).toBe('BTC');
    expect(await panel.getByTestId('stats-wagered').innerText()).toBe('0.00000000 BTC');

    await page.getByRole('region', { name: 'Dice' }).getByLabel('Bet amount').fill('0.0001');
    const answers = [await bet(page), await bet(page), await bet(page)];
    const profit = answers.reduce((sum, a) => sum + Math.round((a.bet.payout - a.bet.wager) * 1e8), 0);
    const wins = answers.filter((a) => a.bet.payout > a.bet.wager).length;
    // Each bet reaches the panel through the live hub, without reopening it.
    await expect.poll(() => panel.getByTestId('stats-wagered').innerText()).toBe('0.00030000 BTC');
    expect(await panel.getByTestId('stats-wins').innerText()).toBe(String(wins));
    expect(await panel.getByTestId('stats-losses').innerText()).toBe(String(3 - wins));
    expect((await panel.getByTestId('stats-profit').innerText()).replace('+', '')).toBe(`${(profit / 1e8).toFixed(8)} BTC`);
    expect(await panel.getByRole('img', { name: /^Profit over your last 3 bets in BTC$/ }).getAttribute('data-bets')).toBe('3');

    // All time agrees after a reload, read from the server this time.
    await page.reload();
    const again = await openStats(page, userName);
    await again.getByRole('tab', { name: 'All time' }).click();
    await expect.poll(() => again.getByTestId('stats-wagered').innerText()).toBe('0.00030000 BTC');
    // Another currency: nothing yet. Close.
    await again.getByLabel('Statistics currency').selectOption('ETH');
    await expect.poll(() => again.getByTestId('stats-wagered').innerText()).toBe('0.00000000 ETH');
    await again.getByRole('button', { name: 'Close live statistics' }).click();
    await again.waitFor({ state: 'detached' });
    await context.close();
  });

  it('should count a bet placed while the live connection was down, once it is back (desktop)', async () => {
    const { context, page } = await openPage(browser());
    const link = await cuttableLiveLink(page);
    // A bet the hub announces: the link is up.
    const panel = await countedFirstBet(page, 'sd');

    // The link drops and stays down: the game still bets, but nothing announces the bet to the panel.
    await link.cut();
    await bet(page);
    expect(await panel.getByTestId('stats-wagered').innerText()).toBe('0.00010000 BTC');

    // Back (the live connection retries after 2 s, then 10 s): the panel reads its figures again and counts it.
    link.restore();
    await expect.poll(() => panel.getByTestId('stats-wagered').innerText(), { timeout: 20_000 }).toBe('0.00020000 BTC');
    expect(await panel.getByRole('img', { name: /^Profit over your last 2 bets in BTC$/ }).getAttribute('data-bets')).toBe('2');
    await context.close();
  });

  it('should fit a 375 px phone above the bottom bar', async () => {
    const { context, page } = await openPage(browser(), PHONE);
    const panel = await countedFirstBet(page, 'sp');
    const box = (await panel.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(375);
    expect(await documentWidth(page)).toBeLessThanOrEqual(375);
    await context.close();
  });
});
