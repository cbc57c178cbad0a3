import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DESKTOP, documentWidth, hasChromium, openPage, PHONE, useBrowser } from '../support/browser';
import { claimDemoFundsInBrowser, signUpInBrowser, uniqueName } from '../support/players';

/** Issue 20, responsible gambling: limits and a break in Chromium against the real server, at both widths. */

const SHOTS = process.env.RG_SHOTS ?? null;

async function openResponsible(page: Page, userName: string): Promise<void> {
  await page.getByRole('button', { name: `Account menu for ${userName}` }).click();
  await page.getByRole('button', { name: 'Responsible gambling', exact: true }).click();
  await page.getByRole('heading', { name: 'Responsible gambling', level: 1 }).waitFor();
  await page.getByRole('form', { name: 'Set a limit' }).waitFor();
}

/** Dice → Bet with `amount`: answers what the game shows in its message slot. */
async function diceBet(page: Page, amount: string): Promise<string> {
  await page.goto('/dice');
  const game = page.getByRole('region', { name: 'Dice' });
  await game.getByLabel('Bet amount').fill(amount);
  const answer = page.waitForResponse((r) => r.url().endsWith('/api/dice/bet'));
  await game.getByRole('button', { name: 'Bet', exact: true }).click();
  expect((await answer).status()).toBe(400);
  const alert = game.getByRole('alert');
  await alert.waitFor();
  return (await alert.textContent()) ?? '';
}

const shot = async (page: Page, name: string) => {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
};

describe.skipIf(!hasChromium())('responsible gambling in Chromium against the real server', () => {
  const browser = useBrowser();

  for (const [label, viewport] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const) {
    it(`should refuse a bet over the wager limit, then take a break that refuses bets and deposits until when (${label})`, async () => {
      const { context, page } = await openPage(browser(), viewport);
      const userName = uniqueName(`rg${label[0]}`);
      await page.goto('/');
      await signUpInBrowser(page, userName);
      await claimDemoFundsInBrowser(page, 'BTC');

      // A daily wager limit of $1, at once.
      await openResponsible(page, userName);
      expect(new URL(page.url()).pathname).toBe('/responsible-gambling');
      const form = page.getByRole('form', { name: 'Set a limit' });
      await form.getByLabel('Amount (USD)').fill('1');
      await form.getByRole('button', { name: 'Save limit' }).click();
      await page.getByRole('status').filter({ hasText: 'Limit saved: it applies now.' }).waitFor();
      const daily = page.getByRole('listitem', { name: 'Daily (24 h) wager limit' });
      expect(await daily.innerText()).toContain('$1.00');
      // A typo is caught before anything is sent.
      await form.getByLabel('Amount (USD)').fill('1.234');
      await form.getByRole('button', { name: 'Save limit' }).click();
      await page.getByText('Enter a limit in dollars greater than 0, at most $10,000,000.00, with at most 2 decimals.').waitFor();
      // A raise waits 24 hours, and says until when.
      await form.getByLabel('Amount (USD)').fill('500');
      await form.getByRole('button', { name: 'Save limit' }).click();
      await daily.getByText(/^Raises to \$500\.00 on /).waitFor();
      expect(await daily.innerText()).toContain('$1.00');
      expect(await documentWidth(page)).toBeLessThanOrEqual(viewport.width);
      await shot(page, `rg-limits-${label}`);

      // A bet worth more than $1 is refused in the game's own message slot.
      expect(await diceBet(page, '0.001')).toBe('This bet would exceed your daily wager limit of $1.00.');
      await shot(page, `rg-dice-limit-${label}`);

      // Take a break of 3 days, confirmed.
      await page.goto('/responsible-gambling');
      const breakCard = page.getByRole('region', { name: 'Take a break' });
      await breakCard.getByRole('button', { name: '3 days' }).click();
      const confirm = page.getByRole('alertdialog');
      await confirm.getByText('You will not be able to undo this.').waitFor();
      await shot(page, `rg-confirm-${label}`);
      await confirm.getByRole('button', { name: 'Confirm' }).click();
      const banner = page.getByRole('region', { name: /^You are on a break until / });
      await banner.waitFor();
      // The answer shows where the player pressed, and the break cannot be shortened.
      await page.getByRole('status').filter({ hasText: /^You are taking a break until / }).waitFor();
      await breakCard.getByRole('button', { name: '24 hours' }).click();
      await page.getByRole('alertdialog').getByRole('button', { name: 'Confirm' }).click();
      await page.getByRole('alert').filter({ hasText: /^Your break already runs until .*, which is longer: it cannot be shortened\.$/ }).waitFor();
      await shot(page, `rg-break-${label}`);
      await banner.scrollIntoViewIfNeeded();
      await shot(page, `rg-banner-${label}`);
      expect(await documentWidth(page)).toBeLessThanOrEqual(viewport.width);

      const refusal = /^You are taking a break until \d+ \w{3} \d{4}, \d\d:\d\d UTC: betting and deposits are paused until then\.$/;
      expect(await diceBet(page, '0.00000100')).toMatch(refusal);
      await shot(page, `rg-dice-break-${label}`);

      // Demo funds are deposits here: refused with the same words.
      const headerWallet = page.getByRole('button', { name: 'Wallet', exact: true }).filter({ visible: true });
      if ((await headerWallet.count()) === 0) await page.getByRole('button', { name: /^Balance: / }).click();
      await page.getByRole('button', { name: 'Wallet', exact: true }).filter({ visible: true }).first().click();
      const cashier = page.getByRole('dialog', { name: 'Wallet' });
      await cashier.getByLabel('Currency').selectOption('ETH');
      const answer = page.waitForResponse((r) => r.url().endsWith('/api/wallet/claim-demo-funds'));
      await cashier.getByRole('button', { name: 'Get demo funds' }).click();
      expect((await answer).status()).toBe(400);
      // The claim is refused, and there is no deposit address either: the Deposit tab says why, in the same words.
      await expect.poll(() => cashier.getByText(refusal).count()).toBe(2);
      await shot(page, `rg-cashier-break-${label}`);
      await context.close();
    });
  }
});
