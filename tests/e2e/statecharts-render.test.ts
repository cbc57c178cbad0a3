import { describe, expect, it } from 'vitest';
import { machineCatalog } from '../../machines/catalog';
import { machineDiagrams } from '../../src/app/inspector/diagram';
import { renderMermaid } from '../../scripts/lib/renderMermaid';
import { hasChromium } from '../support/browser';

/** A designer reads a chart at scale 1 without scrolling sideways across several screens. */
const MAX_WIDTH_PX = 2000;

// Chromium's absence is reported (and fails CI) by the e2e global setup.
describe.skipIf(!hasChromium())('every statechart renders in Mermaid within its size budget', () => {
  it('renders each generated diagram without an error and no wider than 2,000 px', { timeout: 180_000 }, async () => {
    const diagrams = Object.entries(machineCatalog).flatMap(([name, machine]) => machineDiagrams(name, machine));
    const { rendered, errors } = await renderMermaid(diagrams);
    expect(errors).toEqual([]);
    expect(rendered.map((r) => r.key)).toEqual(diagrams.map((d) => d.key));
    const tooWide = rendered.filter((r) => r.width > MAX_WIDTH_PX || r.width <= 0).map((r) => `${r.key}: ${r.width} px`);
    expect(tooWide).toEqual([]);
  });
});
