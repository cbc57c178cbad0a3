import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { BANKROLL_REFRESH_MS } from '../../machines/earn/machine';
import { MINING_REFRESH_MS } from '../../machines/mining/machine';
import { baseUrl, hasChromium, useBrowser, openPage } from '../support/browser';
import { PASSWORD, signUpInBrowser } from '../support/players';

/** A call to the real server, as a script would make it (the bets here are not the UI under test). */
async function api<T>(path: string, token: string | null, body?: unknown): Promise<T> {
  const response = await fetch(`${baseUrl()}/api${path}`, {
    method: body === undefined && !path.startsWith('/token/run') ? 'GET' : 'POST',
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${path}: ${response.status} ${text}`);
  return JSON.parse(text) as T;
}

const bet = (token: string, betAmount: number, chance: number) =>
  api<{ balance: number }>('/dice/bet', token, { betAmount, currency: 'USDT', chance, target: 'under' });

const textOf = async (page: Page, testId: string) => (await page.getByTestId(testId).textContent())?.trim() ?? '';
const number = (text: string) => Number(text.replace(/[^0-9.]/g, ''));

describe.skipIf(!hasChromium())('the token economy in Chromium against the real server', () => {
  const browser = useBrowser();

  it('should mine by betting, lock and unlock (burning the fee), claim a payout, and add and remove liquidity', async () => {
    const { context, page } = await openPage(browser());
    // The page's own clock, flowing as usual; the refreshes below jump it forward instead of waiting.
    await page.clock.install();
    const userName = `tok_${Date.now().toString(36)}`;

    // A visitor sees the staking page; Lock opens the login modal.
    await page.goto('/staking');
    await page.getByRole('button', { name: 'Lock', exact: true }).click();
    await page.getByRole('dialog').getByRole('tab', { name: 'Log in' }).waitFor();
    await page.keyboard.press('Escape');

    // Sign up in the browser, then get demo USDT from the Cashier.
    await signUpInBrowser(page, userName);
    await page.getByRole('button', { name: 'Wallet', exact: true }).first().click();
    await page.getByRole('dialog').getByLabel('Currency').selectOption('USDT');
    await page.getByRole('dialog').getByRole('button', { name: 'Get demo funds' }).click();
    await page.getByRole('status').filter({ hasText: 'USDT to your balance' }).waitFor();
    await page.keyboard.press('Escape');
    const token = await page.evaluate(() => localStorage.getItem('authToken'));
    expect(token).toBeTruthy();

    // Mining: the page is open while the player bets through the API; its next read shows the move.
    await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Mining' }).click();
    await page.getByTestId('mining-level').filter({ hasText: 'Level' }).waitFor();
    const minedBefore = number(await textOf(page, 'mining-total-mined'));
    for (let i = 0; i < 10; i += 1) await bet(token!, 5, 98);
    // The mining page reads again every 15 s (its machine's refresh): fire that timer now rather than wait for it.
    await page.clock.fastForward(MINING_REFRESH_MS);
    await expect.poll(async () => number(await textOf(page, 'mining-total-mined')), { timeout: 25_000, interval: 500 }).toBeGreaterThanOrEqual(minedBefore + 4.9);
    await expect.poll(async () => number(await textOf(page, 'mining-your-acc')), { timeout: 10_000 }).toBeGreaterThanOrEqual(4.9);
    expect(await page.getByRole('progressbar').getAttribute('aria-valuenow')).not.toBe('0');

    // Staking: lock everything, unlock 1 ACC (1% burned), see the burn in the Burn history.
    await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Staking' }).click();
    await page.getByTestId('staking-user-staked').filter({ hasText: '0.000 ACC' }).waitFor();
    await page.getByRole('button', { name: 'Lock', exact: true }).click();
    const lock = page.getByTestId('lockTokens-form');
    await lock.getByRole('button', { name: 'Max' }).click();
    await lock.getByRole('button', { name: 'Lock', exact: true }).click();
    await lock.getByRole('status').filter({ hasText: 'Locked' }).waitFor();
    await lock.getByRole('button', { name: 'Done' }).click();
    await expect.poll(async () => number(await textOf(page, 'staking-user-staked'))).toBeGreaterThanOrEqual(4.9);
    expect(await textOf(page, 'staking-wallet-acc')).toBe('0.000 ACC');

    await page.getByRole('button', { name: 'Unlock', exact: true }).click();
    const unlock = page.getByTestId('unlockTokens-form');
    await unlock.getByLabel('Amount (ACC)').fill('1');
    expect(await unlock.getByTestId('unlock-fee').textContent()).toContain('0.01000000 ACC');
    await unlock.getByRole('button', { name: 'Unlock', exact: true }).click();
    await unlock.getByRole('status').filter({ hasText: '0.99000000 ACC returned' }).waitFor();
    await page.keyboard.press('Escape');
    expect(await textOf(page, 'staking-wallet-acc')).toBe('0.990 ACC');
    await page.getByRole('tab', { name: 'Burn' }).click();
    await page.getByTestId('burn-history-row').filter({ hasText: '0.01000000 ACC' }).first().waitFor();
    await page.getByRole('tab', { name: 'Staking' }).click();
    await page.getByTestId('staking-history-row').filter({ hasText: 'Unlocked 1.000 ACC' }).waitFor();

    // A payout run pays the only staker 2% of the USDT rewards pool; Claim moves it to the wallet.
    const run = await api<{ ran: boolean; payouts: Array<{ currency: string; amount: number }> }>('/token/run-daily-payout', null, {});
    expect(run.ran).toBe(true);
    await page.reload();
    const available = page.getByTestId('reward-available-USDT');
    await available.waitFor();
    expect(number((await available.textContent()) ?? '')).toBeGreaterThan(0);
    const balanceBefore = number(await textOf(page, 'header-balance'));
    await page.getByRole('button', { name: 'Claim' }).click();
    await expect.poll(async () => number((await available.textContent()) ?? '')).toBe(0);
    await expect.poll(async () => number(await textOf(page, 'header-balance'))).toBeGreaterThan(balanceBefore);

    // Earn: add 40 USDT, watch the position follow another player's bets, then remove it all.
    await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Earn' }).click();
    await page.getByRole('button', { name: 'Add liquidity to the USDT pool' }).click();
    const add = page.getByTestId('addLiquidity-form');
    await add.getByLabel('Amount (USDT)').fill('40');
    await add.getByRole('button', { name: 'Add liquidity' }).click();
    await add.getByRole('status').filter({ hasText: 'Added 40.00000000 USDT' }).waitFor();
    await add.getByRole('button', { name: 'Done' }).click();
    const position = page.getByTestId('position-value-USDT');
    await position.waitFor();
    const positionBefore = await position.textContent();

    const other = await api<{ jwt: string }>('/auth/register', null, {
      userName: `oth_${Date.now().toString(36)}`,
      email: `oth_${Date.now().toString(36)}@example.com`,
      password: PASSWORD,
    });
    await api('/wallet/claim-demo-funds', other.jwt, { currency: 'USDT' });
    for (let i = 0; i < 6; i += 1) await bet(other.jwt, 10, 50);
    // The Earn page reads the pools again every 10 s (its machine's refresh): fire that timer now.
    await page.clock.fastForward(BANKROLL_REFRESH_MS);
    await expect.poll(async () => position.textContent(), { timeout: 20_000, interval: 500 }).not.toBe(positionBefore);

    await page.getByRole('button', { name: 'Remove liquidity from the USDT pool' }).click();
    const remove = page.getByTestId('removeLiquidity-form');
    await remove.getByRole('button', { name: 'All' }).click();
    await remove.getByRole('button', { name: 'Remove', exact: true }).click();
    await remove.getByRole('status').filter({ hasText: 'Removed' }).waitFor();
    await page.keyboard.press('Escape');
    await position.waitFor({ state: 'detached' });
    await page.getByText('No positions yet.').waitFor();
    await context.close();
  }, 150_000);
});
