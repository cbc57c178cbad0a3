/**
 * `npm run bench`: runs every benchmark in turn, each in its own process so one's memory and
 * timers cannot colour another's figures. Pass names to run a subset: npm run bench -- hub
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const dir = path.dirname(new URL(import.meta.url).pathname);
const all = fs
  .readdirSync(dir)
  .filter((f) => f.endsWith('.ts') && f !== 'run.ts')
  .map((f) => f.replace(/\.ts$/, ''))
  .sort();
const wanted = process.argv.slice(2);
const chosen = wanted.length ? all.filter((name) => wanted.includes(name)) : all;
if (wanted.length && chosen.length !== wanted.length) {
  console.error(`unknown benchmark; choose from: ${all.join(', ')}`);
  process.exit(2);
}

let failed = 0;
for (const name of chosen) {
  console.log(`\n=== ${name} ===`);
  const run = spawnSync(process.execPath, ['--import', 'tsx', path.join(dir, `${name}.ts`)], { stdio: 'inherit' });
  if (run.status !== 0) failed += 1;
}
process.exit(failed ? 1 : 0);
