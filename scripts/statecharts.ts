/**
 * `npm run docs:statecharts`: writes docs/statecharts/<machine>.md for every machine of the catalog
 * and draws each of its diagrams to docs/statecharts/<key>.svg in headless Chromium.
 * `... export <machine>` prints the machine's JSON definition (for the Stately visualizer or xstate).
 */
import fs from 'node:fs';
import path from 'node:path';
import { machineCatalog } from '../machines/catalog';
import { machineDiagrams, machineDoc, machineJson } from '../src/app/inspector/diagram';
import { hashInSvg, renderMermaid, sourceHash } from './lib/renderMermaid';

const [command, arg] = process.argv.slice(2);

if (command === 'export') {
  const machine = arg ? machineCatalog[arg] : undefined;
  if (!machine) {
    console.error(`usage: statecharts export <machine>\nmachines: ${Object.keys(machineCatalog).join(', ')}`);
    process.exit(1);
  }
  process.stdout.write(`${machineJson(machine)}\n`);
  process.exit(0);
}
if (command) {
  console.error(`unknown command "${command}"; usage: statecharts [export <machine>]`);
  process.exit(1);
}

const outDir = path.resolve('docs/statecharts');
fs.mkdirSync(outDir, { recursive: true });
const written = new Set<string>();
const diagrams: Array<{ key: string; source: string }> = [];
for (const [name, machine] of Object.entries(machineCatalog)) {
  const file = path.join(outDir, `${name}.md`);
  fs.writeFileSync(file, machineDoc(name, machine));
  written.add(`${name}.md`);
  console.log(`wrote ${path.relative(process.cwd(), file)}`);
  diagrams.push(...machineDiagrams(name, machine).map(({ key, source }) => ({ key, source })));
}

// Only diagrams whose source changed are drawn again: rendering is the slow part.
const stale = diagrams.filter(({ key, source }) => {
  written.add(`${key}.svg`);
  const file = path.join(outDir, `${key}.svg`);
  return !fs.existsSync(file) || hashInSvg(fs.readFileSync(file, 'utf8')) !== sourceHash(source) || process.env.REDRAW === '1';
});
let failed: string[] = [];
if (stale.length) {
  const { rendered, errors } = await renderMermaid(stale);
  for (const { key, svg, width, height } of rendered) {
    fs.writeFileSync(path.join(outDir, `${key}.svg`), `${svg}\n`);
    console.log(`drew docs/statecharts/${key}.svg (${width} × ${height} px)`);
  }
  failed = errors;
}

for (const file of fs.readdirSync(outDir)) {
  if (/\.(md|svg)$/.test(file) && file !== 'README.md' && !written.has(file)) {
    fs.rmSync(path.join(outDir, file));
    console.log(`removed stale ${file}`);
  }
}

if (failed.length) {
  console.error(`Mermaid could not render ${failed.length} diagram(s):\n  ${failed.join('\n  ')}`);
  process.exit(1);
}
