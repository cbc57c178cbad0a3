import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { SignJWT, UnsecuredJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessTokens } from '../../src/server/auth/accessToken';
import { insertUser } from '../../src/server/users/repository';
import { signLegacyJwt } from '../support/jwt';
import { ENGINE, json, startTestServer } from '../support/server';
import type { TestServer } from '../support/server';

const secret = Buffer.from('x'.repeat(48));

describe('access tokens', () => {
  const now = 1_800_000_000;
  const at = (seconds: number) => new Date(seconds * 1000);
  const claims = { sub: '7', sid: 'abc', iat: now, exp: now + 900 };

  it('should accept a token it signed until it expires', async () => {
    const tokens = await accessTokens(secret);
    const token = await tokens.sign({ sub: '7', sid: 'abc' }, now);
    expect(await tokens.verify(token, at(now))).toEqual(claims);
    expect(await tokens.verify(token, at(now + 899))).toEqual(claims);
    expect(await tokens.verify(token, at(now + 900))).toBeNull();
  });

  it('should check the time again each time a token it already accepted comes back', async () => {
    const tokens = await accessTokens(secret);
    const token = await tokens.sign({ sub: '7', sid: 'abc' }, now);
    expect(await tokens.verify(token, at(now + 10))).toEqual(claims);
    // Accepted once, the same token is still refused before its iat and from its exp on.
    expect(await tokens.verify(token, at(now - 1))).toBeNull();
    expect(await tokens.verify(token, at(now + 899))).toEqual(claims);
    expect(await tokens.verify(token, at(now + 900))).toBeNull();
    expect(await tokens.verify(token, at(now + 5))).toEqual(claims);
    // A caller changing the claims it got does not change what the next caller gets.
    (await tokens.verify(token, at(now + 5)))!.sub = '1';
    expect(await tokens.verify(token, at(now + 6))).toEqual(claims);
  });

  it('should keep accepting the tokens issued before jose signed them (same secret, HS256)', async () => {
    const tokens = await accessTokens(secret);
    const legacy = signLegacyJwt(claims, secret);
    expect(await tokens.verify(legacy, at(now + 60))).toEqual(claims);
    expect(await tokens.verify(legacy, at(now + 900))).toBeNull();
  });

  it('should refuse alg none, HS512 with the right secret, a tampered payload, another secret, a future iat and garbage', async () => {
    const tokens = await accessTokens(secret);
    const token = await tokens.sign({ sub: '7', sid: 'abc' }, now);
    const [header, payload, signature] = token.split('.') as [string, string, string];
    const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const refused = [
      new UnsecuredJWT({ sid: 'abc' }).setSubject('7').setIssuedAt(now).setExpirationTime(now + 900).encode(),
      `${b64({ alg: 'none', typ: 'JWT' })}.${payload}.`,
      await new SignJWT({ sid: 'abc' }).setProtectedHeader({ alg: 'HS512' }).setSubject('7').setIssuedAt(now).setExpirationTime(now + 900).sign(secret),
      `${header}.${b64({ ...claims, sub: '1' })}.${signature}`,
      signLegacyJwt(claims, Buffer.from('y'.repeat(48))),
      signLegacyJwt({ ...claims, iat: now + 600, exp: now + 1500 }, secret),
      'not-a-token',
    ];
    for (const candidate of refused) expect(await tokens.verify(candidate, at(now + 1)), candidate).toBeNull();
    // iat is checked as well as exp: no token lives longer than an access token's lifetime.
    const longLived = signLegacyJwt({ sub: '7', sid: 'abc', iat: now, exp: now + 86_400 }, secret);
    expect(await tokens.verify(longLived, at(now + 899))).not.toBeNull();
    expect(await tokens.verify(longLived, at(now + 901))).toBeNull();
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
    const user = (await insertUser(app.db, { userName: 'Alice_1', email: 'alice@example.com', passwordHash: 'x' }))!;
    const sessionId = await app.db.transaction((tx) => app.auth.openSession(tx, user.id));
    const token = await app.auth.issueAccessToken(user.id, sessionId);

    const ok = await fetch(`${url}/api/test/me`, { headers: { authorization: `Bearer ${token}` } });
    expect(ok.status).toBe(200);
    const created = (await app.db.get<{ created_at: string }>('SELECT created_at FROM sessions WHERE id = ?', [sessionId]))!;
    expect(await json(ok)).toEqual({ id: user.id, userName: 'Alice_1', sessionId, sessionEndsAt: Date.parse(created.created_at) + 30 * 86_400_000 });

    await app.db.run('UPDATE sessions SET ended_at = ? WHERE id = ?', [new Date().toISOString(), sessionId]);
    const ended = await fetch(`${url}/api/test/me`, { headers: { authorization: `Bearer ${token}` } });
    expect(ended.status).toBe(401);
    expect(await json(ended)).toEqual({ error: 'unauthorized', message: 'Please log in to continue.' });
  });

  // The server keeps an open session's row between requests on SQLite; another connection to the file
  // (another process) ending the session must be seen at once all the same.
  it.skipIf(ENGINE === 'postgres')('should refuse a bearer token at once when another connection to the database ends its session', async () => {
    const { app, url } = server;
    const user = (await insertUser(app.db, { userName: 'Bob_1', email: 'bob@example.com', passwordHash: 'x' }))!;
    const sessionId = await app.db.transaction((tx) => app.auth.openSession(tx, user.id));
    const token = await app.auth.issueAccessToken(user.id, sessionId);
    const me = () => fetch(`${url}/api/test/me`, { headers: { authorization: `Bearer ${token}` } });
    expect((await me()).status).toBe(200);
    expect((await me()).status).toBe(200);
    const other = new BetterSqlite3(path.join(server.dataDir, 'casino.sqlite'));
    try {
      other.prepare('UPDATE sessions SET ended_at = ? WHERE id = ?').run(new Date().toISOString(), sessionId);
    } finally {
      other.close();
    }
    expect((await me()).status).toBe(401);
  });

  it('should treat a request without a token as a visitor', async () => {
    const response = await fetch(`${server.url}/api/test/me`);
    expect(response.status).toBe(401);
  });
});
