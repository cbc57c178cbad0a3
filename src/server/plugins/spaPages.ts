import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

/**
 * The SPA's lazy routes and the module of each (src/app/routes/pageModules.ts): a page opened on one of
 * them is sent with its chunks preloaded. Only routes a visitor may open (a login-only route sends a
 * visitor away before its chunk is asked for, and a preload never used is a wasted download). A route
 * with a parameter (`$name`) stands for every path of that shape. tests/server/spa-preloads.test.ts
 * holds this list to the client's.
 */
export const ROUTE_MODULES: Readonly<Record<string, string>> = {
  '/dice': 'src/app/routes/games/DicePage.tsx',
  '/mines': 'src/app/routes/games/MinesPage.tsx',
  '/blackjack': 'src/app/routes/games/BlackjackPage.tsx',
  '/baccarat': 'src/app/routes/games/BaccaratPage.tsx',
  '/token': 'src/app/routes/token/TokenPage.tsx',
  '/mining': 'src/app/routes/token/MiningPage.tsx',
  '/earn': 'src/app/routes/token/EarnPage.tsx',
  '/staking': 'src/app/routes/token/StakingPage.tsx',
  '/confirm-email': 'src/app/routes/account/ConfirmEmailPage.tsx',
  '/reset-password': 'src/app/routes/account/ResetPasswordPage.tsx',
  '/bet/$betId': 'src/app/routes/bets/BetPage.tsx',
  '/liabilities': 'src/app/routes/LiabilitiesPage.tsx',
  '/fairness': 'src/app/routes/fairness/FairnessPage.tsx',
  '/rtp': 'src/app/routes/rtp/RtpPage.tsx',
};

/** The chunk every lazy route's module is imported through, fetched before the route's own. */
export const PAGE_MODULES = 'src/app/routes/pageModules.ts';

/**
 * The wallet's chunk, which every page loads right after its first paint (src/app/actors/appLogic.ts),
 * and which a route's screen waits for (it opens once the wallet runs): preloaded with the route's, so
 * the screen does not wait for a second round of requests.
 */
export const WALLET_MODULE = 'src/app/actors/wallet.ts';

/** One chunk of the build's manifest (dist/.vite/manifest.json, vite.config.ts `build.manifest`). */
interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}
export type Manifest = Record<string, ManifestChunk>;

export interface RoutePreloads {
  /** The route's chunk and the chunks it imports statically, beyond what index.html already loads. */
  scripts: string[];
  /** Their stylesheets, which the route's import waits for before the route renders. */
  styles: string[];
}

/** A chunk and every chunk it imports statically, the chunk first. */
function staticClosure(manifest: Manifest, key: string, into: string[] = []): string[] {
  if (into.includes(key) || !manifest[key]) return into;
  into.push(key);
  for (const imported of manifest[key].imports ?? []) staticClosure(manifest, imported, into);
  return into;
}

/**
 * What opening a lazy route fetches after the entry has run: its chunk, the chunks it imports
 * statically, the chunk it is imported through (PAGE_MODULES, when the build has it), the wallet's
 * (WALLET_MODULE, when the build has it) and their CSS, less what the entry (index.html's script) has
 * already loaded. Null when the module is not a chunk of this build.
 */
export function routePreloads(manifest: Manifest, moduleKey: string): RoutePreloads | null {
  if (!manifest[moduleKey]) return null;
  const entry = staticClosure(manifest, 'index.html');
  const loaded = new Set([...entry.map((key) => manifest[key]!.file), ...entry.flatMap((key) => manifest[key]!.css ?? [])]);
  const route = staticClosure(manifest, PAGE_MODULES, staticClosure(manifest, moduleKey));
  const chunks = staticClosure(manifest, WALLET_MODULE, route).filter((key) => !entry.includes(key));
  const scripts = chunks.map((key) => manifest[key]!.file).filter((file) => !loaded.has(file));
  const styles = [...new Set(chunks.flatMap((key) => manifest[key]!.css ?? []))].filter((file) => !loaded.has(file));
  return { scripts, styles };
}

/**
 * index.html with the route's chunks announced in its head, so the browser fetches them beside the
 * entry instead of after it has run. They match what Vite's import helper adds when the route is
 * imported (same href, `crossorigin`), so that helper finds the scripts there and the styles' fetches
 * are reused: a preload, not a stylesheet, keeps the order of the styles and the first paint as they were.
 */
export function withPreloads(indexHtml: string, { scripts, styles }: RoutePreloads): string {
  const links = [
    ...scripts.map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`),
    ...styles.map((file) => `<link rel="preload" as="style" crossorigin href="/${file}">`),
  ];
  if (links.length === 0 || !indexHtml.includes('</head>')) return indexHtml;
  return indexHtml.replace('</head>', `  ${links.join('\n    ')}\n  </head>`);
}

/** An HTML page ready to send: its bytes in each encoding the build also writes, with an ETag each. */
export interface SpaPage {
  encodings: Record<'br' | 'gzip' | 'identity', { body: Buffer; etag: string }>;
}

function preparePage(html: string): SpaPage {
  const plain = Buffer.from(html);
  const tag = createHash('sha256').update(plain).digest('base64url').slice(0, 22);
  const br = zlib.brotliCompressSync(plain, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: plain.length } });
  return {
    encodings: {
      // A strong ETag names one representation: each encoding has its own.
      br: { body: br, etag: `"${tag}-br"` },
      gzip: { body: zlib.gzipSync(plain, { level: 9 }), etag: `"${tag}-gz"` },
      identity: { body: plain, etag: `"${tag}"` },
    },
  };
}

/**
 * The page of each lazy route, computed once when the server starts: index.html with that route's
 * preloads, compressed. Empty when the build has no manifest (the pages are then index.html as it is).
 */
export function spaPages(staticDir: string, routes: Readonly<Record<string, string>> = ROUTE_MODULES): { pages: Map<string, SpaPage>; missing: string[] } {
  const pages = new Map<string, SpaPage>();
  const missing: string[] = [];
  const manifestFile = path.join(staticDir, '.vite', 'manifest.json');
  if (!fs.existsSync(manifestFile)) return { pages, missing };
  const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as Manifest;
  const indexHtml = fs.readFileSync(path.join(staticDir, 'index.html'), 'utf8');
  for (const [route, moduleKey] of Object.entries(routes)) {
    const preloads = routePreloads(manifest, moduleKey);
    if (preloads) pages.set(route, preparePage(withPreloads(indexHtml, preloads)));
    else missing.push(moduleKey);
  }
  return { pages, missing };
}

/** Whether a path is of a route's shape: the same segments, a `$name` segment matching any one. */
function matchesRoute(route: string, pathname: string): boolean {
  const want = route.split('/');
  const got = pathname.split('/');
  return want.length === got.length && want.every((segment, i) => (segment.startsWith('$') ? got[i] !== '' : segment === got[i]));
}

/** The prepared page of the route a path opens, if it is one of the lazy routes. */
export function pageFor(pages: ReadonlyMap<string, SpaPage>, pathname: string): SpaPage | undefined {
  const exact = pages.get(pathname);
  if (exact) return exact;
  for (const [route, page] of pages) if (route.includes('$') && matchesRoute(route, pathname)) return page;
  return undefined;
}

/** The q-value an Accept-Encoding header gives a coding (0 when it is refused or absent). */
function quality(acceptEncoding: string, coding: string): number {
  let wildcard: number | null = null;
  for (const part of acceptEncoding.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const value = q ? Number.parseFloat(q.slice(2)) : 1;
    const weight = Number.isFinite(value) ? value : 0;
    if (name.trim() === coding) return weight;
    if (name.trim() === '*') wildcard = weight;
  }
  return wildcard ?? 0;
}

/** The encoding to send a page in: brotli, else gzip, else as it is. */
export function pickEncoding(acceptEncoding: string | undefined): 'br' | 'gzip' | 'identity' {
  if (!acceptEncoding) return 'identity';
  const br = quality(acceptEncoding, 'br');
  const gzip = quality(acceptEncoding, 'gzip');
  if (br > 0 && br >= gzip) return 'br';
  if (gzip > 0) return 'gzip';
  return 'identity';
}

/** Whether an If-None-Match header names this ETag (weakly compared, as RFC 9110 asks for GET). */
export function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const bare = (tag: string) => tag.trim().replace(/^W\//, '');
  return ifNoneMatch.split(',').some((tag) => tag.trim() === '*' || bare(tag) === bare(etag));
}
