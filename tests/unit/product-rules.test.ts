import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * docs/product.md lists the messages (§8) and constants (§9) as table rows whose last cell names the
 * export that holds them (`file#Export.key`). Every row is compared with that export, and every entry
 * of a message catalogue a row points into must have a row, so neither side can change alone.
 */
const DOC = path.resolve('docs/product.md');

interface Row {
  section: string;
  line: number;
  value: string;
  file: string;
  exportPath: string[];
}

function rowsOf(markdown: string): Row[] {
  const rows: Row[] = [];
  let section = '';
  markdown.split('\n').forEach((text, index) => {
    const heading = /^##\s+(§\d+)/.exec(text);
    if (heading) section = heading[1]!;
    if (!text.startsWith('|')) return;
    const cells = text.split('|').slice(1, -1).map((cell) => cell.trim());
    const codeAt = cells.findIndex((cell) => /^`[^`]+\.tsx?#[\w.]+`$/.test(cell));
    if (codeAt < 0) return;
    const [file, exportPath] = cells[codeAt]!.slice(1, -1).split('#') as [string, string];
    const valueCell = cells.slice(0, codeAt).reverse().find((cell) => /^`[^`]*`$/.test(cell));
    if (valueCell === undefined) throw new Error(`docs/product.md:${index + 1}: no value in backticks before ${cells[codeAt]}`);
    rows.push({ section, line: index + 1, value: valueCell.slice(1, -1), file, exportPath: exportPath.split('.') });
  });
  return rows;
}

const rows = rowsOf(fs.readFileSync(DOC, 'utf8'));

async function resolve(row: Row): Promise<{ value: unknown; owner: unknown }> {
  const modulePath = path.resolve(row.file);
  if (!fs.existsSync(modulePath)) {
    throw new Error(`docs/product.md:${row.line} names ${row.file}, which is gone: point the row to where the value lives now`);
  }
  let owner: unknown = await import(modulePath);
  let value: unknown = owner;
  for (const key of row.exportPath) {
    owner = value;
    value = (value as Record<string, unknown> | undefined)?.[key];
    if (value === undefined) throw new Error(`docs/product.md:${row.line}: ${row.file} has no ${row.exportPath.join('.')}`);
  }
  return { value, owner };
}

/** What the code holds, written the way the document writes it. */
function asDocumented(value: unknown, documented: string): string {
  if (typeof value === 'function') {
    // A message with blanks: fill each blank with its own name, as the document shows it.
    const blanks = [...documented.matchAll(/\{(\w+)\}/g)].map((m) => `{${m[1]}}`);
    return String((value as (...args: string[]) => unknown)(...blanks));
  }
  if (Array.isArray(value)) return value.map(String).join(', ');
  if (value !== null && typeof value === 'object') return Object.values(value).map(String).join(', ');
  return String(value);
}

describe('docs/product.md against the code', () => {
  it('should list the messages of §8 and the constants of §9', () => {
    const counts = (section: string) => rows.filter((row) => row.section === section).length;
    expect(counts('§8')).toBeGreaterThanOrEqual(30);
    expect(counts('§9')).toBeGreaterThanOrEqual(40);
  });

  it.each(rows.map((row) => [`${row.section} line ${row.line}: ${row.exportPath.join('.')}`, row] as const))(
    '%s holds what the document says',
    async (_, row) => {
      const { value } = await resolve(row);
      expect(asDocumented(value, row.value), `docs/product.md:${row.line} (${row.file}#${row.exportPath.join('.')})`).toBe(row.value);
    },
  );

  it('should give every entry of a message catalogue it points into a row of its own', async () => {
    const catalogues = new Map<string, { owner: object; listed: Set<string> }>();
    for (const row of rows.filter((r) => r.exportPath.length === 2)) {
      const name = `${row.file}#${row.exportPath[0]}`;
      const { owner } = await resolve(row);
      const catalogue = catalogues.get(name) ?? { owner: owner as object, listed: new Set<string>() };
      catalogue.listed.add(row.exportPath[1]!);
      catalogues.set(name, catalogue);
    }
    const missing = [...catalogues].flatMap(([name, { owner, listed }]) =>
      Object.keys(owner).filter((key) => !listed.has(key)).map((key) => `${name}.${key}`),
    );
    expect(missing).toEqual([]);
  });
});
