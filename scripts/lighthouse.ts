/**
 * `npm run lighthouse` (tsx scripts/lighthouse.ts): Lighthouse's mobile performance audit of /, /dice
 * and /staking against the real server on the built SPA, with a fresh data directory. It builds first
 * when there is no build; pass a base URL to audit a casino that is already running instead:
 *   npx tsx scripts/lighthouse.ts [http://localhost:8080]
 * Chromium: CHROME_PATH, else /usr/bin/chromium. Goal (issue 19): performance at least 95 on each.
 * LIGHTHOUSE_JSON=<dir> also writes each route's full report there (home.json, dice.json, staking.json):
 * the LCP element, the request chains and the main-thread work behind a figure.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { freePort, spawnServer, waitForHealth } from '../tests/support/serverProcess';

const ROUTES = ['/', '/dice', '/staking'];
const GOAL = 95;
const JSON_DIR = process.env.LIGHTHOUSE_JSON;

async function startServer(): Promise<{ url: string; stop: () => void }> {
  if (!fs.existsSync('dist/index.html')) {
    const build = spawnSync(path.resolve('node_modules/.bin/vite'), ['build', '--logLevel', 'warn'], { stdio: 'inherit' });
    if (build.status !== 0) throw new Error('the build failed');
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'casino-lighthouse-'));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const server = await spawnServer({ port, dataDir, env: { STATIC_DIR: 'dist', PUBLIC_URL: url, LOG_LEVEL: 'warn' } });
  if (!(await waitForHealth(url, 60_000, 250))) throw new Error(`the server at ${url} did not come up`);
  return {
    url,
    stop: () => {
      server.kill('SIGTERM');
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

const given = process.argv[2];
const server = given ? { url: given.replace(/\/$/, ''), stop: () => undefined } : await startServer();
const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
});
const rows: Array<{ route: string; performance: number; lcp: string; tbt: string; fcp: string; cls: string }> = [];
try {
  for (const route of ROUTES) {
    // Lighthouse's defaults are the mobile audit: a mid-range phone, a slow 4G link, simulated throttling.
    const result = await lighthouse(`${server.url}${route}`, { port: chrome.port, onlyCategories: ['performance'], logLevel: 'error', output: 'json' });
    if (!result) throw new Error(`no result for ${route}`);
    const { lhr } = result;
    if (JSON_DIR) {
      fs.mkdirSync(JSON_DIR, { recursive: true });
      fs.writeFileSync(path.join(JSON_DIR, `${route.slice(1) || 'home'}.json`), JSON.stringify(lhr, null, 1));
    }
    const audit = (id: string) => lhr.audits[id]?.displayValue ?? 'n/a';
    rows.push({
      route,
      performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
      lcp: audit('largest-contentful-paint'),
      tbt: audit('total-blocking-time'),
      fcp: audit('first-contentful-paint'),
      cls: audit('cumulative-layout-shift'),
    });
  }
} finally {
  chrome.kill();
  server.stop();
}

console.log(`\nLighthouse mobile performance, ${new Date().toISOString().slice(0, 10)}:`);
console.log('route      perf  LCP       TBT      FCP       CLS');
for (const row of rows) {
  console.log(`${row.route.padEnd(10)} ${String(row.performance).padStart(4)}  ${row.lcp.padEnd(9)} ${row.tbt.padEnd(8)} ${row.fcp.padEnd(9)} ${row.cls}`);
}
const below = rows.filter((row) => row.performance < GOAL);
if (below.length) {
  console.log(`\nbelow the goal of ${GOAL}: ${below.map((row) => row.route).join(', ')}`);
  process.exitCode = 1;
}
