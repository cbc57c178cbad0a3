import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { register } from '../../../core/contracts/auth';
import { issueAccountToken } from '../../auth/accountTokens';
import { confirmationMail } from '../../auth/mails';
import { AUTH_MESSAGES as M } from '../../auth/messages';
import { hashPassword } from '../../auth/passwords';
import { emailAccount, rateLimited } from '../../auth/rateLimits';
import { checkEmail, checkNewPassword, checkUserName } from '../../auth/rules';
import type { Sql } from '../../db/sql';
import { AppError } from '../../errors';
import { createFirstSeeds } from '../../fairness/seeds';
import { insertUser, isEmailTaken, isUserNameTaken } from '../../users/repository';
import { deliver, openSignedInSession, sessionOriginOf, withAccessToken } from './context';
import type { AccountsOptions } from './context';
import { schemaOf } from '../contract';

export const registerRoute: FastifyPluginAsyncTypebox<AccountsOptions> = async (app, { publicUrl, mailer, rateLimits }) => {
  const assertAvailable = async (sql: Sql, userName: string, email: string) => {
    if (await isUserNameTaken(sql, userName)) throw new AppError(409, 'user_name_taken', M.userNameTaken);
    if (await isEmailTaken(sql, email)) throw new AppError(409, 'email_taken', M.emailTaken);
  };

  app.post(
    register.path,
    {
      // Each sign-up costs an argon2 hash.
      preHandler: rateLimited(app, 'sign-up', rateLimits.signUp, rateLimits.windowMs, emailAccount),
      schema: schemaOf(register),
    },
    async (request) => {
      const { userName, password } = request.body;
      const email = request.body.email.trim();
      checkUserName(userName);
      checkEmail(email);
      checkNewPassword(password, { userName, email });
      await assertAvailable(app.db, userName, email);
      const passwordHash = await hashPassword(password);
      // Another sign-up may have taken the name while we hashed, or (PostgreSQL) be taking it right
      // now: the unique keys decide, and the loser answers the same 409 as above.
      const { opened, token } = await app.db.transaction(async (tx) => {
        const user = await insertUser(tx, { userName, email, passwordHash });
        if (!user) {
          await assertAvailable(tx, userName, email);
          throw new AppError(409, 'user_name_taken', M.userNameTaken);
        }
        // Drawn now, so the first bet never plays on a seed made inside its own request.
        await createFirstSeeds(tx, user.id);
        return { opened: await openSignedInSession(app, tx, user.id, sessionOriginOf(request)), token: await issueAccountToken(tx, user.id, 'confirm_email') };
      });
      deliver(mailer, request.log, confirmationMail(publicUrl, opened.user, token));
      return withAccessToken(app, opened);
    },
  );
};
