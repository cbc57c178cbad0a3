import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { confirmEmail, resendConfirmation } from '../../../core/contracts/auth';
import { consumeAccountToken, issueAccountToken, latestAccountTokenAt } from '../../auth/accountTokens';
import { confirmationMail } from '../../auth/mails';
import { AUTH_MESSAGES as M } from '../../auth/messages';
import { rateLimited } from '../../auth/rateLimits';
import { sha256 } from '../../auth/tokens';
import { AppError } from '../../errors';
import { findUserById, lockUser, markEmailConfirmed } from '../../users/repository';
import { deliver } from './context';
import type { AccountsOptions } from './context';
import { schemaOf } from '../contract';

const RESEND_COOLDOWN_MS = 60_000;

/** The page reads userId from its query string, so a numeric string is as good as a number. */
function parseUserId(raw: number | string): number {
  const id = typeof raw === 'number' ? raw : /^[0-9]{1,15}$/.test(raw) ? Number(raw) : NaN;
  if (!Number.isSafeInteger(id) || id < 1) throw new AppError(400, 'bad_request', M.invalidUserId);
  return id;
}

export const emailRoutes: FastifyPluginAsyncTypebox<AccountsOptions> = async (app, { publicUrl, mailer, rateLimits }) => {
  app.post(
    confirmEmail.path,
    { schema: schemaOf(confirmEmail) },
    async (request) => {
      const userId = parseUserId(request.body.userId);
      const { token } = request.body;
      const confirmed = await app.db.transaction(async (tx) => {
        // The token first: of two requests with one token (side by side on PostgreSQL) exactly one
        // consumes it; the other waits for it, then reads the user as it left them, confirmed.
        if (await consumeAccountToken(tx, userId, 'confirm_email', token)) {
          await markEmailConfirmed(tx, userId);
          return true;
        }
        const user = await findUserById(tx, userId);
        if (!user) return false;
        // Opening the same link twice is not an error once the address is confirmed.
        const known = await tx.get(`SELECT 1 AS known FROM account_tokens WHERE user_id = ? AND purpose = 'confirm_email' AND token_hash = ?`, [
          userId,
          sha256(token),
        ]);
        return user.emailConfirmed && known !== undefined;
      });
      if (!confirmed) throw new AppError(400, 'invalid_token', M.invalidConfirmation);
      return { success: true, message: M.emailConfirmed };
    },
  );

  app.post(
    resendConfirmation.path,
    {
      onRequest: app.auth.requireUser,
      // The one-minute cooldown below stops bursts; this bounds a day of steady resending, per account and address.
      preHandler: rateLimited(app, 'resend-confirmation', rateLimits.resendConfirmation, rateLimits.windowMs, (request) =>
        request.user ? `user:${request.user.id}` : undefined,
      ),
      schema: schemaOf(resendConfirmation),
    },
    async (request) => {
      const user = await findUserById(app.db, request.user!.id);
      if (!user) throw new AppError(401, 'unauthorized', 'Please log in to continue.');
      if (user.emailConfirmed) throw new AppError(409, 'already_confirmed', M.alreadyConfirmed);
      const token = await app.db.transaction(async (tx) => {
        // The cooldown is read under the user's row lock, so two resends at once (PostgreSQL) cannot
        // both find the last mail a minute old: the second waits, then sees the first's token.
        await lockUser(tx, user.id);
        const last = await latestAccountTokenAt(tx, user.id, 'confirm_email');
        const wait = last ? Date.parse(last) + RESEND_COOLDOWN_MS - Date.now() : 0;
        if (wait > 0) {
          throw new AppError(429, 'too_many_requests', M.confirmationTooSoon, { 'retry-after': String(Math.ceil(wait / 1000)) });
        }
        return issueAccountToken(tx, user.id, 'confirm_email');
      });
      deliver(mailer, request.log, confirmationMail(publicUrl, user, token));
      return { success: true, message: M.confirmationSent };
    },
  );
};
