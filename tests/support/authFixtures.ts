import type { SignInResult, User } from '../../src/core/accounts/session';

export const ada: User = {
  id: 7,
  userName: 'ada',
  dateJoined: '2024-05-01T10:00:00.000Z',
  email: 'ada@example.com',
  emailConfirmed: false,
  tfaEnabled: false,
};

/** An unsigned JWT-shaped token with the given exp (seconds); the client only reads its claims. */
export function jwtWithExp(exp: number, sid = 's1'): string {
  const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${part({ alg: 'HS256', typ: 'JWT' })}.${part({ sub: '7', sid, exp, iat: exp - 900 })}.signature`;
}

export const NOW = 1_800_000_000;
export const liveToken = jwtWithExp(NOW + 600);
export const expiredToken = jwtWithExp(NOW - 10);

export const signIn = (user: User = ada): SignInResult => ({
  user,
  jwt: liveToken,
  refreshToken: 'refresh-1',
  sessionId: 'session-1',
});
