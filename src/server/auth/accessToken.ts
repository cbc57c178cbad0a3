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

/** Tokens whose signature and claims were checked, kept per process (a player sends the same one for 15 minutes). */
const VERIFIED_CAPACITY = 10_000;

/**
 * Imports the secret once as a non-extractable HMAC key; every token is signed and checked with it.
 *
 * A token's signature and the shape of its claims do not change, so once jose has accepted a token its
 * claims are kept (at most VERIFIED_CAPACITY tokens, the oldest dropped first) and the same token string
 * later skips the HMAC: only the time checks run again, exactly as jose runs them (`exp` still ahead,
 * age since `iat` within the lifetime and not negative). A player's bets, about twenty a second when
 * autobetting, each carry the same token; checking its HMAC every time was a tenth of the bet route's CPU.
 */
export async function accessTokens(secret: Uint8Array): Promise<AccessTokens> {
  const key = await webcrypto.subtle.importKey('raw', secret, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']);
  const verified = new Map<string, AccessClaims>();
  const inTime = (claims: AccessClaims, now: Date | undefined): boolean => {
    const seconds = Math.floor((now ?? new Date()).getTime() / 1000);
    const age = seconds - claims.iat;
    return claims.exp > seconds && age <= ACCESS_TOKEN_SECONDS && age >= 0;
  };
  return {
    sign: ({ sub, sid }, nowSeconds = Math.floor(Date.now() / 1000)) =>
      new SignJWT({ sid })
        .setProtectedHeader({ alg: ACCESS_TOKEN_ALGORITHM, typ: 'JWT' })
        .setSubject(sub)
        .setIssuedAt(nowSeconds)
        .setExpirationTime(nowSeconds + ACCESS_TOKEN_SECONDS)
        .sign(key),
    verify: async (token, now) => {
      const known = verified.get(token);
      if (known) return inTime(known, now) ? { ...known } : null;
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
        const claims = { sub, sid, iat, exp };
        if (verified.size >= VERIFIED_CAPACITY) verified.delete(verified.keys().next().value!);
        verified.set(token, claims);
        return { ...claims };
      } catch {
        return null;
      }
    },
  };
}
