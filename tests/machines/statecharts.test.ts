import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { machineCatalog } from '../../machines/catalog';
import { withDescriptions } from '../../machines/shared/descriptions';
import { shellMachine } from '../../machines/shell/machine';
import { machineDiagrams, machineDoc, machineJson } from '../../src/app/inspector/diagram';
import { hashInSvg, sourceHash } from '../../scripts/lib/renderMermaid';

const dir = path.resolve('docs/statecharts');
const allDiagrams = Object.entries(machineCatalog).flatMap(([name, machine]) => machineDiagrams(name, machine));

describe('generated statechart docs', () => {
  it.each(Object.entries(machineCatalog))('docs/statecharts/%s.md matches the machine (run npm run docs:statecharts)', (name, machine) => {
    const file = path.join(dir, `${name}.md`);
    expect(fs.existsSync(file), `${file} is missing`).toBe(true);
    expect(fs.readFileSync(file, 'utf8')).toBe(machineDoc(name, machine));
  });

  it.each(allDiagrams.map((d) => [d.key, d.source] as const))(
    'docs/statecharts/%s.svg was drawn from the current diagram (run npm run docs:statecharts)',
    (key, source) => {
      const file = path.join(dir, `${key}.svg`);
      expect(fs.existsSync(file), `${file} is missing`).toBe(true);
      const svg = fs.readFileSync(file, 'utf8');
      expect(svg.startsWith('<svg '), `${file} is not an SVG`).toBe(true);
      expect(hashInSvg(svg), `${file} was drawn from another version of the diagram`).toBe(sourceHash(source));
    },
  );

  it('has no diagram or picture for a machine, region or state that no longer exists', () => {
    const docs = fs.readdirSync(dir).filter((f) => /\.(md|svg)$/.test(f) && f !== 'README.md');
    const expected = [...Object.keys(machineCatalog).map((n) => `${n}.md`), ...allDiagrams.map((d) => `${d.key}.svg`)];
    expect(docs.sort()).toEqual(expected.sort());
  });

  it('draws a parallel machine as an overview and one diagram per region, never regions at the top level', () => {
    expect(machineDiagrams('dice', machineCatalog.dice!).map((d) => d.key)).toEqual(['dice', 'dice.form', 'dice.player', 'dice.mode', 'dice.limits', 'dice.round']);
    for (const diagram of allDiagrams) {
      // Mermaid refuses the region separator outside a composite state.
      expect(diagram.source.split('\n').filter((line) => line === '  --'), diagram.key).toEqual([]);
      expect(diagram.source, diagram.key).not.toMatch(/^\s*note /m);
    }
  });

  it('keeps transitions that do not change the state out of the drawing, in the table', () => {
    const bet = machineDiagrams('dice', machineCatalog.dice!).find((d) => d.key === 'dice.round')!;
    expect(bet.source).not.toMatch(/s_dice_round_idle --> s_dice_round_idle/);
    expect(bet.rows.find((r) => r.state === 'round.idle')?.stays).toContain('user.bet if visitor');
    expect(bet.source).toContain('s_dice_round_placing --> s_dice_round_roundOver : placeBet done if answered');
  });

  it('exports each machine as a JSON definition xstate reads back', () => {
    const json = JSON.parse(machineJson(machineCatalog.dice!)) as { id: string; type: string; states: Record<string, unknown> };
    expect(json.id).toBe('dice');
    expect(json.type).toBe('parallel');
    expect(Object.keys(json.states)).toEqual(['form', 'player', 'mode', 'limits', 'round']);
  });

  it('prints a machine’s JSON definition from the command line (npm run statecharts -- export <machine>)', { timeout: 30_000 }, () => {
    const out = execFileSync(process.execPath, ['--import', 'tsx', 'scripts/statecharts.ts', 'export', 'mines'], { encoding: 'utf8' });
    expect(out).toBe(`${machineJson(machineCatalog.mines!)}\n`);
    expect((JSON.parse(out) as { id: string }).id).toBe('mines');
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

  it('gives the first page\'s machines their descriptions from beside the chart, in the docs and the JSON export alike', () => {
    const json = JSON.parse(machineJson(machineCatalog.auth!)) as { states: Record<string, { description?: string; states: Record<string, { description?: string }> }> };
    expect(json.states.restoring!.states.refreshing!.description).toBe('The stored access token has expired: one refresh attempt decides; failure logs out silently.');
    expect(machineDiagrams('shell', machineCatalog.shell!).flatMap((d) => d.rows).find((r) => r.state === 'sidebar.closed')?.description).toBe(
      'The menu is hidden; the main area takes the full width.',
    );
    // A renamed state cannot leave its description behind unnoticed.
    expect(() => withDescriptions(shellMachine, { 'sidebar.folded': 'Gone.' })).toThrow(/folded/);
  });
});
