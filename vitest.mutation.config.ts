import { defineConfig } from 'vitest/config';

/**
 * The tests Stryker runs against each mutant: only the fast, pure projects. Components (jsdom), server
 * (real HTTP and SQLite) and e2e (Chromium) take seconds per file and would multiply by thousands of
 * mutants. The settings mirror the two projects of vite.config.ts, without its React and build plugins.
 *
 * MUTATION_TESTS=unit keeps only tests/unit: src/core is meant to be pinned down by its own unit tests,
 * and the machines project (tens of thousands of path replays) makes each run of a core mutant slow.
 * Leaving the machines out can only lose kills, so that score is a lower bound of the full one.
 */
// Tells the statistical simulations to step aside: see tests/unit/mines.test.ts.
const env = { MUTATION_RUN: '1' };
const unit = {
  test: {
    name: 'unit',
    include: ['tests/unit/**/*.test.ts'],
    // These check scripts in a child process; no mutated module is loaded into the test runner.
    exclude: ['tests/unit/import-rules.test.ts', 'tests/unit/mutation-report.test.ts'],
    environment: 'node' as const,
    env,
    // Instrumented code runs several times slower than the plain run's 30 s allowance assumes.
    testTimeout: 120_000,
  },
};
const machines = {
  test: { name: 'machines', include: ['tests/machines/**/*.test.ts'], environment: 'node' as const, env, testTimeout: 60_000 },
};

export default defineConfig({
  test: { projects: process.env.MUTATION_TESTS === 'unit' ? [unit] : [unit, machines] },
});
