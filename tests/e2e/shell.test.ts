import { describe, expect, it } from 'vitest';
import { DESKTOP, hasChromium, useBrowser, openPage, PHONE } from '../support/browser';

describe.skipIf(!hasChromium())('the shell in Chromium', () => {
  const browser = useBrowser();

  it('should show the four game cards and two disabled coming-soon cards', async () => {
    const { context, page } = await openPage(browser());
    await page.goto('/');
    const playable = page.getByRole('link', { name: /^Play / });
    await playable.first().waitFor();
    expect(await playable.evaluateAll((links) => links.map((a) => a.getAttribute('href')))).toEqual([
      '/dice',
      '/mines',
      '/blackjack',
      '/baccarat',
    ]);
    const soon = page.locator('[data-disabled="true"]');
    expect(await soon.count()).toBe(2);
    expect(await soon.allInnerTexts()).toEqual([expect.stringContaining('Plinko'), expect.stringContaining('Roulette')]);
    await context.close();
  });

  it('should navigate through the sidebar on a desktop and keep it open', async () => {
    const { context, page } = await openPage(browser(), DESKTOP);
    await page.goto('/');
    const menu = page.getByRole('navigation', { name: 'Main menu' });
    await menu.getByRole('link', { name: 'Mines' }).click();
    await page.getByRole('heading', { name: 'Mines', level: 1 }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/mines');
    await menu.getByRole('link', { name: 'Staking' }).click();
    await page.getByRole('heading', { name: 'Staking', level: 1 }).waitFor();
    expect(await menu.isVisible()).toBe(true);
    await context.close();
  });

  it('should close the sidebar after navigating on a 375 px phone', async () => {
    const { context, page } = await openPage(browser(), PHONE);
    await page.goto('/');
    const menu = page.getByRole('navigation', { name: 'Main menu' });
    expect(await menu.isVisible()).toBe(false);
    await page.getByRole('button', { name: 'Open menu' }).click();
    await menu.getByRole('link', { name: 'Blackjack' }).click();
    await page.getByRole('heading', { name: 'Blackjack', level: 1 }).waitFor();
    await menu.waitFor({ state: 'hidden' });
    expect(new URL(page.url()).pathname).toBe('/blackjack');
    // The mobile bar links home and to the token page.
    await page.getByRole('navigation', { name: 'Quick links' }).getByRole('link', { name: 'Token' }).click();
    await page.getByRole('heading', { name: 'Token', level: 1 }).waitFor();
    await context.close();
  });

  it('should open the Auth modal on the right tab and close it with Escape and the backdrop', async () => {
    const { context, page } = await openPage(browser());
    await page.goto('/');
    await page.getByRole('button', { name: 'LOG IN' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    expect(await dialog.getByRole('tab', { name: 'Log in' }).getAttribute('aria-selected')).toBe('true');
    expect(await page.evaluate(() => document.body.classList.contains('modal-open'))).toBe(true);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(await page.evaluate(() => document.body.classList.contains('modal-open'))).toBe(false);

    await page.getByRole('button', { name: 'SIGN UP' }).click();
    await dialog.waitFor();
    expect(await dialog.getByRole('tab', { name: 'Sign up' }).getAttribute('aria-selected')).toBe('true');
    // A click on the backdrop, outside the dialog box.
    await page.mouse.click(8, 300);
    await dialog.waitFor({ state: 'detached' });
    expect(await page.evaluate(() => document.body.classList.contains('modal-open'))).toBe(false);
    await context.close();
  });

  it('should send a visitor from /account to the home page', async () => {
    const { context, page } = await openPage(browser());
    await page.goto('/account');
    await page.getByRole('link', { name: 'Play Dice' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
    await context.close();
  });

  it('should serve the app on a reload of /dice', async () => {
    const { context, page } = await openPage(browser());
    const response = await page.goto('/dice');
    expect(response?.status()).toBe(200);
    await page.getByRole('heading', { name: 'Dice', level: 1 }).waitFor();
    await page.reload();
    await page.getByRole('heading', { name: 'Dice', level: 1 }).waitFor();
    await context.close();
  });

  it('should scroll the main area back to the top after navigating', async () => {
    const { context, page } = await openPage(browser(), { width: 1366, height: 400 });
    await page.goto('/');
    // Scroll only once the cards have made the main area taller than the window.
    await page.getByRole('link', { name: 'Play Baccarat' }).waitFor();
    await page.waitForFunction(() => {
      const main = document.getElementById('main');
      if (!main) return false;
      main.scrollTo(0, 400);
      return main.scrollTop > 0;
    });
    await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Dice' }).click();
    await page.waitForFunction(() => document.getElementById('main')?.scrollTop === 0);
    await context.close();
  });
});
