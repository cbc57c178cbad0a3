import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { disableMfa, enableMfa, getMfaKey } from '../../../core/contracts/auth';
import { AUTH_MESSAGES as M } from '../../auth/messages';
import { accountKey, addressKey, assertNotThrottled, clientAddress, withdrawAttempt } from '../../auth/throttle';
import { checkTotp, mfaUri, newMfaKey } from '../../auth/totp';
import { AppError } from '../../errors';
import { claimMfaStep, disableMfaWithNextKey, enableMfaWithKey, findUserById, offerMfaKey, toPublicUser } from '../../users/repository';
import { proveHolder } from './password';
import { schemaOf } from '../contract';

export const mfaRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const signedInUser = async (id: number) => {
    const user = await findUserById(app.db, id);
    if (!user) throw new AppError(401, 'unauthorized', 'Please log in to continue.');
    return user;
  };

  /** While two-factor is off: the key offered for the next enable (made once, then kept until used or replaced). */
  app.get(getMfaKey.path, { onRequest: app.auth.requireUser, schema: schemaOf(getMfaKey) }, async (request) => {
    let user = await signedInUser(request.user!.id);
    if (user.mfaEnabled) throw new AppError(409, 'mfa_enabled', M.mfaAlreadyOn);
    let key = user.mfaKey;
    if (!key) {
      const offered = newMfaKey();
      // Only where no key is offered yet: of two first requests at once, both answer the key that landed.
      if (await offerMfaKey(app.db, user.id, offered)) key = offered;
      else {
        user = await signedInUser(user.id);
        if (user.mfaEnabled || !user.mfaKey) throw new AppError(409, 'mfa_enabled', M.mfaAlreadyOn);
        key = user.mfaKey;
      }
    }
    return { mfaKey: key, uri: mfaUri(user.userName, key) };
  });

  app.post(
    enableMfa.path,
    { onRequest: app.auth.requireUser, schema: schemaOf(enableMfa) },
    async (request) => {
      const user = await signedInUser(request.user!.id);
      if (user.mfaEnabled) throw new AppError(409, 'mfa_enabled', M.mfaAlreadyOn);
      const mfaKey = user.mfaKey;
      if (!mfaKey) throw new AppError(409, 'mfa_no_key', M.mfaNoKey);
      const keys = [accountKey(user.id), addressKey(clientAddress(request))];
      // Counted as a failure now, taken back once the code proves right.
      const attempt = await assertNotThrottled(app.db, keys);
      const step = await checkTotp(mfaKey, request.body.mfaCode, user.mfaLastStep);
      const outcome = await app.db.transaction(async (tx) => {
        if (step === null || !(await claimMfaStep(tx, user.id, step))) return 'invalid' as const;
        // Conditional on the key the code was checked against, and on two-factor being off still.
        if (!(await enableMfaWithKey(tx, user.id, mfaKey))) return 'changed' as const;
        await withdrawAttempt(tx, attempt);
        return 'enabled' as const;
      });
      if (outcome === 'invalid') throw new AppError(403, 'mfa_invalid', M.mfaInvalid);
      if (outcome === 'changed') {
        // A right code, but another request enabled (or changed the key) meanwhile.
        await withdrawAttempt(app.db, attempt);
        throw new AppError(409, 'mfa_enabled', M.mfaAlreadyOn);
      }
      return { success: true, message: M.mfaEnabled, user: toPublicUser(await signedInUser(user.id)) };
    },
  );

  app.post(
    disableMfa.path,
    { onRequest: app.auth.requireUser, schema: schemaOf(disableMfa) },
    async (request) => {
      const user = await signedInUser(request.user!.id);
      if (!user.mfaEnabled) throw new AppError(409, 'mfa_disabled', M.mfaAlreadyOff);
      await proveHolder(app, request, user, { mfaCode: request.body.mfaCode });
      const key = newMfaKey();
      // One conditional update: of two disables at once, one lands and its key is the one offered.
      if (!(await disableMfaWithNextKey(app.db, user.id, key))) throw new AppError(409, 'mfa_disabled', M.mfaAlreadyOff);
      return { mfaKey: key, uri: mfaUri(user.userName, key) };
    },
  );
};
