import { createHmac } from 'node:crypto';

/**
 * An HS256 token built by hand exactly as the server built them before it signed with jose: header
 * `{"alg":"HS256","typ":"JWT"}`, then the claims in this order. Tokens of this format are in players'
 * browsers during an upgrade, so they must keep verifying.
 */
export function signLegacyJwt(claims: { sub: string; sid: string; iat: number; exp: number }, secret: Uint8Array): string {
  const b64 = (value: string) => Buffer.from(value).toString('base64url');
  const body = `${b64(JSON.stringify({ alg: 'HS256', typ: 'JWT' }))}.${b64(JSON.stringify({ sub: claims.sub, sid: claims.sid, iat: claims.iat, exp: claims.exp }))}`;
  return `${body}.${createHmac('sha256', secret).update(body).digest('base64url')}`;
}
