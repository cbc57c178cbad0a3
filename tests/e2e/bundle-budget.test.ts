import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { bundleCosts, kb } from '../../scripts/lib/bundle';

/**
 * Issue 19's budgets, gzipped, in bytes: a first visit of /, and what a game route adds on top of it. The
 * goal for / is 120 KB (120,000 bytes); the figures below until 120,000 bytes are KiB (1,024 bytes). React and React DOM alone weigh 67.5 KB, and with the router, XState and the shell's
 * app-wide machines the first page was at 135.9 KB (docs/performance.md), then 124.8 KB on 2026-11-26
 * (fetch for ofetch, one entry chunk, the modal host, the signed-in menus, the welcome panel, the live
 * feed's machines and the screens' hooks and parsing out of it), and 121.9 KB on 2026-11-27 (the wallet's
 * machine after the first paint, the modal preload polyfill, and what only the modals, the account
 * pages and the games use out of first-page modules). This holds that line until the rest is won (the
 * auth machine's log-in and sign-up flows beside its session restore are next); lower it, never raise it
 * to make room for code. Raised once, by half a KiB the same day, for what new routes cost the entry and
 * no code can avoid: Vite's preload list of each lazy route's chunk files (/transactions, /bet/$betId:
 * 122.1 KB with both). Lowered to 122 KB on the morning of 2026-11-27: every lazy route now loads through
 * one chunk (src/app/routes/pageModules.ts), so the entry holds no route's file list (121.8 KB with
 * issues 20 and 23 merged). Lowered to 120 KB, the goal, the same day: the first page's machines keep
 * their states' descriptions beside them (machines/shared/descriptions.ts), and the designers' inspector
 * loads through one small chunk that also asks the server, so the entry lists none of its files, and its
 * replay no longer needs xstate's SimulatedClock (119.7 KiB, 122,651 bytes: the goal met only if a KB is
 * 1,024 bytes). Held at 120,000 bytes since the afternoon of 2026-11-27, the goal's 120 KB read as decimal
 * kilobytes so that it is met however a KB is counted: the API client's code loads with its first call, the
 * icons and the game cards' art are SVG symbols in the page's HTML, the app renders its own links, and the
 * build drops the router's scroll restoration and Route.Link, which the app does not use (118,594 bytes).
 * A game route's 30 KB are 30,000 bytes likewise.
 */
const INITIAL_BUDGET = 120_000;
const GAME_ROUTE_BUDGET = 30_000;
const GAME_ROUTES = {
  '/dice': 'src/app/routes/games/DicePage.tsx',
  '/mines': 'src/app/routes/games/MinesPage.tsx',
  '/blackjack': 'src/app/routes/games/BlackjackPage.tsx',
  '/baccarat': 'src/app/routes/games/BaccaratPage.tsx',
} as const;

describe('the JavaScript budget of the built SPA', () => {
  const built = fs.existsSync('dist/.vite/manifest.json');

  it.runIf(built)('should load / within its gzipped JavaScript budget, no game machine nor modal library in it', () => {
    const { initial, initialSources } = bundleCosts('dist');
    expect(initial.gzipBytes, `initial JavaScript ${kb(initial.gzipBytes)}: ${initial.files.join(', ')}`).toBeLessThanOrEqual(INITIAL_BUDGET);
    // What only a route or a modal needs must not ride along with the first page.
    const eager = initialSources.join('\n');
    // The wallet, the live link and the feed start after the first paint, with chunks of their own.
    const afterFirstPaint = ['machines/wallet/', 'machines/live/', 'machines/betsFeed/', '@microsoft/signalr'];
    for (const lazyOnly of ['machines/dice/', 'machines/mines/', 'machines/blackjack/', 'machines/baccarat/', 'machines/seed/', 'machines/cashier/', 'qrcode', 'mermaid', ...afterFirstPaint]) {
      expect(eager, lazyOnly).not.toContain(lazyOnly);
    }
  });

  it.runIf(built)('should add at most 30 KB of gzipped JavaScript for each game route', () => {
    const { lazy } = bundleCosts('dist', Object.values(GAME_ROUTES));
    for (const [route, source] of Object.entries(GAME_ROUTES)) {
      const added = lazy[source]!;
      expect(added.gzipBytes, `${route} adds ${kb(added.gzipBytes)}: ${added.files.join(', ')}`).toBeLessThanOrEqual(GAME_ROUTE_BUDGET);
    }
  });

  it('should have a build to measure', () => {
    expect(built, 'run `npx vite build` first (npm test does)').toBe(true);
  });
});
