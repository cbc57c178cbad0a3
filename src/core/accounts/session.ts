/** The account entities the client holds (docs/product.md §3) and the pieces of a session. */

export interface User {
  id: number;
  userName: string;
  dateJoined: string;
  email: string;
  emailConfirmed: boolean;
  tfaEnabled: boolean;
}

export interface SessionTokens {
  /** The access token (a JWT), stored as `authToken`. */
  accessToken: string;
  refreshToken: string;
}

/** What login and register answer (the wire names of the API). */
export interface SignInResult {
  user: User;
  jwt: string;
  refreshToken: string;
  sessionId: string;
}

export interface RefreshResult {
  status: number;
  jwt?: string;
  refreshToken?: string;
}

/**
 * The `exp` claim (seconds since the epoch) of a JWT, or null when the token cannot be read.
 * Only reads: the server is the one that checks signatures.
 */
export function accessTokenExpiry(token: string): number | null {
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const base64 = payload.replace(/-/g, '+').replace(/_/g, '/');
    const json = JSON.parse(atob(base64.padEnd(base64.length + ((4 - (base64.length % 4)) % 4), '='))) as { exp?: unknown };
    return typeof json.exp === 'number' ? json.exp : null;
  } catch {
    return null;
  }
}

/** An unreadable token counts as expired: the refresh decides. */
export function isAccessTokenExpired(token: string, nowSeconds: number): boolean {
  const exp = accessTokenExpiry(token);
  return exp === null || exp <= nowSeconds;
}

export function isUser(value: unknown): value is User {
  if (!value || typeof value !== 'object') return false;
  const u = value as Record<string, unknown>;
  return (
    typeof u.id === 'number' &&
    typeof u.userName === 'string' &&
    typeof u.email === 'string' &&
    typeof u.emailConfirmed === 'boolean' &&
    typeof u.tfaEnabled === 'boolean'
  );
}
