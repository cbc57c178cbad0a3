import { chromium } from 'playwright-core';
import type { Browser, BrowserContext, Page, WebSocketRoute } from 'playwright-core';
import { afterAll, beforeAll, inject } from 'vitest';
import { chromiumArgs } from './chromium';

export const PHONE = { width: 375, height: 780 } as const;
export const DESKTOP = { width: 1366, height: 860 } as const;

export const hasChromium = () => inject('chromium') !== null;
export const baseUrl = () => inject('baseUrl');

export async function launchBrowser(): Promise<Browser> {
  const executablePath = inject('chromium');
  if (!executablePath) throw new Error('no Chromium');
  return chromium.launch({ executablePath, args: chromiumArgs });
}

/** One Chromium for the describe block that calls this: launched before its tests, closed after them. */
export function useBrowser(): () => Browser {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });
  return () => {
    if (!browser) throw new Error('the browser is launched in beforeAll: use it inside a test');
    return browser;
  };
}

export async function openPage(
  browser: Browser,
  viewport: { width: number; height: number } = DESKTOP,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport, baseURL: baseUrl(), reducedMotion: 'reduce' });
  const page = await context.newPage();
  page.setDefaultTimeout(10_000);
  return { context, page };
}

/** A phone-sized page on `path`, once the region named `region` shows. */
export async function openOnPhone(browser: Browser, path: string, region: string): Promise<{ context: BrowserContext; page: Page }> {
  const opened = await openPage(browser, PHONE);
  await opened.page.goto(path);
  await opened.page.getByRole('region', { name: region }).waitFor();
  return opened;
}

/** How wide the document is: more than the viewport means the page scrolls sideways. */
export const documentWidth = (page: Page): Promise<number> => page.evaluate(() => document.documentElement.scrollWidth);

/** What `pick` takes from each request the page makes from now on (nothing when it answers undefined). */
export function recordRequests<T>(page: Page, pick: (url: URL) => T | undefined): T[] {
  const picked: T[] = [];
  page.on('request', (request) => {
    const value = pick(new URL(request.url()));
    if (value !== undefined) picked.push(value);
  });
  return picked;
}

/**
 * The page's live link through a route the test controls: `cut()` closes the hub's WebSocket the
 * page holds now and refuses new ones (the live machine's retries fail) until `restore()`, after which
 * its next retry (at 0, 2, 10, 30 s) gets through. Call before the page opens its link.
 */
export async function cuttableLiveLink(page: Page) {
  let open = true;
  const sockets: WebSocketRoute[] = [];
  await page.routeWebSocket(/\/socket/, (ws) => {
    if (!open) {
      void ws.close({ code: 1011, reason: 'test: link down' });
      return;
    }
    ws.connectToServer();
    sockets.push(ws);
  });
  return {
    async cut() {
      open = false;
      await sockets.at(-1)?.close({ code: 1011, reason: 'test: link down' });
    },
    restore() {
      open = true;
    },
  };
}
