import { chromium } from 'playwright-core';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { inject } from 'vitest';
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

export async function openPage(
  browser: Browser,
  viewport: { width: number; height: number } = DESKTOP,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport, baseURL: baseUrl(), reducedMotion: 'reduce' });
  const page = await context.newPage();
  page.setDefaultTimeout(10_000);
  return { context, page };
}
