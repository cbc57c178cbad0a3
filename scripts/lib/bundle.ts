import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

/** One chunk of dist/.vite/manifest.json (Vite's build manifest). */
interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

export interface RouteCost {
  /** Files the route needs before it can run, beyond what is already loaded. */
  files: string[];
  gzipBytes: number;
  rawBytes: number;
}

export function readManifest(distDir = 'dist'): Manifest {
  return JSON.parse(fs.readFileSync(path.join(distDir, '.vite/manifest.json'), 'utf8')) as Manifest;
}

/** A chunk and every chunk it imports statically: what the browser must fetch before it runs. */
function staticClosure(manifest: Manifest, key: string, into = new Set<string>()): Set<string> {
  if (into.has(key)) return into;
  into.add(key);
  for (const imported of manifest[key]?.imports ?? []) staticClosure(manifest, imported, into);
  return into;
}

function cost(distDir: string, manifest: Manifest, keys: Iterable<string>): RouteCost {
  const files = [...keys].map((key) => manifest[key]!.file);
  let gzipBytes = 0;
  let rawBytes = 0;
  for (const file of files) {
    const bytes = fs.readFileSync(path.join(distDir, file));
    rawBytes += bytes.length;
    gzipBytes += zlib.gzipSync(bytes, { level: 9 }).length;
  }
  return { files, gzipBytes, rawBytes };
}

/**
 * The JavaScript a first visit downloads (the entry and its static imports), and what each lazy
 * module adds when it is first needed (its chunk and static imports not already loaded).
 */
export function bundleCosts(distDir = 'dist', lazySources: readonly string[] = []) {
  const manifest = readManifest(distDir);
  const entryKey = Object.keys(manifest).find((key) => manifest[key]!.isEntry && key === 'index.html');
  if (!entryKey) throw new Error('the manifest has no entry for index.html');
  const initialKeys = staticClosure(manifest, entryKey);
  const initial = cost(distDir, manifest, initialKeys);
  const lazy = Object.fromEntries(
    lazySources.map((source) => {
      if (!manifest[source]) throw new Error(`${source} is not a chunk of its own in the build`);
      const added = [...staticClosure(manifest, source)].filter((key) => !initialKeys.has(key));
      return [source, cost(distDir, manifest, added)];
    }),
  );
  return { initial, lazy, initialSources: initial.files.flatMap((file) => sourcesOf(distDir, file)) };
}

/** The modules bundled into a built file, from its source map. */
function sourcesOf(distDir: string, file: string): string[] {
  const map = path.join(distDir, `${file}.map`);
  if (!fs.existsSync(map)) return [];
  return (JSON.parse(fs.readFileSync(map, 'utf8')) as { sources: string[] }).sources;
}

/** Bytes as the budgets count them, with the KiB (1,024 bytes) beside: `118,663 bytes (115.9 KiB)`. */
export const kb = (bytes: number) => `${bytes.toLocaleString('en-US')} bytes (${(bytes / 1024).toFixed(1)} KiB)`;
