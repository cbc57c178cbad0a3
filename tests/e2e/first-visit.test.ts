import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DESKTOP, hasChromium, useBrowser, openPage, PHONE } from '../support/browser';
import { PASSWORD, signUpInBrowser, uniqueName } from '../support/players';

/**
 * Issue 14: what a new player meets on a first visit, walked at 1366 px and 375 px against the real
 * server. Screenshots go to .tmp/screens/ to be looked at.
 */

const SCREENS = path.resolve('.tmp/screens');

async function shot(page: Page, name: string): Promise<void> {
  fs.mkdirSync(SCREENS, { recursive: true });
  await page.screenshot({ path: path.join(SCREENS, `${name}.png`) });
}

/** The newest confirm-email mail to `to` the server wrote as an .eml file (no SMTP in tests). */
async function confirmLink(to: string): Promise<URL> {
  const dir = path.join(inject('dataDir'), 'mail');
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    const files = fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => f.endsWith('.eml')).sort().reverse() : [];
    for (const file of files) {
      const text = fs.readFileSync(path.join(dir, file), 'utf8');
      if (!text.includes(`To: ${to}`)) continue;
      const link = /https?:\/\/\S+\/confirm-email\?\S+/.exec(text)?.[0];
      if (link) return new URL(link);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no confirm-email mail to ${to}`);
}

/** The Cashier from the header (desktop) or the balance menu (phone). */
async function openCashier(page: Page) {
  const headerWallet = page.getByRole('button', { name: 'Wallet', exact: true }).filter({ visible: true });
  if ((await headerWallet.count()) === 0) await page.getByRole('button', { name: /^Balance: / }).click();
  await page.getByRole('button', { name: 'Wallet', exact: true }).filter({ visible: true }).first().click();
  return page.getByRole('dialog', { name: 'Wallet' });
}

/** Client-side navigation, like a player using the menu (a reload would restart the app). */
async function navigate(page: Page, to: string): Promise<void> {
  await page.evaluate((href) => {
    window.history.pushState({}, '', href);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, to);
}

/** Nothing on the page is wider than the viewport (a phone would scroll sideways). */
const overflowsSideways = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);

/** How many lines an element's text takes: its text boxes grouped by their vertical middle. */
const lineCount = (page: Page, selector: string) =>
  page.locator(selector).first().evaluate((el) => {
    const range = document.createRange();
    range.selectNodeContents(el);
    const tolerance = Number.parseFloat(getComputedStyle(el).fontSize) / 2;
    const middles = [...range.getClientRects()].filter((r) => r.width > 0).map((r) => (r.top + r.bottom) / 2).sort((a, b) => a - b);
    let lines = 0;
    let last = Number.NEGATIVE_INFINITY;
    for (const middle of middles) {
      if (middle - last > tolerance) lines += 1;
      last = middle;
    }
    return lines;
  });

describe.skipIf(!hasChromium())('a first visit in Chromium against the real server', () => {
  const browser = useBrowser();

  for (const [label, viewport] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const) {
    it(`walks a new player through sign-up, demo funds, ACC, amounts and the e-mail link (${label})`, async () => {
      const { context, page } = await openPage(browser(), viewport);
      const userName = uniqueName(label === 'phone' ? 'fp' : 'fd');
      const email = `${userName}@example.com`;
      await page.goto('/');
      await expect.poll(() => page.title()).toBe('Home · ACC Casino');
      await shot(page, `${label}-01-home`);

      // Sign-up: a welcome that points to the two next steps.
      await signUpInBrowser(page, userName);
      const welcome = page.getByRole('region', { name: `Welcome to ACC Casino, ${userName}!` });
      await welcome.waitFor();
      expect(await welcome.innerText()).toContain(`We sent a link to ${email}.`);
      await shot(page, `${label}-02-welcome`);

      // Its button opens the Cashier on demo funds; one claim, one message, the button disabled.
      await welcome.getByRole('button', { name: 'Get demo funds' }).click();
      const cashier = page.getByRole('dialog', { name: 'Wallet' });
      await cashier.getByRole('button', { name: 'Get demo funds' }).click();
      await cashier.getByText(/^Added [\d.]+ BTC to your balance\.$/).waitFor();
      await cashier.getByText('You can claim again in 1 hour.').waitFor();
      expect(await cashier.getByRole('button', { name: 'Get demo funds' }).isDisabled()).toBe(true);
      expect(await cashier.getByRole('alert').count()).toBe(0);
      await shot(page, `${label}-03-cashier-claimed`);
      await page.keyboard.press('Escape');
      await cashier.waitFor({ state: 'detached' });
      expect(await welcome.count()).toBe(0);

      // Opened again: the server says the claim is not due, so the button waits, with the wait in words.
      const again = await openCashier(page);
      await again.getByText(/^You can claim again in (1 hour|\d+ minutes)\.$/).waitFor();
      expect(await again.getByRole('button', { name: 'Get demo funds' }).isDisabled()).toBe(true);
      expect(await again.getByText(/\d{4}-\d{2}-\d{2}T/).count()).toBe(0);
      // ACC is not handed out: no button for it.
      await again.getByLabel('Currency').selectOption('ACC');
      await again.getByText('ACC is earned by playing: it is not handed out as demo funds.').waitFor();
      expect(await again.getByRole('button', { name: 'Get demo funds' }).count()).toBe(0);
      await shot(page, `${label}-04-cashier-acc`);
      await page.keyboard.press('Escape');

      // ACC selected: every game says so when Bet is pressed (docs/product.md §5 check 2).
      for (const [route, title] of [
        ['/dice', 'Dice'],
        ['/mines', 'Mines'],
        ['/blackjack', 'Blackjack'],
        ['/baccarat', 'Baccarat'],
      ] as const) {
        await navigate(page, route);
        await expect.poll(() => page.title()).toBe(`${title} · ACC Casino`);
        // Baccarat's chips come from the currency's limits, which ACC has none of: no chip to place, Bet alone says why.
        if (route === '/baccarat') expect(await page.getByRole('group', { name: 'Chip value' }).getByRole('button').count()).toBe(0);
        else await page.getByLabel('Bet amount').fill('1');
        await page.getByRole('button', { name: 'Bet', exact: true }).click();
        await page.getByText('ACC betting not available at this time').waitFor();
        if (route === '/dice') {
          expect(await page.getByTestId('max-payout').innerText()).toBe('—');
          await page.getByText('ACC betting not available at this time').scrollIntoViewIfNeeded();
          await shot(page, `${label}-05-dice-acc`);
        }
      }

      // Back to BTC: ½ and 2× write plain decimals.
      const cashierBtc = await openCashier(page);
      await cashierBtc.getByLabel('Currency').selectOption('BTC');
      await page.keyboard.press('Escape');
      await navigate(page, '/dice');
      const amount = page.getByLabel('Bet amount');
      await amount.fill('');
      await expect.poll(() => page.getByTestId('max-payout').innerText()).toMatch(/BTC$/);
      await page.getByRole('button', { name: 'Half the bet' }).click();
      expect(await amount.inputValue()).toBe('0.00000011');
      await amount.fill('0.0000004');
      await page.getByRole('button', { name: 'Half the bet' }).click();
      expect(await amount.inputValue()).toBe('0.0000002');
      await page.getByRole('button', { name: 'Double the bet' }).click();
      expect(await amount.inputValue()).toBe('0.0000004');
      // More than 8 decimals is rounded, not called 0.
      await amount.fill('0.000000006');
      await page.getByRole('button', { name: 'Bet', exact: true }).click();
      await page.getByText('Bet must be greater than 0.00000011 BTC').waitFor();
      await page.getByText('Bet must be greater than 0.00000011 BTC').scrollIntoViewIfNeeded();
      await shot(page, `${label}-06-dice-amounts`);

      // Mines at 375 px: the profit labels keep to one line; the bets tabs too.
      await navigate(page, '/mines');
      await page.getByText(/^Current profit/i).first().waitFor();
      expect(await lineCount(page, '[class*="profitLabel"]')).toBe(1);
      expect(await lineCount(page, '[role="tab"]:has-text("HIGH ROLLERS")')).toBe(1);
      expect(await overflowsSideways(page)).toBe(false);
      await page.locator('[class*="profitLabel"]').first().scrollIntoViewIfNeeded();
      await shot(page, `${label}-07-mines`);
      await page.locator('[role="tab"]:has-text("HIGH ROLLERS")').scrollIntoViewIfNeeded();
      await shot(page, `${label}-07b-bets-tabs`);

      // The account page: not confirmed yet, with a resend button that answers in words.
      await navigate(page, '/account');
      await expect.poll(() => page.title()).toBe('Account · ACC Casino');
      await page.getByText(', not confirmed yet').waitFor();
      await page.getByRole('button', { name: 'Resend confirmation e-mail' }).click();
      await page.getByText(/^A confirmation e-mail was sent a moment ago\. You can ask for another in \d+ seconds\.$/).waitFor();
      await shot(page, `${label}-08-account-resend`);

      // The mailed link, opened in the same browser: the account says confirmed, also after a reload.
      const link = await confirmLink(email);
      await page.goto(link.pathname + link.search);
      await page.getByRole('heading', { name: 'Email Address Confirmed' }).waitFor();
      expect(new URL(page.url()).search).toBe(link.search);
      await expect.poll(() => page.title()).toBe('Confirm e-mail · ACC Casino');
      await page.goto('/account');
      await page.getByText(`Signed in as ${userName}`).waitFor();
      expect(await page.getByText('not confirmed yet').count()).toBe(0);
      expect(await page.getByRole('button', { name: 'Resend confirmation e-mail' }).count()).toBe(0);

      // Links cut short say so, and the address bar keeps exactly what was opened.
      await page.goto('/confirm-email');
      await page.getByRole('heading', { name: 'This confirmation link is incomplete' }).waitFor();
      expect(page.url().endsWith('/confirm-email')).toBe(true);
      await page.goto('/reset-password?email=ann%40example.com&token=t0k3n');
      await page.getByRole('heading', { name: 'Reset password' }).waitFor();
      expect(new URL(page.url()).search).toBe('?email=ann%40example.com&token=t0k3n');
      await page.goto('/reset-password');
      await page.getByRole('heading', { name: 'This reset link is incomplete' }).waitFor();
      expect(page.url().endsWith('/reset-password')).toBe(true);
      await shot(page, `${label}-09-reset-incomplete`);
      await context.close();
    });
  }

  it('tells a throttled player to wait, in the auth modal and on the security page', async () => {
    // A private address of its own (the server reads the proxy's X-Forwarded-For from a local peer), so
    // the lockout of this address does not reach the other browser tests.
    const address = `10.14.${Math.floor(Math.random() * 250)}.${1 + Math.floor(Math.random() * 250)}`;
    const player = await browser().newContext({ viewport: PHONE, baseURL: inject('baseUrl'), extraHTTPHeaders: { 'X-Forwarded-For': address } });
    const page = await player.newPage();
    page.setDefaultTimeout(10_000);
    const userName = uniqueName('ft');
    await page.goto('/');
    await signUpInBrowser(page, userName);
    await page.getByRole('button', { name: 'Dismiss welcome' }).click();

    // Someone else fails to sign in as this player until the account is locked.
    const intruder = await browser().newContext({ viewport: DESKTOP, baseURL: inject('baseUrl'), extraHTTPHeaders: { 'X-Forwarded-For': address } });
    const other = await intruder.newPage();
    other.setDefaultTimeout(10_000);
    await other.goto('/');
    await other.getByRole('button', { name: 'LOG IN' }).click();
    const dialog = other.getByRole('dialog');
    await dialog.getByLabel('User name or e-mail').fill(userName);
    for (let attempt = 0; attempt < 6; attempt += 1) {
      await dialog.getByLabel('Password', { exact: true }).fill(`${PASSWORD}-wrong`);
      const answer = other.waitForResponse((r) => r.url().endsWith('/api/auth/login'));
      await dialog.getByRole('button', { name: 'Log in' }).click();
      await answer;
    }
    await dialog.getByText('Too many attempts. Try again in 15 minutes.').waitFor();
    await shot(other, 'desktop-10-login-throttled');
    await intruder.close();

    // The player's own security page hears the same lockout as a wait, not a generic error.
    await navigate(page, '/account');
    const enable = page.getByRole('form', { name: 'Enable two-factor' });
    await enable.getByLabel('Two-factor code').fill('123456');
    await enable.getByRole('button', { name: 'Enable' }).click();
    await page.getByText(/^Too many attempts\. Try again in 1[45] minutes\.$/).waitFor();
    expect(await page.getByText('An error occurred, please try again later.').count()).toBe(0);
    await shot(page, 'phone-11-security-throttled');
    await player.close();
  });
});
