#!/usr/bin/env node
/**
 * `npm test`: every check in one command, in the order that fails fastest —
 * types, lint, import rules, then unit, machine, component and server tests, then a production
 * build and the end-to-end tests in headless Chromium against the real server.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const bin = (name) => path.resolve('node_modules/.bin', name);
const reports = path.resolve('.tmp/test-reports');
fs.rmSync(reports, { recursive: true, force: true });
fs.mkdirSync(reports, { recursive: true });

const vitest = (name, projects) => [
  bin('vitest'),
  ['run', ...projects.flatMap((p) => ['--project', p]), '--passWithNoTests', '--reporter=default', '--reporter=json', `--outputFile.json=${path.join(reports, `${name}.json`)}`],
];

const steps = [
  ['type check', bin('tsc'), ['--noEmit', '-p', 'tsconfig.json']],
  ['lint', bin('eslint'), ['--max-warnings', '0', '.']],
  ['import rules', bin('tsx'), ['scripts/check-imports.ts']],
  ['unit, machine, component and server tests', ...vitest('main', ['unit', 'machines', 'components', 'server'])],
  ['production build', bin('vite'), ['build', '--logLevel', 'warn']],
  ['end-to-end tests in Chromium', ...vitest('e2e', ['e2e'])],
];

const results = [];
for (const [label, command, args] of steps) {
  console.log(`\n▶ ${label}`);
  const started = Date.now();
  const run = spawnSync(command, args, { stdio: 'inherit', env: process.env });
  const ok = run.status === 0;
  results.push({ label, ok, seconds: ((Date.now() - started) / 1000).toFixed(1) });
  if (!ok) break;
}

let passed = 0;
let failed = 0;
let skipped = 0;
for (const file of fs.readdirSync(reports)) {
  const report = JSON.parse(fs.readFileSync(path.join(reports, file), 'utf8'));
  passed += report.numPassedTests ?? 0;
  failed += report.numFailedTests ?? 0;
  skipped += (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
}

console.log('\nSummary');
for (const { label, ok, seconds } of results) console.log(`  ${ok ? '✔' : '✘'} ${label} (${seconds} s)`);
for (const [label] of steps.slice(results.length)) console.log(`  – ${label} (not run)`);
const allOk = results.length === steps.length && results.every((r) => r.ok);
if (skipped) console.log(`  ${skipped} test(s) skipped`);
console.log(`tests: ${passed} passed, ${failed} failed`);
process.exit(allOk ? 0 : 1);
