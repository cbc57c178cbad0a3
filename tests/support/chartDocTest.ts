import fs from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import type { AnyStateMachine } from 'xstate';
import { machineDoc } from '../../src/app/inspector/diagram';

/**
 * One machine's generated doc (docs/statecharts/<name>.md: each state, what it means, its tags and
 * invoked actors, the transitions and their guards in words) must be what the chart says.
 * tests/machines/statecharts.test.ts checks every machine this way; a machine's own test file repeats
 * it for its own chart, so that the mutation run, which runs that file alone, sees a changed
 * description or tag (what a designer reads) as a failure.
 */
export function chartDocTest(name: string, machine: AnyStateMachine): void {
  it(`should match docs/statecharts/${name}.md, the chart as a designer reads it`, () => {
    expect(fs.readFileSync(path.resolve('docs/statecharts', `${name}.md`), 'utf8')).toBe(machineDoc(name, machine));
  });
}
