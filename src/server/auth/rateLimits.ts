import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { RateLimit } from '../config';
import { AppError } from '../errors';
import { describeWait } from './throttle';

/** What one limited call counts against besides the client address: an e-mail address or an account. */
export type AccountOf = (request: FastifyRequest) => string | undefined;

/**
 * A preHandler (the body is parsed and valid by then) that counts the request against the client
 * address and against the account it names, each in its own fixed window, and refuses with the
 * same 429 shape as the sign-in throttle: `{ error, message }` and Retry-After in seconds.
 * Counts live in whatever store @fastify/rate-limit was registered with (app.ts); `name` keeps each
 * limit's counts apart there (`name:address`, `name:account`), since the sign-up, forgot-password and
 * resend limits key by the same addresses and e-mail addresses.
 */
export function rateLimited(app: FastifyInstance, name: string, limit: RateLimit, windowMs: number, accountOf: AccountOf) {
  // Without a keyGenerator the plugin keys by request.ip, folding an IPv6 address into its /64.
  const byAddress = app.createRateLimit({ max: limit.perAddress, timeWindow: windowMs, ...{ cache: 20_000, nameSpace: `${name}:address` } });
  const byAccount = app.createRateLimit({
    max: limit.perAccount,
    timeWindow: windowMs,
    keyGenerator: (request) => `account:${accountOf(request) ?? ''}`,
    ...{ cache: 20_000, nameSpace: `${name}:account` },
  });
  return async (request: FastifyRequest): Promise<void> => {
    const checks = accountOf(request) === undefined ? [byAddress] : [byAddress, byAccount];
    for (const check of checks) {
      const result = await check(request);
      if (result.isAllowed || !result.isExceeded) continue;
      const seconds = Math.max(1, result.ttlInSeconds);
      throw new AppError(429, 'too_many_requests', `Too many requests. Please try again in ${describeWait(seconds)}.`, {
        'retry-after': String(seconds),
      });
    }
  };
}

/** E-mail addresses are compared without regard to case or surrounding space, as sign-up does. */
export const emailAccount = (request: FastifyRequest): string | undefined => {
  const email = (request.body as { email?: unknown } | undefined)?.email;
  return typeof email === 'string' ? email.trim().toLowerCase() : undefined;
};
