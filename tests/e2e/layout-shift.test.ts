import { describe, expect, it } from 'vitest';
import { DESKTOP, PHONE, hasChromium, openPage, useBrowser } from '../support/browser';

/**
 * A page whose screen comes a moment after the first paint (what it waits for still on the way, as on a
 * slow phone connection) must not move what was already painted: the footer stays out until the screen
 * is there (src/app/components/shell/Shell.module.css). The exchange rates are held back on purpose here
 * so the shell is painted first; the layout shifts Chromium reports must add up to nothing (Lighthouse
 * counted 0.1 to 0.19 on /staking before).
 */
describe.skipIf(!hasChromium())('no layout shift while a route loads, in Chromium', () => {
  const browser = useBrowser();

  for (const [label, viewport] of [
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ] as const) {
    it(`should paint /staking with no layout shift when its screen arrives late (${label})`, async () => {
      const { context, page } = await openPage(browser(), viewport);
      try {
        await page.addInitScript(() => {
          const shifts: number[] = [];
          (window as unknown as { shifts: number[] }).shifts = shifts;
          new PerformanceObserver((list) => {
            for (const entry of list.getEntries() as unknown as Array<{ value: number; hadRecentInput: boolean }>) if (!entry.hadRecentInput) shifts.push(entry.value);
          }).observe({ type: 'layout-shift', buffered: true });
        });
        // The exchange rates the screen waits for come 800 ms late: the shell (header, sidebar, footer)
        // paints first, with the screen's place still empty.
        await page.route(/\/api\/payments\/get-exchange-rates/, async (route) => {
          await new Promise((resolve) => setTimeout(resolve, 800));
          await route.continue();
        });
        await page.goto('/staking', { waitUntil: 'load' });
        await page.getByRole('region', { name: 'Staking' }).first().waitFor();
        await page.locator('footer').first().waitFor();
        await page.waitForTimeout(500);
        const shifts = await page.evaluate(() => (window as unknown as { shifts: number[] }).shifts);
        expect(shifts.reduce((sum, value) => sum + value, 0), `layout shifts: ${shifts.join(', ')}`).toBeLessThan(0.01);
      } finally {
        await context.close();
      }
    });
  }
});
