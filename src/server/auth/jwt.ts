import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Minimal HS256 JWT: the only algorithm we accept is the one we sign with, so a token that names
 * another (`none`, RS256 with our secret as a public key…) is refused before any signature check.
 */

export interface AccessClaims {
  sub: string;
  sid: string;
  exp: number;
  iat: number;
}

const HEADER = base64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));

function base64url(input: string | Buffer): string {
  return Buffer.from(input).toString('base64url');
}

function sign(data: string, secret: Buffer): string {
  return createHmac('sha256', secret).update(data).digest('base64url');
}

export function signJwt(claims: AccessClaims, secret: Buffer): string {
  const body = `${HEADER}.${base64url(JSON.stringify(claims))}`;
  return `${body}.${sign(body, secret)}`;
}

export type JwtFailure = 'malformed' | 'algorithm' | 'signature' | 'expired' | 'claims';

export function verifyJwt(
  token: string,
  secret: Buffer,
  nowSeconds = Math.floor(Date.now() / 1000),
): { ok: true; claims: AccessClaims } | { ok: false; reason: JwtFailure } {
  const parts = token.split('.');
  if (parts.length !== 3 || parts.some((p) => !/^[A-Za-z0-9_-]*$/.test(p))) return { ok: false, reason: 'malformed' };
  const [header, payload, signature] = parts as [string, string, string];
  let parsedHeader: unknown;
  let parsedClaims: unknown;
  try {
    parsedHeader = JSON.parse(Buffer.from(header, 'base64url').toString('utf8'));
    parsedClaims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    return { ok: false, reason: 'malformed' };
  }
  if (!parsedHeader || typeof parsedHeader !== 'object' || (parsedHeader as { alg?: unknown }).alg !== 'HS256') {
    return { ok: false, reason: 'algorithm' };
  }
  const expected = Buffer.from(sign(`${header}.${payload}`, secret));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return { ok: false, reason: 'signature' };
  const claims = parsedClaims as Partial<AccessClaims> | null;
  if (
    !claims ||
    typeof claims.sub !== 'string' ||
    typeof claims.sid !== 'string' ||
    typeof claims.exp !== 'number' ||
    typeof claims.iat !== 'number'
  ) {
    return { ok: false, reason: 'claims' };
  }
  if (claims.exp <= nowSeconds) return { ok: false, reason: 'expired' };
  return { ok: true, claims: claims as AccessClaims };
}
