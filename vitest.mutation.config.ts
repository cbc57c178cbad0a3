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
const unit = {
  // Statistical simulations run for seconds on a loaded 2-core machine.
  test: { name: 'unit', include: ['tests/unit/**/*.test.ts'], environment: 'node', testTimeout: 30_000 },
};
const machines = {
  test: { name: 'machines', include: ['tests/machines/**/*.test.ts'], environment: 'node' },
};

export default defineConfig({
  test: { projects: process.env.MUTATION_TESTS === 'unit' ? [unit] : [unit, machines] },
});
