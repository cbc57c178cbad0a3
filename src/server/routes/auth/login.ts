import type { FastifyPluginAsync } from 'fastify';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { login } from '../../../core/contracts/auth';
import { AUTH_MESSAGES as M } from '../../auth/messages';
import { burnPasswordCheck, verifyPassword } from '../../auth/passwords';
import { accountKey, addressKey, clearFailures, clientAddress, countAttempt, withdrawAttempt } from '../../auth/throttle';
import type { CountedAttempt } from '../../auth/throttle';
import type { SessionOrigin } from '../../auth/sessions';
import { checkTotp } from '../../auth/totp';
import { AppError } from '../../errors';
import { claimMfaStep, findUserByLogin, passwordStill } from '../../users/repository';
import type { UserRow } from '../../users/repository';
import { openSignedInSession, sessionOriginOf, withAccessToken } from './context';
import type { AccountsOptions, SignedIn } from './context';
import { schemaOf } from '../contract';

/**
 * From an address the throttle refuses, only both factors get in: the right password and a fresh
 * two-factor code. The code is checked first (cheap), so a refused address cannot make us hash;
 * any miss answers the same 429 and is not counted, so this reveals nothing about the password.
 */
async function signInDespiteThrottle(
  app: Parameters<FastifyPluginAsync>[0],
  origin: SessionOrigin,
  user: UserRow,
  password: string,
  mfaCode: string | undefined,
): Promise<SignedIn | null> {
  if (!user.mfaEnabled || !user.mfaKey || !mfaCode) return null;
  const step = await checkTotp(user.mfaKey, mfaCode, user.mfaLastStep);
  if (step === null || !(await verifyPassword(user.passwordHash, password))) return null;
  if (!(await claimMfaStep(app.db, user.id, step))) return null;
  const opened = await app.db.transaction(async (tx) => {
    if (!(await passwordStill(tx, user.id, user.passwordHash))) return null;
    await clearFailures(tx, accountKey(user.id));
    return openSignedInSession(app, tx, user.id, origin);
  });
  return opened ? withAccessToken(app, opened) : null;
}

export const loginRoute: FastifyPluginAsyncTypebox<AccountsOptions> = async (app) => {
  app.post(
    login.path,
    { schema: schemaOf(login) },
    async (request) => {
      const { userName: login, password, mfaCode } = request.body;
      const user = await findUserByLogin(app.db, login);
      // Counted per client address only: an account-wide lock would let anyone lock its owner out.
      const keys = [addressKey(clientAddress(request))];
      // Counted as a failure before the password is checked (taken back below if it is none), so
      // attempts fired in parallel cannot all pass one count.
      const attempt: CountedAttempt | AppError = await countAttempt(app.db, keys);
      if (attempt instanceof AppError) {
        const owner = user ? await signInDespiteThrottle(app, sessionOriginOf(request), user, password, mfaCode) : null;
        if (!owner) throw attempt;
        return owner;
      }

      if (!user) {
        await burnPasswordCheck(password);
        throw new AppError(401, 'invalid_credentials', M.invalidCredentials);
      }
      if (!(await verifyPassword(user.passwordHash, password))) {
        throw new AppError(401, 'invalid_credentials', M.invalidCredentials);
      }
      if (user.mfaEnabled) {
        if (!mfaCode) {
          // Not a failure: the right password, and the client has yet to ask for the code.
          await withdrawAttempt(app.db, attempt);
          throw new AppError(401, 'mfa_required', M.mfaRequired);
        }
        const step = user.mfaKey ? await checkTotp(user.mfaKey, mfaCode, user.mfaLastStep) : null;
        if (step === null || !(await claimMfaStep(app.db, user.id, step))) {
          throw new AppError(401, 'mfa_invalid', M.mfaInvalid);
        }
      }
      const opened = await app.db.transaction(async (tx) => {
        // The password was checked outside: a reset or change that landed since wins.
        if (!(await passwordStill(tx, user.id, user.passwordHash))) return null;
        await withdrawAttempt(tx, attempt);
        await clearFailures(tx, accountKey(user.id));
        return openSignedInSession(app, tx, user.id, sessionOriginOf(request));
      });
      if (!opened) throw new AppError(401, 'invalid_credentials', M.invalidCredentials);
      return withAccessToken(app, opened);
    },
  );
};
