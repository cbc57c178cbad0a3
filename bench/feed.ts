// Live bets table under load. Run: npx tsx bench/feed.ts (or npm run bench -- feed)
//
// The real server on the built SPA runs in this process, so the bench broadcasts straight through
// its hub (app.hub.broadcast, what a settled bet does) at 1,000 bets/s. Debian's Chromium shows
// /dice with its live bets table; in the page, a PerformanceObserver records every long task
// (over 50 ms by definition) and a requestAnimationFrame loop counts frames.
// Goal (issue 19): no long task over 50 ms and at least 55 frames per second.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { chromiumArgs, chromiumExecutable } from '../tests/support/chromium';

const RATE_PER_SECOND = 1_000;
const SECONDS = 10;
const TICK_MS = 10;
const GAMES = ['Dice', 'Mines', 'Blackjack', 'Baccarat'];

if (!fs.existsSync('dist/index.html')) {
  console.error('no build: run `npx vite build` first');
  process.exit(2);
}
const executablePath = chromiumExecutable();
if (!executablePath) {
  console.error('no Chromium at /usr/bin/chromium (apt-get install -y chromium)');
  process.exit(2);
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'casino-bench-feed-'));
const config = loadConfig({ PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, STATIC_DIR: 'dist', LOG_LEVEL: 'silent' });
const app = await buildApp({ config, logger: false });
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
if (!address || typeof address === 'string') throw new Error('no TCP address');
const url = `http://127.0.0.1:${address.port}`;

const browser = await chromium.launch({ executablePath, args: chromiumArgs });
let failed = false;
try {
  const page = await browser.newPage({ viewport: { width: 1366, height: 860 } });
  await page.goto(`${url}/dice`, { waitUntil: 'networkidle' });
  await page.getByRole('region', { name: 'Bets' }).waitFor();
  // Let the hub connect and the first paint settle before measuring.
  await page.waitForTimeout(1_000);
  // As source text: tsx would wrap a named inner function in a helper the page does not have.
  await page.evaluate(`(() => {
    const probe = { longTasks: [], frames: 0, running: true };
    window.feedProbe = probe;
    new PerformanceObserver((list) => list.getEntries().forEach((entry) => probe.longTasks.push(entry.duration))).observe({ type: 'longtask' });
    const frame = () => {
      if (!probe.running) return;
      probe.frames += 1;
      requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
  })()`);

  const started = performance.now();
  let sent = 0;
  let lastPlayer = '';
  await new Promise<void>((resolve) => {
    const timer = setInterval(() => {
      const elapsed = performance.now() - started;
      // Catch up on the clock rather than on ticks, so a late timer does not lower the rate.
      const due = Math.min(RATE_PER_SECOND * SECONDS, Math.floor((elapsed / 1000) * RATE_PER_SECOND));
      for (; sent < due; sent += 1) {
        lastPlayer = `bench${sent}`;
        app.hub.broadcast('bet', {
          id: String(1_000_000 + sent),
          gameName: GAMES[sent % GAMES.length],
          playerName: lastPlayer,
          wager: 0.001 + (sent % 7) * 0.0001,
          currency: 'BTC',
          multiplier: sent % 3 === 0 ? 0 : 1.98,
          payout: sent % 3 === 0 ? 0 : 0.00198,
          animationOver: true,
        });
      }
      if (sent >= RATE_PER_SECOND * SECONDS) {
        clearInterval(timer);
        resolve();
      }
    }, TICK_MS);
  });
  const seconds = (performance.now() - started) / 1000;
  const probe = await page.evaluate(() => {
    const p = (window as unknown as { feedProbe: { longTasks: number[]; frames: number; running: boolean } }).feedProbe;
    p.running = false;
    return { longTasks: p.longTasks, frames: p.frames };
  });
  // The table caught up: the last bet broadcast is on show.
  const shown = await page
    .getByRole('region', { name: 'Bets' })
    .getByText(lastPlayer, { exact: true })
    .waitFor({ timeout: 5_000 })
    .then(() => true, () => false);

  const fps = probe.frames / seconds;
  const longest = probe.longTasks.length ? Math.max(...probe.longTasks) : 0;
  console.log(`broadcast ${sent} bets in ${seconds.toFixed(1)} s (${Math.round(sent / seconds)} bets/s) to /dice at 1366 px`);
  console.log(`frames: ${probe.frames} (${fps.toFixed(1)} fps; goal at least 55)`);
  console.log(`long tasks: ${probe.longTasks.length}, longest ${longest.toFixed(0)} ms (goal: none over 50 ms)`);
  console.log(`the last bet is in the table: ${shown ? 'yes' : 'NO'}`);
  console.log(`goal ${fps >= 55 && probe.longTasks.length === 0 ? 'met' : 'missed'} (${os.cpus().length} cores, load ${os.loadavg()[0]!.toFixed(1)})`);
  failed = !shown;
} finally {
  await browser.close();
  await app.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
