import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { changePassword, forgotPassword, resetPassword } from '../../../core/contracts/auth';
import { consumeAccountToken, issueAccountToken } from '../../auth/accountTokens';
import { resetMail } from '../../auth/mails';
import { AUTH_MESSAGES as M } from '../../auth/messages';
import { hashPassword, verifyPassword } from '../../auth/passwords';
import { emailAccount, rateLimited } from '../../auth/rateLimits';
import { checkEmail, checkNewPassword } from '../../auth/rules';
import { endSessions } from '../../auth/sessions';
import { accountKey, addressKey, assertNotThrottled, clearFailures, clientAddress, withdrawAttempt } from '../../auth/throttle';
import { randomToken, sha256 } from '../../auth/tokens';
import { checkTotp } from '../../auth/totp';
import { AppError } from '../../errors';
import { claimMfaStep, findUserByEmail, findUserById, replacePasswordHash, setPasswordHash } from '../../users/repository';
import type { UserRow } from '../../users/repository';
import { afterReply, deliver } from './context';
import type { AccountsOptions } from './context';
import { schemaOf } from '../contract';
import { isoNow } from '../../clock';

/**
 * Proves the signed-in player is the account holder before a sensitive change: the current
 * password (when given) and, with two-factor on, a fresh code. Failures count towards the same
 * throttle as sign-in. Answers 403, not 401: a 401 tells the client its access token is stale.
 */
export async function proveHolder(
  app: Parameters<FastifyPluginAsync>[0],
  request: FastifyRequest,
  user: UserRow,
  proof: { password?: string; mfaCode?: string | undefined },
): Promise<void> {
  const keys = [accountKey(user.id), addressKey(clientAddress(request))];
  // Counted as a failure before anything is checked (so parallel guesses cannot all pass one count),
  // and taken back once the proof holds.
  const attempt = await assertNotThrottled(app.db, keys);
  if (proof.password !== undefined && !(await verifyPassword(user.passwordHash, proof.password))) {
    throw new AppError(403, 'wrong_password', M.wrongPassword);
  }
  if (user.mfaEnabled) {
    if (!proof.mfaCode) {
      await withdrawAttempt(app.db, attempt);
      throw new AppError(403, 'mfa_required', M.mfaRequired);
    }
    const step = user.mfaKey ? await checkTotp(user.mfaKey, proof.mfaCode, user.mfaLastStep) : null;
    if (step === null || !(await claimMfaStep(app.db, user.id, step))) {
      throw new AppError(403, 'mfa_invalid', M.mfaInvalid);
    }
  }
  await withdrawAttempt(app.db, attempt);
}

export const passwordRoutes: FastifyPluginAsyncTypebox<AccountsOptions> = async (app, { publicUrl, mailer, rateLimits }) => {
  app.post(
    forgotPassword.path,
    {
      // Each known address gets a mail: without a limit, anyone could flood one inbox.
      preHandler: rateLimited(app, 'forgot-password', rateLimits.forgotPassword, rateLimits.windowMs, emailAccount),
      schema: schemaOf(forgotPassword),
    },
    async (request, reply) => {
      const { email } = request.body;
      // Nothing but the answer happens before the reply: the lookup, the token write and the mail
      // come after it, so neither the body nor the time tells whether the address has an account.
      afterReply(reply, async () => {
        const user = await findUserByEmail(app.db, email);
        if (!user) return;
        const token = randomToken();
        await app.db.transaction((tx) => issueAccountToken(tx, user.id, 'reset_password', token));
        deliver(mailer, request.log, resetMail(publicUrl, user, token));
      });
      return { success: true, message: M.resetRequested };
    },
  );

  app.post(
    resetPassword.path,
    { schema: schemaOf(resetPassword) },
    async (request) => {
      const { token, password } = request.body;
      const email = request.body.email.trim();
      checkEmail(email);
      const user = await findUserByEmail(app.db, email);
      checkNewPassword(password, user ? { userName: user.userName, email: user.email } : { email });
      const tokenHash = sha256(token);
      const live = user
        ? await app.db.get(
            `SELECT 1 AS live FROM account_tokens WHERE user_id = ? AND purpose = 'reset_password' AND token_hash = ? AND used_at IS NULL AND expires_at > ?`,
            [user.id, tokenHash, isoNow()],
          )
        : undefined;
      if (!user || !live) throw new AppError(400, 'invalid_token', M.invalidReset);
      const passwordHash = await hashPassword(password);
      const ended = await app.db.transaction(async (tx) => {
        // Consumed only now, atomically: a second request with the same token loses here.
        if (!(await consumeAccountToken(tx, user.id, 'reset_password', token))) return null;
        await setPasswordHash(tx, user.id, passwordHash);
        const sessionIds = await endSessions(tx, { userId: user.id });
        await clearFailures(tx, accountKey(user.id));
        return sessionIds;
      });
      if (ended === null) throw new AppError(400, 'invalid_token', M.invalidReset);
      app.auth.sessionsEnded(ended);
      return { success: true, message: M.passwordReset };
    },
  );

  app.post(
    changePassword.path,
    { onRequest: app.auth.requireUser, schema: schemaOf(changePassword) },
    async (request) => {
      const { oldPassword, newPassword, mfaCode } = request.body;
      const current = request.user!;
      const user = await findUserById(app.db, current.id);
      if (!user) throw new AppError(401, 'unauthorized', 'Please log in to continue.');
      checkNewPassword(newPassword, user);
      // Once the old password is proven, "same as the current one" is plain string equality.
      if (newPassword === oldPassword) throw new AppError(400, 'same_password', M.samePassword);
      await proveHolder(app, request, user, { password: oldPassword, mfaCode });
      const passwordHash = await hashPassword(newPassword);
      const ended = await app.db.transaction(async (tx) => {
        // The old password was proven against user.passwordHash, read before two awaits: another
        // change or a reset may have landed since, and then this one must not.
        if (!(await replacePasswordHash(tx, user.id, user.passwordHash, passwordHash))) return null;
        return endSessions(tx, { userId: user.id, exceptSessionId: current.sessionId });
      });
      if (ended === null) throw new AppError(409, 'password_changed', M.passwordChangedMeanwhile);
      app.auth.sessionsEnded(ended);
      return { success: true, message: M.passwordChanged };
    },
  );
};
