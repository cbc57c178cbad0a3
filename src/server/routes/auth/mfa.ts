import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { disableMfa, enableMfa, getMfaKey } from '../../../core/contracts/auth';
import { AUTH_MESSAGES as M } from '../../auth/messages';
import { accountKey, addressKey, assertNotThrottled, clientAddress, recordFailure } from '../../auth/throttle';
import { checkTotp, mfaUri, newMfaKey } from '../../auth/totp';
import { AppError } from '../../errors';
import { claimMfaStep, findUserById, setMfaEnabled, setPendingMfaKey, toPublicUser } from '../../users/repository';
import { proveHolder } from './password';
import { schemaOf } from '../contract';

export const mfaRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const signedInUser = (id: number) => {
    const user = findUserById(app.db, id);
    if (!user) throw new AppError(401, 'unauthorized', 'Please log in to continue.');
    return user;
  };

  /** While two-factor is off: the key offered for the next enable (made once, then kept until used or replaced). */
  app.get(getMfaKey.path, { onRequest: app.auth.requireUser, schema: schemaOf(getMfaKey) }, async (request) => {
    const user = signedInUser(request.user!.id);
    if (user.mfaEnabled) throw new AppError(409, 'mfa_enabled', M.mfaAlreadyOn);
    let key = user.mfaKey;
    if (!key) {
      key = newMfaKey();
      setPendingMfaKey(app.db, user.id, key);
    }
    return { mfaKey: key, uri: mfaUri(user.userName, key) };
  });

  app.post(
    enableMfa.path,
    { onRequest: app.auth.requireUser, schema: schemaOf(enableMfa) },
    async (request) => {
      const user = signedInUser(request.user!.id);
      if (user.mfaEnabled) throw new AppError(409, 'mfa_enabled', M.mfaAlreadyOn);
      if (!user.mfaKey) throw new AppError(409, 'mfa_no_key', M.mfaNoKey);
      const keys = [accountKey(user.id), addressKey(clientAddress(request))];
      assertNotThrottled(app.db, keys);
      const step = await checkTotp(user.mfaKey, request.body.mfaCode, user.mfaLastStep);
      const enabled = app.db.transaction(() => {
        if (step === null || !claimMfaStep(app.db, user.id, step)) return false;
        setMfaEnabled(app.db, user.id, true);
        return true;
      })();
      if (!enabled) {
        recordFailure(app.db, keys);
        throw new AppError(403, 'mfa_invalid', M.mfaInvalid);
      }
      return { success: true, message: M.mfaEnabled, user: toPublicUser(signedInUser(user.id)) };
    },
  );

  app.post(
    disableMfa.path,
    { onRequest: app.auth.requireUser, schema: schemaOf(disableMfa) },
    async (request) => {
      const user = signedInUser(request.user!.id);
      if (!user.mfaEnabled) throw new AppError(409, 'mfa_disabled', M.mfaAlreadyOff);
      await proveHolder(app, request, user, { mfaCode: request.body.mfaCode });
      const key = newMfaKey();
      app.db.transaction(() => {
        setMfaEnabled(app.db, user.id, false);
        setPendingMfaKey(app.db, user.id, key);
      })();
      return { mfaKey: key, uri: mfaUri(user.userName, key) };
    },
  );
};
