import { webcrypto } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';

/**
 * Access tokens are JWTs signed and checked by jose with HS256 only: the algorithm allow-list holds
 * one entry, so a token that names another (`none`, HS512, RS256 with our secret as a public key…)
 * is refused before any signature check. Their claims are `sub` (the user id), `sid` (the session),
 * `iat` and `exp`: the format the server has always issued, so tokens signed before jose took over
 * (same secret, same algorithm) keep verifying.
 */

export const ACCESS_TOKEN_ALGORITHM = 'HS256';
export const ACCESS_TOKEN_SECONDS = 15 * 60;

export interface AccessClaims {
  sub: string;
  sid: string;
  iat: number;
  exp: number;
}

export interface AccessTokens {
  sign: (claims: { sub: string; sid: string }, nowSeconds?: number) => Promise<string>;
  /** The claims of a well-formed, correctly signed, unexpired token; null for anything else. */
  verify: (token: string, now?: Date) => Promise<AccessClaims | null>;
}

/** Imports the secret once as a non-extractable HMAC key; every token is signed and checked with it. */
export async function accessTokens(secret: Uint8Array): Promise<AccessTokens> {
  const key = await webcrypto.subtle.importKey('raw', secret, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']);
  return {
    sign: ({ sub, sid }, nowSeconds = Math.floor(Date.now() / 1000)) =>
      new SignJWT({ sid })
        .setProtectedHeader({ alg: ACCESS_TOKEN_ALGORITHM, typ: 'JWT' })
        .setSubject(sub)
        .setIssuedAt(nowSeconds)
        .setExpirationTime(nowSeconds + ACCESS_TOKEN_SECONDS)
        .sign(key),
    verify: async (token, now) => {
      try {
        const { payload } = await jwtVerify(token, key, {
          algorithms: [ACCESS_TOKEN_ALGORITHM],
          requiredClaims: ['sub', 'sid', 'iat', 'exp'],
          // Checks iat as well as exp: no token outlives the lifetime it was issued with.
          maxTokenAge: ACCESS_TOKEN_SECONDS,
          ...(now ? { currentDate: now } : {}),
        });
        const { sub, sid, iat, exp } = payload;
        if (typeof sub !== 'string' || typeof sid !== 'string' || typeof iat !== 'number' || typeof exp !== 'number') return null;
        return { sub, sid, iat, exp };
      } catch {
        return null;
      }
    },
  };
}
