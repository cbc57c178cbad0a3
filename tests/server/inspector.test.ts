import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/config';
import { json, startTestServer } from '../support/server';
import type { TestServer } from '../support/server';

describe('GET /api/inspector: may the SPA load the designers’ statechart inspector', () => {
  let server: TestServer | null = null;
  afterEach(async () => {
    await server?.close();
    server = null;
  });

  it('should say no unless the server was started with INSPECTOR=1', async () => {
    server = await startTestServer();
    const response = await fetch(`${server.url}/api/inspector`);
    expect(response.status).toBe(200);
    expect(await json(response)).toEqual({ enabled: false });
  });

  it('should say yes with INSPECTOR=1', async () => {
    server = await startTestServer({ inspector: loadConfig({ INSPECTOR: '1' }).inspector });
    expect(await json(await fetch(`${server.url}/api/inspector`))).toEqual({ enabled: true });
  });

  it('should refuse to start on an INSPECTOR value that is not a yes or a no', () => {
    expect(() => loadConfig({ INSPECTOR: 'maybe' })).toThrow(/expected a boolean/);
  });

  it('should allow inline styles only on a page opened with ?inspector on a server that allows the inspector', async () => {
    const styleSrc = async (path: string) =>
      /style-src ([^;]*)/.exec((await fetch(`${server!.url}${path}`)).headers.get('content-security-policy') ?? '')?.[1]?.trim();
    server = await startTestServer();
    expect(await styleSrc('/api/inspector?inspector')).toBe("'self'");
    await server.close();
    server = await startTestServer({ inspector: true });
    expect(await styleSrc('/api/inspector')).toBe("'self'");
    expect(await styleSrc('/api/inspector?inspector')).toBe("'self' 'unsafe-inline'");
  });
});
