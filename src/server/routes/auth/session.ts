import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { UNKNOWN_DEVICE } from '../../../core/accounts/device';
import { endOtherSessions, endSession, getSessions, refreshToken } from '../../../core/contracts/auth';
import { AUTH_MESSAGES as M } from '../../auth/messages';
import { endSessions, openSessionsOf, refreshTokenHolder, rotateRefreshToken } from '../../auth/sessions';
import { AppError } from '../../errors';
import { schemaOf } from '../contract';

export const sessionRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    refreshToken.path,
    { schema: schemaOf(refreshToken) },
    async (request) => {
      const { refreshToken } = request.body;
      const holder = await refreshTokenHolder(app.db, refreshToken);
      const jwt = holder ? await app.auth.issueAccessToken(holder.userId, holder.sessionId) : null;
      const outcome = await rotateRefreshToken(
        app.db,
        refreshToken,
        (userId, sessionId) => {
          if (!jwt || holder?.userId !== userId || holder.sessionId !== sessionId) throw new Error('refresh token changed holder while rotating');
          return jwt;
        },
        app.auth.sessionMaxAgeMs,
      );
      if (outcome.kind === 'invalid') throw new AppError(401, 'invalid_refresh_token', M.invalidRefreshToken);
      if (outcome.kind === 'expired') {
        app.auth.sessionsEnded([outcome.sessionId]);
        throw new AppError(401, 'session_expired', M.invalidRefreshToken);
      }
      if (outcome.kind === 'reused') {
        request.log.warn({ sessionId: outcome.sessionId }, 'refresh token reused: session ended');
        app.auth.sessionsEnded([outcome.sessionId]);
        throw new AppError(401, 'refresh_token_reused', M.reusedRefreshToken);
      }
      return { status: 200, ...outcome.pair };
    },
  );

  app.post(
    endSession.path,
    { onRequest: app.auth.requireUser, schema: schemaOf(endSession) },
    async (request) => {
      const user = request.user!;
      const { sessionId } = request.body;
      const owned = await app.db.get<{ ended_at: string | null }>('SELECT ended_at FROM sessions WHERE id = ? AND user_id = ?', [sessionId, user.id]);
      if (!owned) throw new AppError(404, 'session_not_found', M.sessionNotFound);
      app.auth.sessionsEnded(await app.db.transaction((tx) => endSessions(tx, { sessionId })));
      return { success: true, message: M.sessionEnded };
    },
  );

  app.get(
    getSessions.path,
    { onRequest: app.auth.requireUser, schema: schemaOf(getSessions) },
    async (request) => {
      const user = request.user!;
      const open = await openSessionsOf(app.db, user.id, user.sessionId, app.auth.sessionMaxAgeMs);
      return {
        sessions: open.map((session) => ({
          sessionId: session.sessionId,
          device: session.device ?? UNKNOWN_DEVICE,
          ipAddress: session.ipAddress,
          startedAt: session.startedAt,
          lastActiveAt: session.lastActiveAt,
          current: session.sessionId === user.sessionId,
        })),
      };
    },
  );

  app.post(
    endOtherSessions.path,
    { onRequest: app.auth.requireUser, schema: schemaOf(endOtherSessions) },
    async (request) => {
      const user = request.user!;
      const ended = await app.db.transaction((tx) => endSessions(tx, { userId: user.id, exceptSessionId: user.sessionId }));
      app.auth.sessionsEnded(ended);
      return { success: true, message: M.otherSessionsEnded, ended: ended.length };
    },
  );
};
