// @ts-check
/**
 * Mutation testing of the domain (src/core) and the statecharts (machines/): `npm run test:mutation`,
 * or one folder with `npx stryker run --mutate 'machines/mines/**\/*.ts'`. docs/testing.md
 * (## Mutation testing) says why each exclusion below is there.
 * @type {import('@stryker-mutator/api/core').PartialStrykerOptions}
 */
const config = {
  mutate: [
    'machines/**/*.ts',
    'src/core/**/*.ts',
    // Declarative TypeBox schemas: the server contract tests check them, and Stryker does not run those.
    '!src/core/contracts/**',
    // Type-only modules: no runtime code to mutate.
    '!machines/*/wire.ts',
    '!machines/*/events.ts',
  ],
  testRunner: 'vitest',
  vitest: { configFile: 'vitest.mutation.config.ts' },
  // Each mutant runs only the tests that reached it in the dry run.
  coverageAnalysis: 'perTest',
  // The first run without mutants measures coverage per test over tens of thousands of path replays:
  // minutes on a shared machine, past Stryker's 5-minute default.
  dryRunTimeoutMinutes: 30,
  // 1 while several people share this 2-core machine; 2 is right on an idle 2-core machine.
  concurrency: 1,
  // A rerun only tests mutants whose code or covering tests changed since the last run.
  incremental: true,
  incrementalFile: 'reports/stryker-incremental.json',
  reporters: ['html', 'json', 'clear-text', 'progress'],
  htmlReporter: { fileName: 'reports/mutation/mutation.html' },
  jsonReporter: { fileName: 'reports/mutation/mutation.json' },
  // The sandbox copy needs the sources and tests, not build output, databases or earlier reports.
  // Also the sandboxes of other Stryker runs (a run with its own tempDirName) that may be under way.
  ignorePatterns: ['dist', 'data', '.tmp', 'test-results', 'reports', '*.log', '.stryker-tmp*'],
  tempDirName: '.stryker-tmp',
  cleanTempDir: true,
};

export default config;
