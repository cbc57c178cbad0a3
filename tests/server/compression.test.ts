import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, tempDir } from '../support/server';
import type { TestServer } from '../support/server';
import { HttpTransportType } from '@microsoft/signalr';
import { HUB_PATH, nextEvent, signalr } from './hub-support';
import { rawGet } from '../support/rawHttp';

const SCRIPT = `export const board = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => ({ cell: i, label: `cell ${i}` })))};\n`;
const INDEX = `<!doctype html><title>ACC Casino</title><script type="module" src="/assets/index-Ab12Cd34.js"></script>${'<!-- padding -->'.repeat(100)}<div id="root"></div>`;

describe('compression and caching', () => {
  let server: TestServer;
  let staticDir: string;
  const bigAnswer = { rows: Array.from({ length: 300 }, (_, i) => ({ id: i, game: 'dice', amount: i * 1000 })) };

  beforeAll(async () => {
    // What the build writes: each text asset with its .br and .gz beside it.
    staticDir = tempDir('casino-spa-');
    fs.mkdirSync(path.join(staticDir, 'assets'));
    const write = (name: string, text: string) => {
      const file = path.join(staticDir, name);
      fs.writeFileSync(file, text);
      fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(text));
      fs.writeFileSync(`${file}.gz`, zlib.gzipSync(text, { level: 9 }));
    };
    write('index.html', INDEX);
    write('assets/index-Ab12Cd34.js', SCRIPT);
    server = await startTestServer({ staticDir }, (app) => {
      app.get('/api/test/big-answer', async () => bigAnswer);
    });
  });
  afterAll(async () => {
    await server?.close();
    fs.rmSync(staticDir, { recursive: true, force: true });
  });

  it('should send a hashed asset precompressed, once, with a long immutable cache', async () => {
    const br = await rawGet(`${server.url}/assets/index-Ab12Cd34.js`, { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.status).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    // The very bytes the build wrote, not a per-request compression; decoding once gives the script back.
    expect(br.body.equals(fs.readFileSync(path.join(staticDir, 'assets/index-Ab12Cd34.js.br')))).toBe(true);
    expect(zlib.brotliDecompressSync(br.body).toString()).toBe(SCRIPT);

    const gz = await rawGet(`${server.url}/assets/index-Ab12Cd34.js`, { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.body.equals(fs.readFileSync(path.join(staticDir, 'assets/index-Ab12Cd34.js.gz')))).toBe(true);
    expect(zlib.gunzipSync(gz.body).toString()).toBe(SCRIPT);

    const plain = await rawGet(`${server.url}/assets/index-Ab12Cd34.js`, {});
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(SCRIPT);
  });

  it('should send index.html compressed and never cached, on / and on a client route, with the CSP', async () => {
    for (const route of ['/', '/dice']) {
      const answer = await rawGet(`${server.url}${route}`, { accept: 'text/html', 'accept-encoding': 'br, gzip' });
      expect(answer.status, route).toBe(200);
      expect(answer.headers['content-encoding'], route).toBe('br');
      expect(answer.headers['cache-control'], route).toBe('no-cache');
      expect(answer.headers['content-security-policy'], route).toContain("script-src 'self'");
      expect(answer.body.equals(fs.readFileSync(path.join(staticDir, 'index.html.br'))), route).toBe(true);
      expect(zlib.brotliDecompressSync(answer.body).toString(), route).toBe(INDEX);
    }
  });

  it('should compress an API answer above 1 KB and leave a small one plain', async () => {
    const big = await rawGet(`${server.url}/api/test/big-answer`, { 'accept-encoding': 'gzip, br' });
    expect(big.headers['content-encoding']).toBe('br');
    expect(big.headers['content-security-policy']).toContain("default-src 'self'");
    expect(JSON.parse(zlib.brotliDecompressSync(big.body).toString())).toEqual(bigAnswer);
    const gz = await rawGet(`${server.url}/api/test/big-answer`, { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(zlib.gunzipSync(gz.body).toString())).toEqual(bigAnswer);

    const small = await rawGet(`${server.url}/api/health`, { 'accept-encoding': 'gzip, br' });
    expect(small.status).toBe(200);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(small.body.toString())).toBeTypeOf('object');
  });

  it('should still upgrade the hub to a WebSocket and deliver a broadcast bet', async () => {
    const connection = signalr(`${server.url}${HUB_PATH}`, undefined, { transport: HttpTransportType.WebSockets, skipNegotiation: true });
    try {
      await connection.start();
      const bet = nextEvent(connection, 'bet');
      server.app.hub.broadcast('bet', { id: 1, game: 'dice' });
      expect(await bet).toEqual([{ id: 1, game: 'dice' }]);
    } finally {
      await connection.stop();
    }
  });
});
