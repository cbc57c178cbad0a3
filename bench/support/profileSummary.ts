// Summarises a .cpuprofile (node --cpu-prof): self time by function and by file or package.
// Run: npx tsx bench/support/profileSummary.ts FILE.cpuprofile [rows] [batches.json]
// With the group commits' intervals that httpProfile.ts writes (BATCHES_FILE), the samples taken
// inside a batch are counted apart, and the tables show only what ran outside the bets' transactions.
import fs from 'node:fs';

interface Node {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
const file = process.argv[2]!;
const rows = Number(process.argv[3] ?? 30);
const profile = JSON.parse(fs.readFileSync(file, 'utf8')) as { nodes: Node[]; startTime: number; samples: number[]; timeDeltas: number[] };
const window = process.argv[4] ? (JSON.parse(fs.readFileSync(process.argv[4], 'utf8')) as { phase: [number, number]; batches: Array<[number, number]>; answers?: number }) : null;
const batches = window?.batches ?? [];
const [from, to] = window?.phase ?? [0, Infinity];
const parent = new Map<number, number>();
for (const n of profile.nodes) for (const child of n.children ?? []) parent.set(child, n.id);
// CALLERS=name: where the self time of functions of that name comes from (their callers, three deep).
const callersOf = process.env.CALLERS;
const callers = new Map<string, number>();
let inBatches = 0;
let batch = 0;
let at = profile.startTime;
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const self = new Map<number, number>();
const where = (url: string): string => {
  if (!url) return '(native)';
  const modules = url.lastIndexOf('node_modules/');
  if (modules >= 0) {
    const rest = url.slice(modules + 13).split('/');
    return rest[0]!.startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0]!;
  }
  if (url.startsWith('node:')) return url;
  const src = url.indexOf('/src/');
  return src >= 0 ? url.slice(src + 1) : url.slice(url.lastIndexOf('/', url.lastIndexOf('/') - 1) + 1);
};
profile.samples.forEach((id, i) => {
  const us = profile.timeDeltas[i] ?? 0;
  at += us;
  if (at < from || at > to) return;
  while (batch < batches.length && batches[batch]![1] < at) batch += 1;
  if (batch < batches.length && batches[batch]![0] <= at) {
    inBatches += us;
    return;
  }
  self.set(id, (self.get(id) ?? 0) + us);
  if (callersOf && byId.get(id)!.callFrame.functionName === callersOf) {
    const chain: string[] = [];
    for (let p = parent.get(id); p !== undefined && chain.length < 3; p = parent.get(p)) {
      const f = byId.get(p)!.callFrame;
      chain.push(`${f.functionName || '(anonymous)'} ${where(f.url)}`);
    }
    const key = chain.join(' < ');
    callers.set(key, (callers.get(key) ?? 0) + us);
  }
});
const total = [...self.values()].reduce((a, b) => a + b, 0);
const functions = new Map<string, number>();
const files = new Map<string, number>();
for (const [id, us] of self) {
  const { functionName, url, lineNumber } = byId.get(id)!.callFrame;
  const key = `${functionName || '(anonymous)'} ${where(url)}${url ? `:${lineNumber + 1}` : ''}`;
  functions.set(key, (functions.get(key) ?? 0) + us);
  const place = functionName === '(idle)' ? '(idle)' : where(url);
  files.set(place, (files.get(place) ?? 0) + us);
}
const show = (title: string, map: Map<string, number>) => {
  console.log(`\n${title}`);
  for (const [key, us] of [...map].filter(([key]) => !key.startsWith('(idle)')).sort((a, b) => b[1] - a[1]).slice(0, rows)) {
    console.log(`${((100 * us) / busy).toFixed(1).padStart(6)}%  ${(us / 1000).toFixed(0).padStart(7)} ms  ${key}`);
  }
};
// Shares of the time the process was busy (not idle, waiting for I/O).
let idle = 0;
for (const [id, us] of self) if (byId.get(id)!.callFrame.functionName === '(idle)') idle += us;
const busy = total - idle;
const answers = window?.answers;
const perAnswer = answers ? `, ${(busy / answers).toFixed(0)} µs busy an answer (${answers.toFixed(0)} answers)` : '';
console.log(`${file}: ${(total / 1e6).toFixed(1)} s sampled${window ? ' in the phase' : ''}${batches.length ? ` outside the group commits (${(inBatches / 1e6).toFixed(1)} s inside them left out)` : ''}; busy ${(busy / 1e6).toFixed(2)} s${perAnswer}; shares below are of the busy time`);
show('self time by file or package', files);
show('self time by function', functions);
if (callersOf) show(`callers of ${callersOf}`, callers);
