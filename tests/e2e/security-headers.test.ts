import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { hasChromium, launchBrowser, openPage } from '../support/browser';

// Every route of SPEC §2; the two link pages with the query strings their mails carry.
const ROUTES = [
  '/',
  '/dice',
  '/mines',
  '/blackjack',
  '/baccarat',
  '/token',
  '/mining',
  '/earn',
  '/staking',
  '/account',
  '/reset-password?email=nobody%40example.com&token=abc',
  '/confirm-email?userId=1&token=abc',
];

describe.skipIf(!hasChromium())('the SPA under its Content-Security-Policy', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('should load every route with the policy on and no violation, the live feed connected over ws:', async () => {
    const { context, page } = await openPage(browser);
    // Runs before any page script (and outside the page's CSP), so it hears every violation.
    await context.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { cspViolations: string[] }).cspViolations = seen;
      document.addEventListener('securitypolicyviolation', (event) => seen.push(`${event.violatedDirective} ${event.blockedURI}`));
    });
    const consoleErrors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') consoleErrors.push(message.text());
    });
    page.on('pageerror', (error) => consoleErrors.push(error.message));
    const sockets: string[] = [];
    page.on('websocket', (socket) => sockets.push(socket.url()));

    for (const route of ROUTES) {
      const response = await page.goto(route, { waitUntil: 'networkidle' });
      expect(response?.status(), route).toBe(200);
      expect(response?.headers()['content-security-policy'], route).toContain("script-src 'self'");
      // The app has rendered: its main menu is there on every route.
      await page.getByRole('navigation', { name: 'Main menu' }).waitFor({ state: 'attached' });
      const violations = await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations);
      expect(violations, route).toEqual([]);
    }
    expect(consoleErrors.filter((text) => /Content Security Policy|Refused to/i.test(text))).toEqual([]);
    expect(sockets.some((url) => /^ws:\/\/127\.0\.0\.1:\d+\/api\/socket/.test(url))).toBe(true);
    await context.close();
  });
});
