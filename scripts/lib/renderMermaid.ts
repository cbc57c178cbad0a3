import crypto from 'node:crypto';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { chromiumArgs, chromiumExecutable } from '../../tests/support/chromium';
import { MERMAID_CONFIG } from '../../src/app/inspector/diagram';

/**
 * Renders Mermaid sources to SVG in headless Chromium with the Mermaid build from node_modules,
 * loaded into a blank page: no network, the same library the in-app inspector bundles.
 */

export interface Rendered {
  key: string;
  svg: string;
  width: number;
  height: number;
}

export const sourceHash = (source: string) => crypto.createHash('sha256').update(source).digest('hex');

/** The hash of the Mermaid source a committed SVG was drawn from, or null. */
export function hashInSvg(svg: string): string | null {
  return /data-source-sha256="([0-9a-f]{64})"/.exec(svg)?.[1] ?? null;
}

/** Draws every diagram it can; the ones Mermaid refuses come back in `errors`, one line each. */
export async function renderMermaid(diagrams: Array<{ key: string; source: string }>): Promise<{ rendered: Rendered[]; errors: string[] }> {
  const executablePath = chromiumExecutable();
  if (!executablePath) throw new Error('no Chromium found at /usr/bin/chromium (apt-get install -y chromium); rendering needs it');
  const browser = await chromium.launch({ executablePath, args: chromiumArgs });
  try {
    const page = await browser.newPage();
    await page.route('**/*', (route) => (route.request().url().startsWith('data:') ? route.continue() : route.abort()));
    await page.setContent('<!doctype html><html><body></body></html>');
    await page.addScriptTag({ path: path.resolve('node_modules/mermaid/dist/mermaid.min.js') });
    await page.evaluate((config) => (window as unknown as { mermaid: { initialize: (c: unknown) => void } }).mermaid.initialize(config), MERMAID_CONFIG);
    const out: Rendered[] = [];
    const errors: string[] = [];
    for (const { key, source } of diagrams) {
      const id = `chart_${key.replace(/[^a-zA-Z0-9]/g, '_')}`;
      const result = await page.evaluate(
        async ({ id, source }) => {
          const mermaid = (window as unknown as { mermaid: { render: (id: string, text: string) => Promise<{ svg: string }> } }).mermaid;
          try {
            const { svg } = await mermaid.render(id, source);
            const holder = document.createElement('div');
            holder.innerHTML = svg;
            const element = holder.querySelector('svg');
            const box = element?.viewBox.baseVal;
            return { svg, width: box?.width ?? 0, height: box?.height ?? 0, error: null };
          } catch (error) {
            return { svg: '', width: 0, height: 0, error: String((error as Error)?.message ?? error) };
          }
        },
        { id, source },
      );
      if (result.error) {
        errors.push(`${key}: ${result.error}`);
        continue;
      }
      const svg = result.svg.replace(/^<svg /, `<svg data-source-sha256="${sourceHash(source)}" `);
      out.push({ key, svg, width: Math.ceil(result.width), height: Math.ceil(result.height) });
    }
    return { rendered: out, errors };
  } finally {
    await browser.close();
  }
}
