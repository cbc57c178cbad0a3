import { describe, expect, it } from 'vitest';
import { accessTokenExpiry, isAccessTokenExpired, isUser } from '../../src/core/accounts/session';

const base64url = (text: string) => Buffer.from(text).toString('base64url');
const jwt = (payload: unknown) => `${base64url('{"alg":"HS256"}')}.${base64url(JSON.stringify(payload))}.signature`;

describe('access token expiry', () => {
  it('should read the exp claim of a JWT', () => {
    expect(accessTokenExpiry(jwt({ sub: '1', exp: 1_800_000_000 }))).toBe(1_800_000_000);
  });

  it('should read a payload whose base64url text needs padding and uses - and _', () => {
    // Payload lengths 1, 2 and 3 modulo 3 bytes give the three paddings; '~' and '?' encode to - and _.
    for (const sub of ['~~~>', '~~?', '??', 'a']) {
      const token = jwt({ sub, exp: 42 });
      expect(token.split('.')[1]).not.toMatch(/=/);
      expect(accessTokenExpiry(token)).toBe(42);
    }
    expect(base64url('{"sub":"~~~>"}')).toMatch(/[-_]/);
  });

  it('should give null for a token it cannot read', () => {
    expect(accessTokenExpiry('')).toBeNull();
    expect(accessTokenExpiry('just-one-part')).toBeNull();
    expect(accessTokenExpiry('a.!!!.c')).toBeNull();
    expect(accessTokenExpiry(`a.${base64url('not json')}.c`)).toBeNull();
    expect(accessTokenExpiry(jwt({ sub: '1' }))).toBeNull();
    expect(accessTokenExpiry(jwt({ exp: '1800000000' }))).toBeNull();
    expect(accessTokenExpiry(jwt(null))).toBeNull();
  });

  it('should count a token as expired from its exp second on, and an unreadable one as expired', () => {
    const token = jwt({ exp: 1000 });
    expect(isAccessTokenExpired(token, 999)).toBe(false);
    expect(isAccessTokenExpired(token, 1000)).toBe(true);
    expect(isAccessTokenExpired(token, 1001)).toBe(true);
    expect(isAccessTokenExpired('garbage', 0)).toBe(true);
  });
});

describe('isUser', () => {
  const user = { id: 7, userName: 'ann', dateJoined: '2026-01-01', email: 'a@b.co', emailConfirmed: true, tfaEnabled: false };

  it('should accept a user as the API sends it', () => {
    expect(isUser(user)).toBe(true);
  });

  it.each([
    ['null', null],
    ['a string', 'ann'],
    ['an id as text', { ...user, id: '7' }],
    ['no user name', { ...user, userName: undefined }],
    ['no e-mail', { ...user, email: 1 }],
    ['emailConfirmed as text', { ...user, emailConfirmed: 'true' }],
    ['tfaEnabled missing', { ...user, tfaEnabled: undefined }],
  ])('should refuse %s', (_, value) => {
    expect(isUser(value)).toBe(false);
  });
});
