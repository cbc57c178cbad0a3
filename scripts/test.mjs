#!/usr/bin/env node
/**
 * `npm test`: every check in one command: type check, lint, import rules and a production build,
 * then unit, machine, component and server tests in one vitest run (two workers), then the
 * end-to-end tests in headless Chromium against the real server (two files at a time).
 * The steps run in stages, one stage after another; inside a stage, lanes run side by side and each
 * lane runs its steps in order (see `stages`).
 * Each step's output is held back and printed whole when the step ends, so lanes do not interleave.
 * A failed step does not stop the others (their results are worth having); a step whose
 * prerequisite failed is not run. The exit code is 0 only when every step passed.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { postgresBin, startPostgres } from './postgres.mjs';

const bin = (name) => path.resolve('node_modules/.bin', name);
const reports = path.resolve('.tmp/test-reports');
fs.rmSync(reports, { recursive: true, force: true });
fs.mkdirSync(reports, { recursive: true });

/**
 * Each test gets one more try when it fails (`--retry=1`): on a 2-core CI machine a real server or
 * browser now and then misses a wait that is met in every run around it. A test that fails twice fails;
 * one that passed on its second try is named in the summary with its first failure, so a flaky test
 * stays in sight instead of turning a whole run red.
 */
const vitest = (name, projects) => [
  bin('vitest'),
  [
    'run',
    ...projects.flatMap((p) => ['--project', p]),
    '--passWithNoTests',
    '--retry=1',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${path.join(reports, `${name}.json`)}`,
  ],
];

/**
 * [label, command, args, options?]. Stages run one after another; the lanes of a stage run side by
 * side. The first stage runs no test: the type check in one lane, lint, the import rules and the
 * build in the other, one process per core, and nothing there waits on a timer. The tests get the
 * machine to themselves: vitest already keeps both cores of a 2-core machine busy (two workers, two
 * browser files at a time), and running the checks or the browser tests beside it oversubscribed the
 * cores enough to time out tests that wait on real servers and browsers.
 * `needs` names a step whose failure means this one is not run.
 */
const stages = [
  [
    [['type check', bin('tsc'), ['--noEmit', '-p', 'tsconfig.json']]],
    [
      ['lint', bin('eslint'), ['--max-warnings', '0', '.']],
      ['import rules', bin('tsx'), ['scripts/check-imports.ts']],
      ['production build', bin('vite'), ['build', '--logLevel', 'warn']],
      // npm run build's second half: the server's bundle, as npm start runs it (the tests that start the
      // server as a process build it again, from the source they test: tests/support/serverProcess.ts).
      ['server build', process.execPath, ['scripts/build-server.mjs']],
    ],
  ],
  [[['unit, machine, component and server tests', ...vitest('main', ['unit', 'machines', 'components', 'server'])]]],
  // The server tests again, on PostgreSQL (a throwaway cluster, scripts/postgres.mjs).
  [[['server tests on PostgreSQL', ...vitest('postgres', ['server']), { postgres: true }]]],
  // Needs the build: not run when the build failed.
  [[['end-to-end tests in Chromium', ...vitest('e2e', ['e2e']), { needs: 'production build' }]]],
];
const steps = stages.flat(2);

// The children write to a pipe, not a terminal: keep their colours when ours is a terminal.
const env = process.stdout.isTTY && !process.env.NO_COLOR ? { ...process.env, FORCE_COLOR: '1' } : process.env;
const began = Date.now();
const seconds = (from) => ((Date.now() - from) / 1000).toFixed(1);
const results = new Map();

/**
 * The PostgreSQL half needs Debian's postgresql. Missing on a developer's machine it is skipped with
 * a message; missing in CI (CI set) it fails the run.
 */
async function postgresEnv() {
  if (!postgresBin()) {
    const message = 'PostgreSQL is not installed (apt-get install -y postgresql): the server tests did not run on PostgreSQL';
    return process.env.CI ? { error: message } : { skip: message };
  }
  try {
    const cluster = await startPostgres();
    clusters.push(cluster);
    return { env: { ...env, TEST_DATABASE_URL: cluster.url } };
  } catch (error) {
    return { error: `could not start a PostgreSQL cluster: ${error.message}` };
  }
}
const clusters = [];
process.on('exit', () => clusters.forEach((cluster) => cluster.stop()));

async function run([label, command, args, options]) {
  let childEnv = env;
  if (options?.postgres) {
    const pg = await postgresEnv();
    if (pg.skip) {
      console.log(`\n──── ${label}\n– skipped: ${pg.skip}`);
      results.set(label, { ok: true, seconds: '0.0', skipped: pg.skip });
      return true;
    }
    if (pg.error) {
      console.log(`\n──── ${label}\n✘ ${pg.error}`);
      results.set(label, { ok: false, seconds: '0.0' });
      return false;
    }
    childEnv = pg.env;
  }
  console.log(`▶ ${label} (started at ${seconds(began)} s)`);
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, { env: childEnv, stdio: ['ignore', 'pipe', 'pipe'] });
    const output = [];
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    const finish = (ok, extra = '') => {
      const result = { ok, seconds: seconds(started) };
      results.set(label, result);
      const text = Buffer.concat(output).toString('utf8') + extra;
      console.log(`\n──── ${label} ${'─'.repeat(Math.max(0, 60 - label.length))}`);
      if (text.trim()) process.stdout.write(text.endsWith('\n') ? text : `${text}\n`);
      console.log(`${ok ? '✔' : '✘'} ${label} (${result.seconds} s)`);
      resolve(ok);
    };
    child.on('error', (error) => finish(false, `\n${error.message}\n`));
    child.on('close', (code, signal) => {
      if (options?.postgres) clusters.splice(0).forEach((cluster) => cluster.stop());
      finish(code === 0, signal ? `\nstopped by ${signal}\n` : '');
    });
  });
}

for (const lanes of stages) {
  await Promise.all(
    lanes.map(async (lane) => {
      for (const step of lane) {
        const needs = step[3]?.needs;
        if (needs && !results.get(needs)?.ok) continue;
        await run(step);
      }
    }),
  );
}

/**
 * Generated path tests live in a describe block whose name starts with `paths:`; they are counted
 * apart from the tests people wrote, so a thousand generated paths cannot hide a handful of real tests.
 */
const written = { passed: 0, failed: 0, skipped: 0 };
const generated = { passed: 0, failed: 0, skipped: 0 };
const brokenFiles = [];
/** Each failed test, and each that passed only on its second try, named again at the very end: a CI log is often read from its tail only. */
const failures = [];
const retried = [];
const firstLine = (message) => (String(message ?? '').split('\n').find((line) => line.trim()) ?? '').trim().slice(0, 300);
for (const file of fs.readdirSync(reports).filter((name) => name.endsWith('.json'))) {
  const report = JSON.parse(fs.readFileSync(path.join(reports, file), 'utf8'));
  for (const testFile of report.testResults ?? []) {
    const tests = testFile.assertionResults ?? [];
    // A file that failed before any test ran (an import error, a failing beforeAll) has no test to count.
    if (testFile.status === 'failed' && !tests.some((t) => t.status === 'failed')) brokenFiles.push(`${path.relative(process.cwd(), testFile.name)}: failed before its tests ran ${firstLine(testFile.message)}`.trim());
    for (const test of tests) {
      const tally = (test.ancestorTitles ?? []).some((title) => title.startsWith('paths:')) ? generated : written;
      const name = `${path.relative(process.cwd(), testFile.name)} › ${test.fullName ?? test.title}`;
      if (test.status === 'passed') {
        tally.passed += 1;
        // Vitest keeps the messages of a failed try on a test that then passed.
        if (test.failureMessages?.length) retried.push(`${name}: ${firstLine(test.failureMessages[0])}`);
      } else if (test.status === 'failed') {
        tally.failed += 1;
        failures.push(`${name}: ${firstLine(test.failureMessages?.[0])}`);
      } else tally.skipped += 1;
    }
  }
}

const count = (n) => n.toLocaleString('en-US');
console.log('\nSummary');
for (const [label] of steps) {
  const result = results.get(label);
  if (result?.skipped) console.log(`  – ${label}: ${result.skipped}`);
  else console.log(result ? `  ${result.ok ? '✔' : '✘'} ${label} (${result.seconds} s)` : `  – ${label} (not run)`);
}
console.log(`  total ${seconds(began)} s`);
const skipped = written.skipped + generated.skipped;
if (skipped) console.log(`  ${count(skipped)} test(s) skipped`);
for (const file of brokenFiles) console.log(`  ✘ ${file}`);
for (const test of retried) console.log(`  ↻ passed on its second try: ${test}`);
for (const failure of failures) console.log(`  ✘ ${failure}`);
console.log(
  `tests: ${count(written.passed)} written passed, ${count(written.failed)} failed · generated paths: ${count(generated.passed)} passed, ${count(generated.failed)} failed`,
);
const allOk = steps.every(([label]) => results.get(label)?.ok) && brokenFiles.length === 0;
process.exit(allOk ? 0 : 1);
