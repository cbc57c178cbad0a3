import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { describeDevice } from '../../../core/accounts/device';
import { clientAddress } from '../../auth/throttle';
import type { Mail, Mailer } from '../../auth/mailer';
import type { RateLimits } from '../../config';
import type { Sql } from '../../db/sql';
import { issueRefreshToken, recordSessionOrigin } from '../../auth/sessions';
import type { SessionOrigin } from '../../auth/sessions';
import { findUserById, toPublicUser } from '../../users/repository';
import type { PublicUser } from '../../users/repository';

/** What every account route module receives from `authRoutes`. */
export interface AccountsOptions {
  publicUrl: string;
  mailer: Mailer;
  rateLimits: RateLimits;
}

export interface SignedIn {
  user: PublicUser;
  jwt: string;
  refreshToken: string;
  sessionId: string;
}

export type OpenedSession = Omit<SignedIn, 'jwt'>;

/**
 * Opens a session with its first refresh token; call with the transaction that decided to sign in,
 * then `withAccessToken` once it has committed (signing awaits more than queries, so it stays out of
 * the transaction).
 */
export async function openSignedInSession(app: FastifyInstance, tx: Sql, userId: number, origin: SessionOrigin): Promise<OpenedSession> {
  const sessionId = await app.auth.openSession(tx, userId);
  await recordSessionOrigin(tx, sessionId, origin);
  const refreshToken = await issueRefreshToken(tx, sessionId);
  const user = await findUserById(tx, userId);
  if (!user) throw new Error(`user ${userId} vanished while signing in`);
  return { user: toPublicUser(user), refreshToken, sessionId };
}

/** The device and the address a sign-in comes from (the address as the trusted proxy reports it, docs/operations.md). */
export function sessionOriginOf(request: FastifyRequest): SessionOrigin {
  return { device: describeDevice(request.headers['user-agent']), ipAddress: clientAddress(request) };
}

export async function withAccessToken(app: FastifyInstance, opened: OpenedSession): Promise<SignedIn> {
  return { ...opened, jwt: await app.auth.issueAccessToken(opened.user.id, opened.sessionId) };
}

/** Mail goes out in the background: a slow or failing SMTP server never delays or fails the answer. */
export function deliver(mailer: Mailer, log: FastifyBaseLogger, mail: Mail): void {
  mailer.send(mail).catch((error: unknown) => log.error({ err: error, to: mail.to, subject: mail.subject }, 'mail could not be sent'));
}

/**
 * Runs work once the answer has gone out (or the client hung up), so how long the work takes, or
 * whether there was any, cannot be read from the answer time. Failures are logged, never answered.
 */
export function afterReply(reply: FastifyReply, work: () => void | Promise<void>): void {
  reply.raw.once('close', () => {
    setImmediate(() => {
      const failed = (error: unknown) => reply.log.error({ err: error }, 'work after the reply failed');
      try {
        Promise.resolve(work()).catch(failed);
      } catch (error) {
        failed(error);
      }
    });
  });
}
