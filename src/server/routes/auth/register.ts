import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { register } from '../../../core/contracts/auth';
import { issueAccountToken } from '../../auth/accountTokens';
import { confirmationMail } from '../../auth/mails';
import { AUTH_MESSAGES as M } from '../../auth/messages';
import { hashPassword } from '../../auth/passwords';
import { emailAccount, rateLimited } from '../../auth/rateLimits';
import { checkEmail, checkNewPassword, checkUserName } from '../../auth/rules';
import { AppError } from '../../errors';
import { createFirstSeeds } from '../../fairness/seeds';
import { insertUser, isEmailTaken, isUserNameTaken } from '../../users/repository';
import { deliver, openSignedInSession, withAccessToken } from './context';
import type { AccountsOptions } from './context';
import { schemaOf } from '../contract';

export const registerRoute: FastifyPluginAsyncTypebox<AccountsOptions> = async (app, { publicUrl, mailer, rateLimits }) => {
  const assertAvailable = (userName: string, email: string) => {
    if (isUserNameTaken(app.db, userName)) throw new AppError(409, 'user_name_taken', M.userNameTaken);
    if (isEmailTaken(app.db, email)) throw new AppError(409, 'email_taken', M.emailTaken);
  };

  app.post(
    register.path,
    {
      // Each sign-up costs an argon2 hash.
      preHandler: rateLimited(app, rateLimits.signUp, rateLimits.windowMs, emailAccount),
      schema: schemaOf(register),
    },
    async (request) => {
      const { userName, password } = request.body;
      const email = request.body.email.trim();
      checkUserName(userName);
      checkEmail(email);
      checkNewPassword(password, { userName, email });
      assertAvailable(userName, email);
      const passwordHash = await hashPassword(password);
      // Checked again inside the transaction: another sign-up may have taken the name while we hashed.
      const { opened, token } = app.db.transaction(() => {
        assertAvailable(userName, email);
        const user = insertUser(app.db, { userName, email, passwordHash });
        // Drawn now, so the first bet never plays on a seed made inside its own request.
        createFirstSeeds(app.db, user.id);
        return { opened: openSignedInSession(app, user.id), token: issueAccountToken(app.db, user.id, 'confirm_email') };
      })();
      deliver(mailer, request.log, confirmationMail(publicUrl, opened.user, token));
      return withAccessToken(app, opened);
    },
  );
};
