import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAGE_MODULES, ROUTE_MODULES, WALLET_MODULE, pageFor, pickEncoding, routePreloads } from '../../src/server/plugins/spaPages';
import type { Manifest } from '../../src/server/plugins/spaPages';
import { startTestServer, tempDir } from '../support/server';
import type { TestServer } from '../support/server';
import { rawGet } from '../support/rawHttp';
import type { RawAnswer } from '../support/rawHttp';

const INDEX = [
  '<!doctype html><html><head><title>ACC Casino</title>',
  '<script type="module" crossorigin src="/assets/index-E1.js"></script>',
  '<link rel="modulepreload" crossorigin href="/assets/runtime-R1.js">',
  '<link rel="stylesheet" crossorigin href="/assets/index-E1.css">',
  `</head><body>${'<!-- padding -->'.repeat(100)}<div id="root"></div></body></html>`,
].join('\n');

/** The shape of Vite's manifest: the entry, a route that shares a chunk with another and with the entry. */
const MANIFEST: Manifest = {
  'index.html': { file: 'assets/index-E1.js', isEntry: true, imports: ['_runtime-R1.js'], css: ['assets/index-E1.css'] },
  '_runtime-R1.js': { file: 'assets/runtime-R1.js' },
  '_shared-S1.js': { file: 'assets/shared-S1.js', imports: ['_runtime-R1.js', '_money-M1.js'], css: ['assets/shared-S1.css'] },
  '_money-M1.js': { file: 'assets/money-M1.js', imports: ['index.html'] },
  'src/app/routes/games/DicePage.tsx': {
    file: 'assets/DicePage-D1.js',
    imports: ['_runtime-R1.js', 'index.html', '_shared-S1.js'],
    css: ['assets/DicePage-D1.css'],
  },
  'src/app/routes/token/StakingPage.tsx': { file: 'assets/StakingPage-K1.js', imports: ['index.html', '_money-M1.js'] },
};

const brotli = (answer: RawAnswer) => zlib.brotliDecompressSync(answer.body).toString();

describe('the page of a lazy route preloads its chunks', () => {
  let server: TestServer;
  let staticDir: string;

  beforeAll(async () => {
    // A build as vite.config.ts writes it: index.html with its .br and .gz, the manifest under .vite.
    staticDir = tempDir('casino-spa-');
    fs.mkdirSync(path.join(staticDir, 'assets'));
    fs.mkdirSync(path.join(staticDir, '.vite'));
    fs.writeFileSync(path.join(staticDir, 'index.html'), INDEX);
    fs.writeFileSync(path.join(staticDir, 'index.html.br'), zlib.brotliCompressSync(INDEX));
    fs.writeFileSync(path.join(staticDir, 'index.html.gz'), zlib.gzipSync(INDEX));
    fs.writeFileSync(path.join(staticDir, '.vite', 'manifest.json'), JSON.stringify(MANIFEST));
    for (const chunk of Object.values(MANIFEST)) fs.writeFileSync(path.join(staticDir, chunk.file), 'export {};\n');
    server = await startTestServer({ staticDir });
  });
  afterAll(async () => {
    await server?.close();
    fs.rmSync(staticDir, { recursive: true, force: true });
  });

  it("should announce the route's chunk, its static imports and their styles, not what the entry loads", async () => {
    const answer = await rawGet(`${server.url}/dice`, { accept: 'text/html', 'accept-encoding': 'br, gzip' });
    expect(answer.status).toBe(200);
    const html = brotli(answer);
    const preloads = [...html.matchAll(/<link rel="(modulepreload|preload)"( as="style")? crossorigin href="([^"]+)">/g)].map((m) => `${m[1]}${m[2] ?? ''} ${m[3]}`);
    expect(preloads).toEqual([
      // index.html's own, as the build wrote it.
      'modulepreload /assets/runtime-R1.js',
      'modulepreload /assets/DicePage-D1.js',
      'modulepreload /assets/shared-S1.js',
      'modulepreload /assets/money-M1.js',
      'preload as="style" /assets/DicePage-D1.css',
      'preload as="style" /assets/shared-S1.css',
    ]);
    // Nothing else of index.html changed: the links go at the end of its head.
    expect(html.replace(/\s*<link rel="(?:modulepreload|preload)"[^>]*(?:DicePage|shared|money)[^>]*>/g, '').replace(/\s*<\/head>/, '</head>')).toBe(
      INDEX.replace(/\s*<\/head>/, '</head>'),
    );
    expect(brotli(await rawGet(`${server.url}/staking?tab=burn`, { accept: 'text/html', 'accept-encoding': 'br' }))).toContain(
      '<link rel="modulepreload" crossorigin href="/assets/StakingPage-K1.js">\n    <link rel="modulepreload" crossorigin href="/assets/money-M1.js">\n  </head>',
    );
  });

  it('should send it like index.html: compressed once, never cached without asking, with the CSP and an ETag of its own', async () => {
    const br = await rawGet(`${server.url}/dice`, { accept: 'text/html', 'accept-encoding': 'gzip, deflate, br' });
    const gz = await rawGet(`${server.url}/dice`, { accept: 'text/html', 'accept-encoding': 'gzip' });
    const plain = await rawGet(`${server.url}/dice`, { accept: 'text/html' });
    const home = await rawGet(`${server.url}/`, { accept: 'text/html', 'accept-encoding': 'br' });
    for (const answer of [br, gz, plain]) {
      expect(answer.status).toBe(200);
      expect(answer.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(answer.headers['cache-control']).toBe('no-cache');
      expect(answer.headers['content-security-policy']).toContain("script-src 'self'");
      expect(answer.headers.vary).toMatch(/accept-encoding/i);
    }
    expect(br.headers['content-encoding']).toBe('br');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(plain.headers['content-encoding']).toBeUndefined();
    const html = plain.body.toString();
    expect(html).toContain('DicePage-D1.js');
    expect(brotli(br)).toBe(html);
    expect(zlib.gunzipSync(gz.body).toString()).toBe(html);
    // Not the bytes of /: each page and each encoding of it is a representation with its own ETag.
    expect(brotli(home)).toBe(INDEX);
    const etags = [br, gz, plain, home].map((answer) => answer.headers.etag);
    expect(new Set(etags).size).toBe(4);
    // The same page asked again answers the same, and a revalidation with its ETag is a 304.
    expect((await rawGet(`${server.url}/dice`, { accept: 'text/html', 'accept-encoding': 'br' })).headers.etag).toBe(br.headers.etag);
    const fresh = await rawGet(`${server.url}/dice`, { accept: 'text/html', 'accept-encoding': 'br', 'if-none-match': br.headers.etag! });
    expect(fresh.status).toBe(304);
    expect(fresh.body.length).toBe(0);
    expect(fresh.headers['cache-control']).toBe('no-cache');
    // The ETag of / or of another encoding does not validate this one.
    for (const other of [home.headers.etag!, gz.headers.etag!]) {
      expect((await rawGet(`${server.url}/dice`, { accept: 'text/html', 'accept-encoding': 'br', 'if-none-match': other })).status).toBe(200);
    }
  });

  it('should leave other paths as they were: index.html for an unknown page, JSON 404s under /api, assets as files', async () => {
    const unknown = await rawGet(`${server.url}/no-such-page`, { accept: 'text/html', 'accept-encoding': 'br' });
    expect(unknown.status).toBe(200);
    expect(brotli(unknown)).toBe(INDEX);
    const api = await rawGet(`${server.url}/api/no-such-call`, { accept: 'text/html' });
    expect(api.status).toBe(404);
    expect(api.headers['content-type']).toMatch(/json/);
    const chunk = await rawGet(`${server.url}/assets/DicePage-D1.js`, {});
    expect(chunk.status).toBe(200);
    expect(chunk.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });
});

describe('the preload list', () => {
  it("should hold every lazy route a visitor may open, with the module the client's router imports for it", () => {
    // The client's lazy routes as src/app/routes/pageModules.ts declares them.
    const modules = fs.readFileSync('src/app/routes/pageModules.ts', 'utf8');
    const declared = Object.fromEntries(
      [...modules.matchAll(/'(\/[a-z$/A-Z-]+)': \(\) => import\('\.\/([^']+)'\)/g)].map((m) => [m[1], `src/app/routes/${m[2]}.tsx`]),
    );
    expect(Object.keys(declared).length).toBeGreaterThanOrEqual(13);
    // Login-only routes send a visitor away before their chunk is asked for: no preloads for them.
    const router = fs.readFileSync('src/app/router.tsx', 'utf8');
    expect(router).toMatch(/const loginOnly = [^\n]*\n[^\n]*beforeLoad: requireSignIn/);
    const loginOnly = Object.keys(declared).filter((route) => router.includes(`loginOnly('${route}',`));
    expect(loginOnly.sort()).toEqual(['/account', '/responsible-gambling', '/settings', '/transactions']);
    for (const route of loginOnly) delete declared[route];
    expect(ROUTE_MODULES).toEqual(declared);
    for (const file of [...Object.values(ROUTE_MODULES), PAGE_MODULES]) expect(fs.existsSync(file), file).toBe(true);
  });

  it('should name only chunks of a real build when there is one', () => {
    const manifestFile = 'dist/.vite/manifest.json';
    if (!fs.existsSync(manifestFile)) return;
    const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as Manifest;
    for (const module of Object.values(ROUTE_MODULES)) {
      const preloads = routePreloads(manifest, module);
      expect(preloads, module).not.toBeNull();
      expect(preloads!.scripts[0], module).toBe(manifest[module]!.file);
      for (const file of [...preloads!.scripts, ...preloads!.styles]) expect(fs.existsSync(path.join('dist', file)), file).toBe(true);
    }
  });

  it('should add the chunk every route is imported through, once, after the route and its imports', () => {
    const manifest: Manifest = {
      ...MANIFEST,
      [PAGE_MODULES]: { file: 'assets/pageModules-P1.js', imports: ['_runtime-R1.js'] },
    };
    expect(routePreloads(manifest, 'src/app/routes/token/StakingPage.tsx')).toEqual({
      scripts: ['assets/StakingPage-K1.js', 'assets/money-M1.js', 'assets/pageModules-P1.js'],
      styles: [],
    });
  });

  it("should add the wallet's chunks, which the route's screen waits for, after the route's and without what it already has", () => {
    const manifest: Manifest = {
      ...MANIFEST,
      [PAGE_MODULES]: { file: 'assets/pageModules-P1.js', imports: ['_runtime-R1.js'] },
      [WALLET_MODULE]: { file: 'assets/wallet-W1.js', imports: ['index.html', '_money-M1.js', '_walletMachine-W2.js'] },
      '_walletMachine-W2.js': { file: 'assets/walletMachine-W2.js', imports: ['index.html'] },
    };
    expect(routePreloads(manifest, 'src/app/routes/games/DicePage.tsx')).toEqual({
      scripts: ['assets/DicePage-D1.js', 'assets/shared-S1.js', 'assets/money-M1.js', 'assets/pageModules-P1.js', 'assets/wallet-W1.js', 'assets/walletMachine-W2.js'],
      styles: ['assets/DicePage-D1.css', 'assets/shared-S1.css'],
    });
  });

  it('should find the page of a route with a parameter for any path of its shape, and none for others', () => {
    const bet = { encodings: {} } as never;
    const dice = { encodings: {} } as never;
    const pages = new Map([
      ['/dice', dice],
      ['/bet/$betId', bet],
    ]);
    expect(pageFor(pages, '/dice')).toBe(dice);
    expect(pageFor(pages, '/bet/1234')).toBe(bet);
    for (const other of ['/bet', '/bet/', '/bet/12/34', '/dice/1', '/bets/12']) expect(pageFor(pages, other), other).toBeUndefined();
  });

  it('should pick the encoding the client prefers among those the build writes', () => {
    expect(pickEncoding('gzip, deflate, br')).toBe('br');
    expect(pickEncoding('gzip')).toBe('gzip');
    expect(pickEncoding('br;q=0, gzip;q=0.5')).toBe('gzip');
    expect(pickEncoding('gzip;q=1, br;q=0.4')).toBe('gzip');
    expect(pickEncoding('*')).toBe('br');
    expect(pickEncoding('deflate')).toBe('identity');
    expect(pickEncoding('identity')).toBe('identity');
    expect(pickEncoding(undefined)).toBe('identity');
  });
});
