import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { documentWidth, hasChromium, openPage, PHONE, recordRequests, useBrowser } from '../support/browser';
import { claimDemoFundsInBrowser, signUpInBrowser, uniqueName } from '../support/players';

/**
 * Issue 20 in Chromium against the real server: the hotkeys panel (?), the Settings page (shortcuts,
 * instant mode, reality checks) and the reality check dialog, at 1366 px and 375 px. The browser's
 * clock is Playwright's, so a 15-minute reality check comes when the test moves it on.
 */

async function openSettings(page: Page, userName: string) {
  await page.getByRole('button', { name: `Account menu for ${userName}` }).click();
  await page.getByRole('button', { name: 'Settings', exact: true }).click();
  await page.getByRole('heading', { name: 'Settings', level: 1 }).waitFor();
  // The preferences have been read once the switches can be used.
  await expect.poll(() => page.getByRole('switch', { name: /Keyboard shortcuts/ }).isEnabled()).toBe(true);
}

async function saved(page: Page, act: () => Promise<void>) {
  const answer = page.waitForResponse((r) => r.url().endsWith('/api/auth/set-preferences'));
  await act();
  expect((await answer).status()).toBe(200);
}

/**
 * Moves the browser's clock on by the interval, then five minutes at a time, until the reality check
 * shows. The check's timer is set once the machine has the session's summary from the server; on a
 * loaded machine that answer can come after a single jump, and a timer set after the jump would wait
 * for real. Worse, a jump fires the API client's 20 s timeout of a read still under way: the read fails,
 * the machine asks again 30 s later, and the check is then due a whole interval after that answer
 * (a 30 min interval outran thirty one-minute steps twice in a loaded full run on 2026-11-27).
 */
async function realityCheckAfter(page: Page, clock: { fastForward(time: string): Promise<void> }, interval: string) {
  const check = page.getByRole('alertdialog', { name: 'Reality check' });
  await clock.fastForward(interval);
  for (let step = 0; step < 30; step += 1) {
    if (await check.isVisible()) return check;
    await page.waitForTimeout(500);
    await clock.fastForward('05:00');
  }
  await check.waitFor({ timeout: 2_000 });
  return check;
}

const diceBetsOf = (page: Page) => recordRequests(page, (url) => (url.pathname === '/api/dice/bet' ? url.pathname : undefined));

async function rollAnimation(page: Page): Promise<string> {
  const answer = page.waitForResponse((r) => r.url().endsWith('/api/dice/bet'));
  await page.getByRole('region', { name: 'Dice' }).getByRole('button', { name: 'Bet', exact: true }).click();
  expect((await answer).status()).toBe(200);
  const roll = page.getByTestId('dice-roll');
  await roll.waitFor();
  return roll.evaluate((element) => getComputedStyle(element).animationName);
}

describe.skipIf(!hasChromium())('shortcuts, instant mode and reality checks in Chromium against the real server', () => {
  const browser = useBrowser();

  it('should list every key with ?, turn game keys off and instant mode on from Settings, and show a reality check whose Continue and Stop do what they say (desktop)', async () => {
    const { context, page } = await openPage(browser());
    await context.clock.install();
    const userName = uniqueName('rc');
    await page.goto('/dice');
    await page.getByRole('region', { name: 'Dice' }).waitFor();
    // The modal host (which listens for ?) is a chunk of its own, fetched right after the first render.
    await page.waitForLoadState('networkidle');

    // ? opens the panel, this game first; typing ? into a field does not; Esc closes it.
    await page.keyboard.press('Shift+Slash');
    const panel = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
    await panel.waitFor();
    const groups = await panel.locator('section[data-game]').evaluateAll((sections) => sections.map((s) => s.getAttribute('data-game')));
    expect(groups).toEqual(['dice', 'mines', 'blackjack', 'baccarat']);
    await expect.poll(() => panel.getByText('This game').isVisible()).toBe(true);
    for (const key of ['H', 'S', 'D', 'P', 'Space', '?', 'Esc']) expect(await panel.locator('kbd', { hasText: new RegExp(`^${key.replace('?', '\\?')}$`) }).count(), key).toBeGreaterThan(0);
    await page.keyboard.press('Escape');
    await panel.waitFor({ state: 'detached' });

    await signUpInBrowser(page, userName);
    await claimDemoFundsInBrowser(page, 'BTC');
    const dice = page.getByRole('region', { name: 'Dice' });
    await dice.getByLabel('Bet amount').press('Shift+Slash');
    expect(await panel.count()).toBe(0);
    await dice.getByLabel('Bet amount').fill('0.0001');
    // Space bets while shortcuts are on (focus out of the field first).
    const bets = diceBetsOf(page);
    await page.locator('main h1, main').first().click({ position: { x: 5, y: 5 } });
    const spaceBet = page.waitForResponse((r) => r.url().endsWith('/api/dice/bet'));
    await page.keyboard.press('Space');
    expect((await spaceBet).status()).toBe(200);
    expect(bets).toHaveLength(1);

    // Settings: shortcuts off, instant mode on, a reality check every 15 minutes.
    await openSettings(page, userName);
    await saved(page, () => page.getByRole('switch', { name: /Keyboard shortcuts/ }).click());
    await saved(page, () => page.getByRole('switch', { name: /Instant mode/ }).click());
    await saved(page, () => page.getByRole('radio', { name: '15 min' }).click());
    // They are the server's now: a reload reads them back.
    await page.reload();
    await expect.poll(() => page.getByRole('switch', { name: /Keyboard shortcuts/ }).isChecked()).toBe(false);
    expect(await page.getByRole('switch', { name: /Instant mode/ }).isChecked()).toBe(true);
    expect(await page.getByRole('radio', { name: '15 min' }).isChecked()).toBe(true);

    // Shortcuts off: Space places no bet, and the panel says so with a way to Settings.
    await page.goto('/dice');
    await dice.getByLabel('Bet amount').fill('0.0001');
    await page.locator('main').first().click({ position: { x: 5, y: 5 } });
    await page.keyboard.press('Space');
    await page.keyboard.press('Shift+Slash');
    await panel.getByText('Game shortcuts are off.').waitFor();
    expect(await panel.getByRole('link', { name: 'Turn them on in Settings' }).getAttribute('href')).toBe('/settings');
    await page.keyboard.press('Escape');
    expect(bets).toHaveLength(1);

    // Instant mode: the roll shows without its animation; the bet is the same bet.
    expect(await page.evaluate(() => document.documentElement.hasAttribute('data-instant'))).toBe(true);
    expect(await rollAnimation(page)).toBe('none');
    expect(bets).toHaveLength(2);

    // 15 minutes into the session: the reality check, with the time played and the BTC result.
    const check = await realityCheckAfter(page, context.clock, '15:00');
    expect(await check.getByTestId('reality-played').innerText()).toMatch(/^\d+ min$/);
    expect(await check.getByRole('row', { name: /^BTC 2 / }).count()).toBe(1);
    // No bet from the page meanwhile: the dialog covers it.
    expect(await page.evaluate(() => document.elementFromPoint(innerWidth / 2, innerHeight - 20)?.closest('[data-modal="RealityCheck"]') !== null)).toBe(true);
    await check.getByRole('button', { name: 'Continue playing' }).click();
    await check.waitFor({ state: 'detached' });
    expect(await page.getByRole('button', { name: `Account menu for ${userName}` }).isVisible()).toBe(true);

    // The next one (its timer, too, may be set after a jump of the clock): Stop playing logs out and goes home.
    await realityCheckAfter(page, context.clock, '15:00');
    await check.getByRole('button', { name: 'Stop playing' }).click();
    await page.getByRole('button', { name: 'LOG IN' }).waitFor();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/');
    await context.close();
  });

  it('should animate the roll when instant mode is off', async () => {
    const { context, page } = await openPage(browser());
    await page.goto('/dice');
    await signUpInBrowser(page, uniqueName('ra'));
    await claimDemoFundsInBrowser(page, 'BTC');
    await page.getByRole('region', { name: 'Dice' }).getByLabel('Bet amount').fill('0.0001');
    expect(await rollAnimation(page)).not.toBe('none');
    await context.close();
  });

  it('should fit the hotkeys panel, the Settings page and the reality check on a 375 px phone', async () => {
    const { context, page } = await openPage(browser(), PHONE);
    await context.clock.install();
    const userName = uniqueName('rp');
    await page.goto('/blackjack');
    await signUpInBrowser(page, userName);
    await page.keyboard.press('Shift+Slash');
    const panel = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
    await panel.waitFor();
    const first = await panel.locator('section[data-game]').first().getAttribute('data-game');
    expect(first).toBe('blackjack');
    const box = (await panel.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(375);
    expect(await documentWidth(page)).toBeLessThanOrEqual(375);
    await page.keyboard.press('Escape');

    await page.goto('/settings');
    await expect.poll(() => page.getByRole('radio', { name: '30 min' }).isEnabled()).toBe(true);
    await saved(page, () => page.getByRole('radio', { name: '30 min' }).click());
    expect(await documentWidth(page)).toBeLessThanOrEqual(375);

    const check = await realityCheckAfter(page, context.clock, '30:00');
    await check.getByText('No bets this session.').waitFor();
    const dialogBox = (await check.boundingBox())!;
    expect(dialogBox.x).toBeGreaterThanOrEqual(0);
    expect(dialogBox.x + dialogBox.width).toBeLessThanOrEqual(375);
    await check.getByRole('button', { name: 'Continue playing' }).click();
    await check.waitFor({ state: 'detached' });
    await context.close();
  });
});
