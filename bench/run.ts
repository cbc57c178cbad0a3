/**
 * `npm run bench`: runs every benchmark in turn, each in its own process so one's memory and
 * timers cannot colour another's figures. Pass names to run a subset: npm run bench -- hub
 * (`support/httpProfile` runs the dice bench's HTTP phase under the profiler's hand, see its header).
 *
 * Each benchmark runs as production runs the server: bundled by esbuild (scripts/build-server.mjs's
 * `bundle`, into .tmp/bench) and started with plain node, not through tsx, whose compiled functions
 * cost the bet path about 7% (docs/performance.md, "The server runs compiled"). BENCH_NODE_FLAGS
 * passes flags to node: BENCH_NODE_FLAGS='--cpu-prof --cpu-prof-dir=/tmp/prof' npm run bench -- support/httpProfile
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { bundle } from '../scripts/build-server.mjs';

const dir = path.dirname(new URL(import.meta.url).pathname);
const all = fs
  .readdirSync(dir)
  .filter((f) => f.endsWith('.ts') && f !== 'run.ts')
  .map((f) => f.replace(/\.ts$/, ''))
  .sort();
const extra = ['support/httpProfile'];
const wanted = process.argv.slice(2);
const chosen = wanted.length ? [...all, ...extra].filter((name) => wanted.includes(name)) : all;
if (wanted.length && chosen.length !== wanted.length) {
  console.error(`unknown benchmark; choose from: ${all.join(', ')} (or ${extra.join(', ')})`);
  process.exit(2);
}

const out = path.resolve('.tmp/bench');
let failed = 0;
for (const name of chosen) {
  console.log(`\n=== ${name} ===`);
  const script = path.join(out, `${name}.mjs`);
  await bundle(path.join('bench', `${name}.ts`), script);
  // Benchmarks that fork their clients (dice, hub) fork this same bundle; httpProfile forks dice's.
  const env = { ...process.env };
  if (name === 'support/httpProfile') {
    env.CLIENTS_SCRIPT ??= path.join(out, 'dice.mjs');
    await bundle('bench/dice.ts', env.CLIENTS_SCRIPT);
  }
  const flags = (process.env.BENCH_NODE_FLAGS ?? '').split(' ').filter(Boolean);
  const run = spawnSync(process.execPath, [...flags, script], { stdio: 'inherit', env });
  if (run.status !== 0) failed += 1;
}
process.exit(failed ? 1 : 0);
