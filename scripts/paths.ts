/**
 * `npm run paths -- <machine> [--format md|json]`: prints the model-based paths generated for one
 * machine of machines/catalog.ts, as readable steps (the event sent, the state reached, the oracles
 * asserted there), from the same path spec its tests run (tests/machines/*.paths.ts), so a tester
 * can review them or feed them to another runner. `npm run paths -- --list` lists the machines.
 */
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { AnyMachineSnapshot } from 'xstate';
import { machineCatalog } from '../machines/catalog';
import { activeStateIds, formatCoverage, generatePaths } from '../tests/support/pathTesting';
import type { AnyEvent, PathSpec } from '../tests/support/pathTesting';

const SPEC_DIR = path.resolve('tests/machines');

function usage(message?: string): never {
  if (message) console.error(message);
  console.error('usage: npm run paths -- <machine> [--format md|json]   (npm run paths -- --list for the machines)');
  process.exit(2);
}

const isSpec = (value: unknown): value is PathSpec =>
  !!value && typeof value === 'object' && 'machine' in value && 'variants' in value && 'states' in value && 'name' in value;

async function loadSpecs(): Promise<Map<string, PathSpec>> {
  const specs = new Map<string, PathSpec>();
  for (const file of fs.readdirSync(SPEC_DIR).filter((name) => name.endsWith('.paths.ts')).sort()) {
    const module = (await import(pathToFileURL(path.join(SPEC_DIR, file)).href)) as Record<string, unknown>;
    for (const value of Object.values(module)) if (isSpec(value)) specs.set(value.name, value);
  }
  return specs;
}

const plain = (value: unknown): unknown =>
  JSON.parse(JSON.stringify(value ?? null, (_key, v: unknown) => (v instanceof Error ? { error: v.message } : typeof v === 'bigint' ? `${v}n` : v)));

const eventText = (event: AnyEvent): string => {
  const { type, ...rest } = event;
  return Object.keys(rest).length ? `${type} ${JSON.stringify(plain(rest))}` : type;
};

const stateText = (snapshot: AnyMachineSnapshot): string => JSON.stringify(snapshot.value);

async function main() {
  const args = process.argv.slice(2);
  const formatAt = args.indexOf('--format');
  const format = formatAt >= 0 ? args[formatAt + 1] : 'md';
  if (format !== 'md' && format !== 'json') usage(`unknown format "${format}"`);
  const names = args.filter((arg, i) => !arg.startsWith('--') && (formatAt < 0 || i !== formatAt + 1));
  const specs = await loadSpecs();
  if (args.includes('--list')) {
    for (const name of Object.keys(machineCatalog).sort()) console.log(`${name}${specs.has(name) ? '' : '   (no path spec yet)'}`);
    return;
  }
  const name = names[0];
  if (!name) usage();
  const spec = specs.get(name);
  if (!spec) usage(`no path spec for "${name}"; machines with one: ${[...specs.keys()].sort().join(', ')}`);

  const { paths, coverage } = generatePaths(spec);
  const assertedIn = (snapshot: AnyMachineSnapshot) => activeStateIds(snapshot).filter((id) => spec.states[id]);
  const described = paths.map((generated) => ({
    variant: generated.variant.name,
    input: plain(generated.variant.input),
    description: generated.description,
    steps: generated.path.steps.map((step) => ({
      event: step.event.type === 'xstate.init' ? null : plain(step.event),
      state: plain(step.state.value),
      asserts: assertedIn(step.state),
    })),
  }));

  if (format === 'json') {
    const oracles = Object.fromEntries(Object.entries(spec.states).map(([id, oracle]) => [id, oracle.asserts]));
    const summary = {
      paths: coverage.paths,
      variants: coverage.variants,
      states: { total: coverage.states.total, reached: coverage.states.reached.length, missing: coverage.states.missing },
      transitions: { total: coverage.transitions.total, taken: coverage.transitions.taken.length, missing: coverage.transitions.missing },
      resting: coverage.resting,
      oracles: coverage.oracles,
      unasserted: coverage.unasserted,
      transient: coverage.transient,
    };
    console.log(JSON.stringify({ machine: spec.name, coverage: summary, oracles, paths: described }, null, 2));
    return;
  }
  const out: string[] = [];
  out.push(`# ${spec.name}: generated paths`, '', formatCoverage(coverage), '');
  out.push('## What each state asserts', '');
  for (const [id, oracle] of Object.entries(spec.states)) out.push(`- \`${id}\`: ${oracle.asserts}`);
  if (coverage.transient.length) out.push('', `Transient states (left at once, nothing settles there to assert): ${coverage.transient.map((id) => `\`${id}\``).join(', ')}`);
  paths.forEach((generated, i) => {
    out.push('', `## Path ${i + 1} (${generated.variant.name})`, '', `Input: \`${JSON.stringify(plain(generated.variant.input))}\``, '');
    generated.path.steps.forEach((step, n) => {
      const sent = step.event.type === 'xstate.init' ? 'start' : `send \`${eventText(step.event as AnyEvent)}\``;
      out.push(`${n + 1}. ${sent} → \`${stateText(step.state)}\``, `   asserts ${assertedIn(step.state).map((id) => `\`${id}\``).join(', ') || 'nothing'}`);
    });
  });
  console.log(out.join('\n'));
}

// Piped into `head` or a pager that quits early: stop quietly.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code === 'EPIPE') process.exit(0);
  throw error;
});
await main();
