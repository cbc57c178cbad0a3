/**
 * Screenshots of the running casino at desktop and phone width, for looking at what we build.
 * Usage: npx tsx scripts/screenshots.ts [baseUrl] [path ...]   (files go to .tmp/screens/)
 */
import fs from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { chromiumExecutable, chromiumArgs } from '../tests/support/chromium';

const [base = 'http://localhost:8080', ...paths] = process.argv.slice(2);
const targets = paths.length ? paths : ['/', '/dice', '/account', '/nowhere'];
const outDir = path.resolve('.tmp/screens');
fs.mkdirSync(outDir, { recursive: true });

const executablePath = chromiumExecutable();
if (!executablePath) throw new Error('no Chromium found; apt-get install -y chromium');
const browser = await chromium.launch({ executablePath, args: chromiumArgs });
for (const [label, viewport] of [
  ['desktop', { width: 1366, height: 860 }],
  ['phone', { width: 375, height: 780 }],
] as const) {
  const page = await browser.newPage({ viewport, deviceScaleFactor: 1 });
  for (const target of targets) {
    await page.goto(new URL(target, base).toString(), { waitUntil: 'networkidle' });
    const file = path.join(outDir, `${label}${target.replace(/[^a-z0-9]+/gi, '_') || '_home'}.png`);
    await page.screenshot({ path: file, fullPage: false });
    console.log(file);
  }
  await page.close();
}
await browser.close();
