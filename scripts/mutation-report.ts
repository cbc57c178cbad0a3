/**
 * Prints the mutation score per folder from Stryker's JSON report (reports/mutation/mutation.json, or the
 * path given as the first argument): machines/, each machines/<name>/, src/core/ and each
 * src/core/<name>/, then the two totals against the goals of issue 16. The score is a figure to read,
 * not a gate, so the exit code is 0 whatever it is; only a missing or unreadable report exits 1.
 */
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

export const DEFAULT_REPORT = 'reports/mutation/mutation.json';

/** The part of mutation-testing-report-schema this script reads. */
export interface MutationReport {
  files: Record<string, { mutants: Array<{ status: string }> }>;
}

export interface Tally {
  killed: number;
  survived: number;
  noCoverage: number;
  timeout: number;
  /** Mutants that did not compile or crashed the runner: Stryker leaves them out of the score. */
  errors: number;
  ignored: number;
}

export const GOALS = [
  { folder: 'machines/', goal: 85 },
  { folder: 'src/core/', goal: 90 },
] as const;

const emptyTally = (): Tally => ({ killed: 0, survived: 0, noCoverage: 0, timeout: 0, errors: 0, ignored: 0 });

function count(tally: Tally, status: string): void {
  switch (status) {
    case 'Killed':
      tally.killed++;
      break;
    case 'Survived':
      tally.survived++;
      break;
    case 'NoCoverage':
      tally.noCoverage++;
      break;
    case 'Timeout':
      tally.timeout++;
      break;
    case 'CompileError':
    case 'RuntimeError':
      tally.errors++;
      break;
    default:
      // Ignored and Pending mutants were never tested.
      tally.ignored++;
  }
}

/**
 * Stryker's own definition: a timeout counts as detected (the mutant made the code loop), and errors
 * and ignored mutants count neither way. Null when no mutant could be tested.
 */
export function score(tally: Tally): number | null {
  const detected = tally.killed + tally.timeout;
  const valid = detected + tally.survived + tally.noCoverage;
  return valid === 0 ? null : (100 * detected) / valid;
}

/** The folders a file counts towards: its root (machines/ or src/core/) and the folder one level below. */
export function foldersOf(file: string): string[] {
  const normal = file.split(path.sep).join('/');
  for (const { folder: root } of GOALS) {
    if (!normal.startsWith(root)) continue;
    const rest = normal.slice(root.length);
    const slash = rest.indexOf('/');
    // A file directly in the root (machines/catalog.ts, src/core/money.ts) is its own row.
    return [root, slash < 0 ? root + rest : root + rest.slice(0, slash + 1)];
  }
  return [];
}

export function tallies(report: MutationReport): Map<string, Tally> {
  const byFolder = new Map<string, Tally>();
  for (const [file, { mutants }] of Object.entries(report.files)) {
    for (const folder of foldersOf(file)) {
      const tally = byFolder.get(folder) ?? emptyTally();
      for (const mutant of mutants) count(tally, mutant.status);
      byFolder.set(folder, tally);
    }
  }
  return byFolder;
}

const percent = (value: number | null): string => (value === null ? 'n/a' : `${value.toFixed(2)} %`);

/** The printed report: one row per folder, then one line per goal. */
export function formatReport(report: MutationReport, htmlPath: string): string {
  const byFolder = tallies(report);
  const header = ['folder', 'killed', 'survived', 'no coverage', 'timeout', 'errors', 'score'];
  const rows: string[][] = [];
  for (const { folder: root } of GOALS) {
    const total = byFolder.get(root);
    if (!total) continue;
    const row = (name: string, tally: Tally) => [
      name,
      String(tally.killed),
      String(tally.survived),
      String(tally.noCoverage),
      String(tally.timeout),
      String(tally.errors),
      percent(score(tally)),
    ];
    rows.push(row(root, total));
    const inner = [...byFolder.keys()].filter((folder) => folder !== root && folder.startsWith(root)).sort();
    for (const folder of inner) rows.push(row(`  ${folder}`, byFolder.get(folder)!));
  }
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column]!.length)));
  const line = (cells: string[]) =>
    cells.map((cell, column) => (column === 0 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!))).join('  ');
  const lines = [line(header), ...rows.map(line), ''];
  for (const { folder, goal } of GOALS) {
    const tally = byFolder.get(folder);
    const value = tally ? score(tally) : null;
    if (value === null) lines.push(`${folder}: not measured in this report (goal ${goal} %)`);
    else lines.push(`${folder}: ${percent(value)} of mutants killed, goal ${goal} %: ${value >= goal ? 'reached' : 'not reached'}`);
  }
  lines.push('', `HTML report: ${htmlPath}`);
  return lines.join('\n');
}

function main(): number {
  const jsonPath = path.resolve(process.argv[2] ?? DEFAULT_REPORT);
  let report: MutationReport;
  try {
    report = JSON.parse(fs.readFileSync(jsonPath, 'utf8')) as MutationReport;
  } catch (error) {
    console.error(`No readable mutation report at ${jsonPath} (${(error as Error).message}); run \`npx stryker run\` first.`);
    return 1;
  }
  if (typeof report !== 'object' || report === null || typeof report.files !== 'object' || report.files === null) {
    console.error(`${jsonPath} is not a Stryker JSON report (it has no "files").`);
    return 1;
  }
  const htmlPath = path.join(path.dirname(jsonPath), 'mutation.html');
  console.log(formatReport(report, path.relative(process.cwd(), htmlPath) || htmlPath));
  return 0;
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  process.exitCode = main();
}
