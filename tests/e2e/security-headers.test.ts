import { describe, expect, it } from 'vitest';
import { baseUrl, hasChromium, useBrowser, openPage } from '../support/browser';

// Every route of docs/product.md §2; the two link pages with the query strings their mails carry.
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
  const browser = useBrowser();

  it('should load every route with the policy on and no violation, the live feed connected over ws:', async () => {
    const { context, page } = await openPage(browser());
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

  it("should show a signed-in player's account page with the two-factor QR code and no violation", async () => {
    const name = `csp_${Date.now() % 1_000_000}`;
    const registered = await fetch(`${baseUrl()}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ userName: name, email: `${name}@example.com`, password: 'Violet-Harbor-5521' }),
    });
    expect(registered.status).toBe(200);
    const session = (await registered.json()) as { user: unknown; jwt: string; refreshToken: string; sessionId: string };
    const { context, page } = await openPage(browser());
    // The stored session the SPA reads at start (docs/product.md §3 keys), and the violation listener.
    await context.addInitScript((stored) => {
      localStorage.setItem('authToken', stored.jwt);
      localStorage.setItem('refreshToken', stored.refreshToken);
      localStorage.setItem('sessionId', stored.sessionId);
      localStorage.setItem('user', JSON.stringify(stored.user));
      const seen: string[] = [];
      (window as unknown as { cspViolations: string[] }).cspViolations = seen;
      document.addEventListener('securitypolicyviolation', (event) => seen.push(`${event.violatedDirective} ${event.blockedURI}`));
    }, session);
    await page.goto('/account');
    await page.getByRole('img', { name: 'QR code of your two-factor key' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/account');
    expect(await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations)).toEqual([]);
    await context.close();
  });
});
