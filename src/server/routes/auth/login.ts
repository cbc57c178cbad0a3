import type { FastifyPluginAsync } from 'fastify';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { login } from '../../../core/contracts/auth';
import { AUTH_MESSAGES as M } from '../../auth/messages';
import { burnPasswordCheck, verifyPassword } from '../../auth/passwords';
import { accountKey, addressKey, clearFailures, clientAddress, recordFailure, throttleRefusal } from '../../auth/throttle';
import { checkTotp } from '../../auth/totp';
import { AppError } from '../../errors';
import { claimMfaStep, findUserByLogin } from '../../users/repository';
import type { UserRow } from '../../users/repository';
import { openSignedInSession, withAccessToken } from './context';
import type { AccountsOptions, SignedIn } from './context';
import { schemaOf } from '../contract';

/**
 * From an address the throttle refuses, only both factors get in: the right password and a fresh
 * two-factor code. The code is checked first (cheap), so a refused address cannot make us hash;
 * any miss answers the same 429 and is not counted, so this reveals nothing about the password.
 */
async function signInDespiteThrottle(
  app: Parameters<FastifyPluginAsync>[0],
  user: UserRow,
  password: string,
  mfaCode: string | undefined,
): Promise<SignedIn | null> {
  if (!user.mfaEnabled || !user.mfaKey || !mfaCode) return null;
  const step = await checkTotp(user.mfaKey, mfaCode, user.mfaLastStep);
  if (step === null || !(await verifyPassword(user.passwordHash, password))) return null;
  if (!claimMfaStep(app.db, user.id, step)) return null;
  const opened = app.db.transaction(() => {
    clearFailures(app.db, accountKey(user.id));
    return openSignedInSession(app, user.id);
  })();
  return withAccessToken(app, opened);
}

export const loginRoute: FastifyPluginAsyncTypebox<AccountsOptions> = async (app) => {
  app.post(
    login.path,
    { schema: schemaOf(login) },
    async (request) => {
      const { userName: login, password, mfaCode } = request.body;
      const user = findUserByLogin(app.db, login);
      // Counted per client address only: an account-wide lock would let anyone lock its owner out.
      const keys = [addressKey(clientAddress(request))];
      const refusal = throttleRefusal(app.db, keys);
      if (refusal) {
        const owner = user ? await signInDespiteThrottle(app, user, password, mfaCode) : null;
        if (!owner) throw refusal;
        return owner;
      }

      if (!user) {
        await burnPasswordCheck(password);
        recordFailure(app.db, keys);
        throw new AppError(401, 'invalid_credentials', M.invalidCredentials);
      }
      if (!(await verifyPassword(user.passwordHash, password))) {
        recordFailure(app.db, keys);
        throw new AppError(401, 'invalid_credentials', M.invalidCredentials);
      }
      if (user.mfaEnabled) {
        if (!mfaCode) throw new AppError(401, 'mfa_required', M.mfaRequired);
        const step = user.mfaKey ? await checkTotp(user.mfaKey, mfaCode, user.mfaLastStep) : null;
        if (step === null || !claimMfaStep(app.db, user.id, step)) {
          recordFailure(app.db, keys);
          throw new AppError(401, 'mfa_invalid', M.mfaInvalid);
        }
      }
      const opened = app.db.transaction(() => {
        clearFailures(app.db, accountKey(user.id));
        return openSignedInSession(app, user.id);
      })();
      return withAccessToken(app, opened);
    },
  );
};
