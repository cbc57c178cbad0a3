/**
 * The server as production runs it: src/server/main.ts bundled by esbuild into one ES module,
 * dist-server/main.mjs (with its source map), run by plain `node` (`npm start`, `npm run serve`).
 * The packages stay outside the bundle (node_modules, with better-sqlite3's native module).
 *
 * Why not tsx at run time, as in development: tsx compiles with esbuild's `keepNames`, which wraps
 * every function and class the code creates while it runs in a call that sets its `name`. The bet
 * path creates some at every bet, and on 2026-11-27 the same server bundled without them placed 7%
 * more dice bets a second (docs/performance.md, "The server runs compiled").
 *
 * `bundle` serves the benchmarks too (bench/run.ts), so what they measure is the code production runs.
 * Each output file is written beside its place and renamed into it, so a server started while
 * another process builds never reads half a file. `node scripts/build-server.mjs` builds.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const SERVER_DIR = path.join(root, 'dist-server');
export const SERVER_ENTRY = path.join(SERVER_DIR, 'main.mjs');

/**
 * Files the server reads beside its own module (`new URL('./file', import.meta.url)`): the bundle's
 * module is dist-server/main.mjs, so they are copied there.
 */
const BESIDE = ['src/server/auth/common-passwords.txt'];

/** Bundles `entry` (a path from the repository's root) into `outfile`; resolves when both are written. */
export async function bundle(entry, outfile) {
  const result = await build({
    entryPoints: [path.resolve(root, entry)],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    sourcemap: 'linked',
    write: false,
    logLevel: 'warning',
  });
  for (const file of result.outputFiles) writeWhole(file.path, file.contents);
}

/** The server's bundle and the files it reads beside it. */
export async function buildServer() {
  await bundle('src/server/main.ts', SERVER_ENTRY);
  for (const file of BESIDE) writeWhole(path.join(SERVER_DIR, path.basename(file)), fs.readFileSync(path.join(root, file)));
}

function writeWhole(file, contents) {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(temporary, contents);
  fs.renameSync(temporary, file);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await buildServer();
}
