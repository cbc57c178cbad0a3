import { describe, expect, it } from 'vitest';
import { loadConfig, parseTrustProxy } from '../../src/server/config';
import { call } from '../support/auth';
import { startTestServer } from '../support/server';

const PRODUCTION_DEFAULT = loadConfig({}).trustProxy;

/** Five failed sign-ins, each claiming another address in X-Forwarded-For. */
async function failFiveTimes(server: Awaited<ReturnType<typeof startTestServer>>, forwarded: (i: number) => string) {
  for (let i = 1; i <= 5; i += 1) {
    expect((await call(server, '/auth/login', { userName: `nobody_${i}`, password: 'whatever1' }, { forwardedFor: forwarded(i) })).status).toBe(401);
  }
}

describe('TRUST_PROXY: whose X-Forwarded-For counts', () => {
  it('should parse true/false, a hop count and address lists, and refuse anything else', () => {
    expect(PRODUCTION_DEFAULT).toBe(false);
    expect(parseTrustProxy('false')).toBe(false);
    expect(parseTrustProxy('true')).toBe(true);
    expect(parseTrustProxy('2')).toBe(2);
    expect(parseTrustProxy('loopback, 10.0.0.0/8, fd00::/8, 192.0.2.1')).toEqual(['loopback', '10.0.0.0/8', 'fd00::/8', '192.0.2.1']);
    expect(() => parseTrustProxy('10.0.0.0/33')).toThrow(/TRUST_PROXY/);
    expect(() => parseTrustProxy('proxy.example.com')).toThrow(/TRUST_PROXY/);
  });

  it('should, by default, count the socket address: a spoofed X-Forwarded-For escapes neither the sign-in throttle nor a rate limit', async () => {
    const server = await startTestServer({
      trustProxy: PRODUCTION_DEFAULT,
      rateLimits: { ...loadConfig({}).rateLimits, forgotPassword: { perAddress: 3, perAccount: 1000 } },
    });
    try {
      await failFiveTimes(server, (i) => `203.0.113.${i}`);
      const refused = await call(server, '/auth/login', { userName: 'nobody_x', password: 'whatever1' }, { forwardedFor: '198.51.100.200' });
      expect(refused.status).toBe(429);
      expect(refused.body).toMatchObject({ error: 'too_many_attempts' });

      for (let i = 1; i <= 3; i += 1) {
        expect((await call(server, '/auth/forgot-password', { email: `x${i}@example.com` }, { forwardedFor: `192.0.2.${i}` })).status).toBe(200);
      }
      const limited = await call(server, '/auth/forgot-password', { email: 'x9@example.com' }, { forwardedFor: '192.0.2.99' });
      expect(limited.status).toBe(429);
      expect(limited.body).toMatchObject({ error: 'too_many_requests' });
    } finally {
      await server.close();
    }
  });

  // In both, the client wrote the first entries itself and the trusted proxy appended the last.
  it.each([
    ['X-Forwarded-For from the proxies TRUST_PROXY names, taking the entry the proxy appended', '127.0.0.1', '203.0.113.50', '203.0.113.51'],
    ['a hop count', '1', '203.0.113.60', '203.0.113.61'],
  ])('should honour %s', async (_what, trust, client, other) => {
    const server = await startTestServer({ trustProxy: parseTrustProxy(trust) });
    try {
      await failFiveTimes(server, (i) => `10.9.9.${i}, ${client}`);
      expect((await call(server, '/auth/login', { userName: 'nobody_x', password: 'whatever1' }, { forwardedFor: client })).status).toBe(429);
      expect((await call(server, '/auth/login', { userName: 'nobody_x', password: 'whatever1' }, { forwardedFor: other })).status).toBe(401);
    } finally {
      await server.close();
    }
  });
});
