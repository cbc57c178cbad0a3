import type { FastifyPluginAsync } from 'fastify';
import { AUTH_MESSAGES as M } from '../../auth/messages';
import { burnPasswordCheck, verifyPassword } from '../../auth/passwords';
import { accountKey, addressKey, assertNotThrottled, clearFailures, clientAddress, recordFailure, unknownLoginKey } from '../../auth/throttle';
import { checkTotp } from '../../auth/totp';
import { AppError } from '../../errors';
import { claimMfaStep, findUserByLogin } from '../../users/repository';
import { openSignedInSession } from './context';
import type { AccountsOptions } from './context';
import { LIMITS, body, signedInSchema, str } from './schemas';

interface LoginBody {
  userName: string;
  password: string;
  mfaCode?: string;
}

export const loginRoute: FastifyPluginAsync<AccountsOptions> = async (app) => {
  app.post<{ Body: LoginBody }>(
    '/login',
    {
      schema: {
        body: body(
          { userName: str(LIMITS.login, { minLength: 1 }), password: str(LIMITS.password, { minLength: 1 }), mfaCode: str(LIMITS.mfaCode) },
          ['userName', 'password'],
        ),
        response: { 200: signedInSchema },
      },
    },
    async (request) => {
      const { userName: login, password, mfaCode } = request.body;
      const user = findUserByLogin(app.db, login);
      const keys = [user ? accountKey(user.id) : unknownLoginKey(login), addressKey(clientAddress(request))];
      assertNotThrottled(app.db, keys);

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
      return app.db.transaction(() => {
        clearFailures(app.db, accountKey(user.id));
        return openSignedInSession(app, user.id);
      })();
    },
  );
};
