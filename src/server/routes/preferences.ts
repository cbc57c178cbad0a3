import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { PREFERENCE_MESSAGES } from '../../core/accounts/preferences';
import type { Preferences } from '../../core/accounts/preferences';
import { getPreferences, getSessionSummary, setPreferences } from '../../core/contracts/preferences';
import type { ServerConfig } from '../config';
import { AppError } from '../errors';
import { readPreferences, sessionResults, writePreferences } from '../preferences/repository';
import { schemaOf } from './contract';
import { isoNow } from '../clock';

/**
 * The player's preferences (issue 20) and what the reality check shows. Where the operator turned
 * instant mode off (INSTANT_MODE=off) it reads as off and cannot be turned on.
 */
export const preferencesRoutes: FastifyPluginAsyncTypebox<{ config: Pick<ServerConfig, 'instantMode'> }> = async (app, { config }) => {
  const reply = (preferences: Preferences) => ({
    preferences: { ...preferences, instantMode: config.instantMode && preferences.instantMode },
    instantModeAllowed: config.instantMode,
  });
  const signedIn = (user: { id: number } | undefined | null) => {
    if (!user) throw new AppError(401, 'unauthorized', 'Please log in to continue.');
    return user;
  };

  app.get(getPreferences.path, { onRequest: app.auth.requireUser, schema: schemaOf(getPreferences) }, async (request) =>
    reply(await readPreferences(app.db, signedIn(request.user).id)),
  );

  app.post(setPreferences.path, { onRequest: app.auth.requireUser, schema: schemaOf(setPreferences) }, async (request) => {
    const user = signedIn(request.user);
    const change = request.body;
    if (Object.keys(change).length === 0) throw new AppError(400, 'bad_request', PREFERENCE_MESSAGES.nothing);
    if (change.instantMode === true && !config.instantMode) throw new AppError(409, 'instant_mode_off', PREFERENCE_MESSAGES.instantModeOff);
    return reply(await writePreferences(app.db, user.id, change, isoNow()));
  });

  app.get(getSessionSummary.path, { onRequest: app.auth.requireUser, schema: schemaOf(getSessionSummary) }, async (request) => {
    const user = request.user;
    if (!user) throw new AppError(401, 'unauthorized', 'Please log in to continue.');
    // As the live statistics count it: the session began its absolute lifetime before it ends.
    const startedAt = new Date(user.sessionEndsAt - app.auth.sessionMaxAgeMs).toISOString();
    const now = isoNow();
    return { startedAt, now, results: await sessionResults(app.db, user.id, startedAt) };
  });
};
