import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DESKTOP, PHONE, hasChromium, openPage, useBrowser } from '../support/browser';

/**
 * A page opened on a lazy route comes with that route's chunks preloaded (src/server/plugins/spaPages.ts):
 * the browser must use every one of them, fetched once, with nothing said on the console, and the
 * route must look as it did. Screenshots go to .tmp/screens/ to be looked at.
 */

const SCREENS = path.resolve('.tmp/screens');

const ROUTES = [
  { route: '/dice', region: 'Dice' },
  { route: '/staking', region: 'Staking' },
] as const;

describe.skipIf(!hasChromium())('the preloaded chunks of a lazy route in Chromium', () => {
  const browser = useBrowser();

  for (const [label, viewport] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const) {
    for (const target of ROUTES) {
      it(`should open ${target.route} with its preloads all used, once, and no console error or warning (${label})`, async () => {
        const { context, page } = await openPage(browser(), viewport);
        try {
          const said: string[] = [];
          page.on('console', (message) => {
            if (message.type() === 'error' || message.type() === 'warning') said.push(`${message.type()}: ${message.text()}`);
          });
          page.on('pageerror', (error) => said.push(`pageerror: ${error.message}`));
          await page.goto(target.route, { waitUntil: 'load' });
          await page.getByRole('region', { name: target.region }).first().waitFor();

          const preloads = await page.evaluate(() =>
            [...document.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"], link[rel="preload"]')].map((link) => link.href),
          );
          // The entry's own runtime preload and at least the route's chunk and one stylesheet.
          expect(preloads.length, preloads.join('\n')).toBeGreaterThan(3);
          expect(preloads.some((href) => href.endsWith('.css'))).toBe(true);
          // Chromium says "preloaded ... but not used within a few seconds from the window's load event" after 3 s.
          await page.waitForTimeout(3_500);
          const fetched = await page.evaluate(() => performance.getEntriesByType('resource').map((entry) => entry.name));
          for (const href of preloads) {
            // A preload that does not match what the page then asks for (its crossorigin mode) is fetched twice.
            expect(fetched.filter((name) => name === href), href).toHaveLength(1);
          }
          // Every preloaded stylesheet applies: the route's import added the same href as a stylesheet.
          const sheets = await page.evaluate(() => [...document.styleSheets].map((sheet) => sheet.href).filter(Boolean));
          for (const href of preloads.filter((name) => name.endsWith('.css'))) expect(sheets, href).toContain(href);
          expect(said, said.join('\n')).toEqual([]);

          fs.mkdirSync(SCREENS, { recursive: true });
          await page.screenshot({ path: path.join(SCREENS, `preloaded${target.route.replace(/\//g, '-')}-${label}.png`) });
        } finally {
          await context.close();
        }
      });
    }
  }
});
