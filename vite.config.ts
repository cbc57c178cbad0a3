import { defineConfig } from 'vitest/config';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import type { Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { routeChunkGroups } from './scripts/lib/routeChunks';

/** Text worth compressing: what a page downloads (source maps only open in devtools, so they stay plain). */
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt|webmanifest)$/;

/**
 * Writes a .br (maximum quality) and a .gz beside every built text asset above 1 KB, so the server
 * sends them as they are (@fastify/static preCompressed) instead of compressing on every request.
 */
function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'acc-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const files = (fs.readdirSync(outDir, { recursive: true }) as string[])
        .map((name) => path.join(outDir, name))
        // The manifest under .vite is for the build tooling, never served.
        .filter((file) => COMPRESSIBLE.test(file) && !file.includes(`${path.sep}.vite${path.sep}`) && fs.statSync(file).size >= 1024);
      const brotli = (input: Buffer) =>
        new Promise<Buffer>((resolve, reject) =>
          zlib.brotliCompress(
            input,
            { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: input.length } },
            (error, out) => (error ? reject(error) : resolve(out)),
          ),
        );
      const gzip = (input: Buffer) =>
        new Promise<Buffer>((resolve, reject) => zlib.gzip(input, { level: 9 }, (error, out) => (error ? reject(error) : resolve(out))));
      await Promise.all(
        files.map(async (file) => {
          const input = fs.readFileSync(file);
          const [br, gz] = await Promise.all([brotli(input), gzip(input)]);
          fs.writeFileSync(`${file}.br`, br);
          fs.writeFileSync(`${file}.gz`, gz);
        }),
      );
    },
  };
}

/**
 * The icons' and the game cards' drawings (src/app/components/ui/sprite.svg) at the start of the page's
 * body, as SVG symbols the components show with <use>: markup the HTML parser reads as the page arrives,
 * rather than script in the first page's JavaScript (docs/performance.md).
 */
function svgSprite(): Plugin {
  const file = path.resolve(import.meta.dirname, 'src/app/components/ui/sprite.svg');
  return {
    name: 'acc-svg-sprite',
    transformIndexHtml(html) {
      if (!html.includes('<body>')) throw new Error('index.html has no <body> for the SVG sprite');
      return html.replace('<body>', `<body>\n    ${fs.readFileSync(file, 'utf8').trim().replace(/\n\s*/g, '')}`);
    },
  };
}

/**
 * Two modules of TanStack Router swapped, in the build only, for what the app runs of them (0.6 and 1.6 KiB
 * of the first page, docs/performance.md): router-core's scroll restoration (off in the app's router) for
 * src/app/routerScroll.ts, which tests/unit/router-scroll.test.ts holds to the library's calls; and the
 * <Link> that react-router's route.js imports for `Route.Link`, which the app never uses (it renders
 * components/ui/Link.tsx), for src/app/routeLink.ts. The dev server and the tests load the library as it is.
 */
function routerSwaps(): Plugin {
  const swaps = [
    { importer: /[\\/]@tanstack[\\/]router-core[\\/]dist[\\/]esm[\\/][^\\/]+$/, source: './scroll-restoration.js', to: 'src/app/routerScroll.ts' },
    { importer: /[\\/]@tanstack[\\/]react-router[\\/]dist[\\/]esm[\\/]route\.js$/, source: './link.js', to: 'src/app/routeLink.ts' },
  ];
  return {
    name: 'acc-router-swaps',
    apply: 'build',
    enforce: 'pre',
    resolveId(source, importer) {
      const swap = importer ? swaps.find((candidate) => candidate.source === source && candidate.importer.test(importer)) : undefined;
      return swap ? path.resolve(import.meta.dirname, swap.to) : null;
    },
  };
}

const apiTarget = process.env.API_URL ?? 'http://localhost:8080';

export default defineConfig({
  plugins: [react(), svgSprite(), routerSwaps(), precompress()],
  resolve: {
    alias: [
      // @xstate/react and @tanstack/react-store import the shim of useSyncExternalStore, kept for React
      // before 18; React 19 has it built in, and the package's own entries use that one (less on the first page).
      { find: /^use-sync-external-store\/shim\/with-selector(?:\.js)?$/, replacement: 'use-sync-external-store/with-selector' },
      { find: /^use-sync-external-store\/shim(?:\/index\.js)?$/, replacement: 'use-sync-external-store' },
    ],
  },
  server: {
    proxy: {
      '/api': { target: apiTarget, ws: true, changeOrigin: true },
    },
  },
  build: {
    outDir: 'dist',
    sourcemap: true,
    // Read by the bundle budget test (tests/e2e/bundle-budget.test.ts) to size what each route loads.
    manifest: true,
    // Browsers preload modules themselves (modulepreload: Chromium 66, Firefox 115, Safari 17); one
    // without it only fetches a module when it is imported. Vite's polyfill was 0.2 KiB of the first page.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        // Everything the first page needs in one chunk (the entry): split across the chunks the lazy
        // routes share, it was four files and about 1.6 KiB more gzipped (one dictionary, no
        // cross-chunk import and export glue). A lazy chunk imports what it shares from the entry.
        codeSplitting: { groups: [{ name: 'index', tags: ['$initial'], priority: 10 }, ...routeChunkGroups()] },
      },
    },
  },
  test: {
    // vitest's default on 2 cores is a single worker. The node-side files wait on sockets, child
    // processes and argon2's thread pool often enough that two workers keep both cores busy.
    maxWorkers: Math.max(2, os.availableParallelism() - 1),
    // The node projects below run their files one after another in the same worker (isolate: false):
    // re-importing React, xstate, Fastify and the app for each file took about as much CPU as the tests
    // themselves. Nothing a file changes may outlive it: fake timers are restored after each test
    // (authServer), servers and data directories are closed in afterAll, and vitest keeps each
    // project's files in workers of their own, so the components' network guard never meets a server test.
    projects: [
      {
        extends: true,
        // Statistical simulations run for seconds on a loaded 2-core CI machine.
        test: { name: 'unit', include: ['tests/unit/**/*.test.ts'], environment: 'node', testTimeout: 30_000, isolate: false },
      },
      {
        extends: true,
        test: { name: 'machines', include: ['tests/machines/**/*.test.ts'], environment: 'node', isolate: false },
      },
      {
        extends: true,
        test: {
          name: 'components',
          include: ['tests/components/**/*.test.tsx'],
          environment: 'jsdom',
          setupFiles: ['tests/support/components-setup.ts'],
          // A render and a few user events take well under a second alone, but seconds on a loaded 2-core machine.
          testTimeout: 15_000,
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'server',
          include: ['tests/server/**/*.test.ts'],
          environment: 'node',
          testTimeout: 20_000,
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/e2e/global-setup.ts'],
          // The longest walks take 25–40 s alone; npm test runs them beside the node tests on the same two cores.
          testTimeout: 120_000,
          hookTimeout: 60_000,
          // Two files at once against the one server: each test signs up players of its own, and a
          // browser test spends most of its time waiting on the page (deal pacing, refresh timers),
          // so a second file fills that time. Its own group, so it may differ from the node projects' workers.
          maxWorkers: 2,
          // One more try for a browser test that fails: with two files at once on two cores a real browser
          // against the one server now and then misses a 10–20 s wait (bet-recall's Verify list once in a
          // clean run on 2026-11-27, green alone and in the runs around it; autobet's missing fourth bet of the
          // same day was the run's own losses leaving too little to bet, fixed in the test).
          // A test that fails twice fails; vitest's report marks one that passed on its second try.
          retry: 1,
          // expect.poll gives up after 1 s by default: a page that loads its route's chunk, restores the
          // session and reads the server took longer now and then on 2 cores (sessions.test.ts's list of
          // sessions, once in a clean run). A poll that must be quicker says so itself.
          expect: { poll: { timeout: 10_000 } },
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
