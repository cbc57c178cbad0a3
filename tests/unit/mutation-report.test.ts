import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

/** scripts/mutation-report.ts run as `npm run test:mutation` runs it, on a report written here. */
const script = path.resolve('scripts/mutation-report.ts');
const tsx = path.resolve('node_modules/.bin/tsx');
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mutation-report-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const mutants = (counts: Record<string, number>) => Object.entries(counts).flatMap(([status, n]) => Array.from({ length: n }, () => ({ status })));

function run(report: unknown): { status: number | null; stdout: string; stderr: string } {
  const file = path.join(dir, `report-${Math.random().toString(36).slice(2)}.json`);
  fs.writeFileSync(file, JSON.stringify(report));
  return spawnSync(tsx, [script, file], { encoding: 'utf8' });
}

const rowOf = (stdout: string, folder: string) =>
  stdout
    .split('\n')
    .find((line) => line.trim().split(/\s{2,}/)[0] === folder)
    ?.trim()
    .split(/\s{2,}/);

describe('mutation report per folder', () => {
  const report = {
    schemaVersion: '2',
    files: {
      'machines/mines/machine.ts': { mutants: mutants({ Killed: 8, Survived: 1, NoCoverage: 1 }) },
      'machines/mines/selectors.ts': { mutants: mutants({ Killed: 5, Timeout: 1 }) },
      'machines/dice/machine.ts': { mutants: mutants({ Killed: 3, Survived: 1, CompileError: 2, Ignored: 4 }) },
      'machines/catalog.ts': { mutants: mutants({ Killed: 1 }) },
      'src/core/money.ts': { mutants: mutants({ Killed: 90, Survived: 10 }) },
      'src/core/games/dice.ts': { mutants: mutants({ Killed: 19, Survived: 1 }) },
      'src/core/games/mines.ts': { mutants: mutants({ Killed: 10 }) },
    },
  };
  const { status, stdout } = run(report);

  it('should exit 0 and count each folder, a timeout as detected and errors outside the score', () => {
    expect(status).toBe(0);
    // killed, survived, no coverage, timeout, errors, score
    expect(rowOf(stdout, 'machines/mines/')).toEqual(['machines/mines/', '13', '1', '1', '1', '0', '87.50 %']);
    expect(rowOf(stdout, 'machines/dice/')).toEqual(['machines/dice/', '3', '1', '0', '0', '2', '75.00 %']);
    expect(rowOf(stdout, 'machines/catalog.ts')).toEqual(['machines/catalog.ts', '1', '0', '0', '0', '0', '100.00 %']);
    expect(rowOf(stdout, 'machines/')).toEqual(['machines/', '17', '2', '1', '1', '2', '85.71 %']);
    expect(rowOf(stdout, 'src/core/games/')).toEqual(['src/core/games/', '29', '1', '0', '0', '0', '96.67 %']);
    expect(rowOf(stdout, 'src/core/money.ts')).toEqual(['src/core/money.ts', '90', '10', '0', '0', '0', '90.00 %']);
    expect(rowOf(stdout, 'src/core/')).toEqual(['src/core/', '119', '11', '0', '0', '0', '91.54 %']);
  });

  it('should weigh each total against its goal and name the HTML report', () => {
    expect(stdout).toContain('machines/: 85.71 % of mutants killed, goal 85 %: reached');
    expect(stdout).toContain('src/core/: 91.54 % of mutants killed, goal 90 %: reached');
    expect(stdout).toMatch(/HTML report: .*mutation\.html/);
  });

  it('should still exit 0 when a goal is missed, and say a folder it has no mutants of is not measured', () => {
    const low = run({ files: { 'src/core/money.ts': { mutants: mutants({ Killed: 1, Survived: 1 }) } } });
    expect(low.status).toBe(0);
    expect(low.stdout).toContain('src/core/: 50.00 % of mutants killed, goal 90 %: not reached');
    expect(low.stdout).toContain('machines/: not measured in this report (goal 85 %)');
  });

  it('should exit 1 with a message when there is no report', () => {
    const missing = spawnSync(tsx, [script, path.join(dir, 'nowhere.json')], { encoding: 'utf8' });
    expect(missing.status).toBe(1);
    expect(missing.stderr).toContain('No readable mutation report');
    const notAReport = run({ hello: 'world' });
    expect(notAReport.status).toBe(1);
    expect(notAReport.stderr).toContain('is not a Stryker JSON report');
  });
});
