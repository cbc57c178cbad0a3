import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { machineCatalog } from '../../machines/catalog';
import { machineDoc } from '../../scripts/lib/mermaid';

describe('generated statechart docs', () => {
  it.each(Object.entries(machineCatalog))('docs/statecharts/%s.md matches the machine (run npm run docs:statecharts)', (name, machine) => {
    const file = path.resolve('docs/statecharts', `${name}.md`);
    expect(fs.existsSync(file), `${file} is missing`).toBe(true);
    expect(fs.readFileSync(file, 'utf8')).toBe(machineDoc(name, machine));
  });

  it('has no diagram for a machine that no longer exists', () => {
    const docs = fs.readdirSync(path.resolve('docs/statecharts')).filter((f) => f.endsWith('.md') && f !== 'README.md');
    expect(docs.sort()).toEqual(Object.keys(machineCatalog).map((n) => `${n}.md`).sort());
  });

  it('describes every state a designer would ask about', () => {
    const undocumented: string[] = [];
    for (const machine of Object.values(machineCatalog)) {
      const walk = (node: { id: string; description?: string; states: Record<string, unknown>; type: string }, isRoot: boolean) => {
        const children = Object.values(node.states) as Array<typeof node>;
        // Regions of a parallel state are described by their own children.
        const isRegion = !isRoot && children.length > 0;
        if (!isRoot && !isRegion && !node.description) undocumented.push(node.id);
        children.forEach((child) => walk(child, false));
      };
      walk(machine.root as never, true);
    }
    expect(undocumented).toEqual([]);
  });
});
