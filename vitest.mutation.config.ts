import { defineConfig } from 'vitest/config';
import { LoadFailuresAsTests } from './tests/support/loadFailuresAsTests';

/**
 * The tests Stryker runs against each mutant: only the fast, pure projects. Components (jsdom), server
 * (real HTTP and SQLite) and e2e (Chromium) take seconds per file and would multiply by thousands of
 * mutants. The settings mirror the two projects of vite.config.ts, without its React and build plugins.
 *
 * MUTATION_TESTS=unit keeps only tests/unit: src/core is meant to be pinned down by its own unit tests,
 * and the machines project makes each run of a core mutant slow. Leaving the machines out can only
 * lose kills, so that score is a lower bound of the full one. MUTATION_TESTS=machines keeps only
 * tests/machines, for measuring machines/ by the path specs and the machines' own tests.
 * MUTATION_TEST_FILES=a.test.ts,b.test.ts narrows the kept projects to those files (one machine's
 * folder measured by its own test file, without the tests of every other machine that imports it).
 */
// Tells the statistical simulations to step aside: see tests/unit/mines.test.ts.
const env = { MUTATION_RUN: '1' };
const only = process.env.MUTATION_TEST_FILES?.split(',').map((file) => file.trim()).filter(Boolean);
const narrowed = (include: string[]) => (only ? only.filter((file) => include.some((glob) => file.startsWith(glob.split('**')[0]!))) : include);
const unit = {
  test: {
    name: 'unit',
    include: narrowed(['tests/unit/**/*.test.ts']),
    // These check scripts in a child process; no mutated module is loaded into the test runner.
    exclude: ['tests/unit/import-rules.test.ts', 'tests/unit/mutation-report.test.ts'],
    environment: 'node' as const,
    env,
    // Instrumented code runs several times slower than the plain run's 30 s allowance assumes.
    testTimeout: 120_000,
  },
};
const machines = {
  test: { name: 'machines', include: narrowed(['tests/machines/**/*.test.ts']), environment: 'node' as const, env, testTimeout: 60_000 },
};
const projects = { unit: [unit], machines: [machines] }[process.env.MUTATION_TESTS ?? ''] ?? [unit, machines];

export default defineConfig({
  test: {
    // A test file that fails to load (a mutant breaks an import or the path generation) has no test
    // that fails; this reporter gives it one, so Stryker counts the mutant as killed.
    reporters: ['default', new LoadFailuresAsTests()],
    projects: projects.filter((project) => project.test.include.length > 0),
  },
});
