import type { RunnerTestCase, RunnerTestFile } from 'vitest';
import type { Reporter, Vitest } from 'vitest/node';

/**
 * A vitest reporter for the mutation run only (vitest.mutation.config.ts). Stryker's vitest runner
 * counts a mutant as killed when a test fails, reading the tests vitest collected. A test file that
 * fails before any test runs (an import that throws, or a `describe` whose body throws) has no test to
 * fail, so the runner saw nothing red and reported the mutant as survived.
 *
 * That is most of what a mutant does to a statechart: `createMachine` refuses a target made `""` when
 * the module loads, and a guard table made `{}` throws while `pathSuite` generates the paths. Applied by
 * hand, each turns the file red ("failed to load", no tests); under Stryker each "survived".
 *
 * This reporter gives each such file one failed test carrying the file's own error, so a mutant that
 * breaks loading counts as killed. A file that loads and whose tests pass gets nothing added.
 */
export class LoadFailuresAsTests implements Reporter {
  private vitest: Vitest | undefined;

  onInit(vitest: Vitest): void {
    this.vitest = vitest;
  }

  onTestRunEnd(): void {
    for (const file of this.vitest?.state.getFiles() ?? []) {
      const errors = file.result?.errors ?? [];
      if (file.result?.state !== 'fail' || errors.length === 0) continue;
      if (file.tasks.some((task) => task.name === LOAD_TEST_NAME)) continue;
      file.tasks.push(loadFailure(file, errors));
    }
  }
}

export const LOAD_TEST_NAME = 'the test file loads and collects its tests';

function loadFailure(file: RunnerTestFile, errors: NonNullable<RunnerTestFile['result']>['errors']): RunnerTestCase {
  return {
    type: 'test',
    id: `${file.id}_load`,
    name: LOAD_TEST_NAME,
    fullName: `${file.name} ${LOAD_TEST_NAME}`,
    fullTestName: LOAD_TEST_NAME,
    mode: 'run',
    file,
    suite: undefined,
    result: { state: 'fail', errors, duration: 0 },
    context: {} as RunnerTestCase['context'],
    meta: {},
    timeout: 0,
    annotations: [],
    artifacts: [],
  } as RunnerTestCase;
}
