import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signJwt, verifyJwt } from '../../src/server/auth/jwt';
import { insertUser } from '../../src/server/users/repository';
import { json, startTestServer } from '../support/server';
import type { TestServer } from '../support/server';

const secret = Buffer.from('x'.repeat(48));

describe('access tokens', () => {
  const now = 1_800_000_000;
  const claims = { sub: '7', sid: 'abc', iat: now, exp: now + 900 };

  it('should accept a token it signed until it expires', () => {
    const token = signJwt(claims, secret);
    expect(verifyJwt(token, secret, now)).toEqual({ ok: true, claims });
    expect(verifyJwt(token, secret, now + 900)).toEqual({ ok: false, reason: 'expired' });
  });

  it('should refuse alg none, a tampered payload, another secret and garbage', () => {
    const token = signJwt(claims, secret);
    const [, payload, signature] = token.split('.');
    const none = `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${payload}.`;
    expect(verifyJwt(none, secret, now)).toEqual({ ok: false, reason: 'algorithm' });
    const forged = Buffer.from(JSON.stringify({ ...claims, sub: '1' })).toString('base64url');
    expect(verifyJwt(`${token.split('.')[0]}.${forged}.${signature}`, secret, now)).toEqual({ ok: false, reason: 'signature' });
    expect(verifyJwt(token, Buffer.from('y'.repeat(48)), now)).toEqual({ ok: false, reason: 'signature' });
    expect(verifyJwt('not-a-token', secret, now)).toEqual({ ok: false, reason: 'malformed' });
  });
});

describe('auth plugin', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({}, (app) => {
      app.get('/api/test/me', { preHandler: app.auth.requireUser }, async (request) => request.user);
    });
  });
  afterAll(async () => server.close());

  it('should let a bearer token of an open session through and refuse it once the session ends', async () => {
    const { app, url } = server;
    const user = insertUser(app.db, { userName: 'Alice_1', email: 'alice@example.com', passwordHash: 'x' });
    const sessionId = app.auth.openSession(user.id);
    const token = app.auth.issueAccessToken(user.id, sessionId);

    const ok = await fetch(`${url}/api/test/me`, { headers: { authorization: `Bearer ${token}` } });
    expect(ok.status).toBe(200);
    const created = app.db.prepare('SELECT created_at FROM sessions WHERE id = ?').get(sessionId) as { created_at: string };
    expect(await json(ok)).toEqual({ id: user.id, userName: 'Alice_1', sessionId, sessionEndsAt: Date.parse(created.created_at) + 30 * 86_400_000 });

    app.db.prepare('UPDATE sessions SET ended_at = ? WHERE id = ?').run(new Date().toISOString(), sessionId);
    const ended = await fetch(`${url}/api/test/me`, { headers: { authorization: `Bearer ${token}` } });
    expect(ended.status).toBe(401);
    expect(await json(ended)).toEqual({ error: 'unauthorized', message: 'Please log in to continue.' });
  });

  it('should treat a request without a token as a visitor', async () => {
    const response = await fetch(`${server.url}/api/test/me`);
    expect(response.status).toBe(401);
  });
});
