/** Writes docs/statecharts/<machine>.md for every machine of the catalog. */
import fs from 'node:fs';
import path from 'node:path';
import { machineCatalog } from '../machines/catalog';
import { machineDoc } from './lib/mermaid';

const outDir = path.resolve('docs/statecharts');
fs.mkdirSync(outDir, { recursive: true });
const written = new Set<string>();
for (const [name, machine] of Object.entries(machineCatalog)) {
  const file = path.join(outDir, `${name}.md`);
  fs.writeFileSync(file, machineDoc(name, machine));
  written.add(`${name}.md`);
  console.log(`wrote ${path.relative(process.cwd(), file)}`);
}
for (const file of fs.readdirSync(outDir)) {
  if (file.endsWith('.md') && file !== 'README.md' && !written.has(file)) {
    fs.rmSync(path.join(outDir, file));
    console.log(`removed stale ${file}`);
  }
}
