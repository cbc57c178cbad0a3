import { randomBytes } from 'node:crypto';
import fp from 'fastify-plugin';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { accessTokens } from '../auth/accessToken';
import { loadJwtSecret } from '../auth/secret';
import type { Sql } from '../db/sql';
import { changeMarksOf } from '../db/database';
import { AppError } from '../errors';
import { isoNow } from '../clock';

/** The tables the bearer check's session read names. */
const SESSION_TABLES = ['sessions', 'users'] as const;
/** Open sessions' rows kept at most (the oldest dropped first). */
const KEPT_SESSIONS = 10_000;

/** Who is calling: set from a valid bearer token whose session is still open, null for a visitor. */
export interface AuthUser {
  id: number;
  userName: string;
  sessionId: string;
  /** When the session reaches its absolute lifetime (ms since the epoch). */
  sessionEndsAt: number;
}

export { ACCESS_TOKEN_SECONDS } from '../auth/accessToken';

declare module 'fastify' {
  interface FastifyRequest {
    user: AuthUser | null;
  }
  interface FastifyInstance {
    auth: {
      /** onRequest hook for routes that need a signed-in player: 401 before any body is read. */
      requireUser: (request: FastifyRequest, reply: FastifyReply, done: (error?: Error) => void) => void;
      /** Resolves a raw access token (HTTP header, hub query string) to its user, or null. */
      authenticate: (token: string) => Promise<AuthUser | null>;
      /** Opens a session for the user inside the caller's transaction; answers its id. */
      openSession: (tx: Sql, userId: number) => Promise<string>;
      issueAccessToken: (userId: number, sessionId: string) => Promise<string>;
      /** Absolute lifetime of a session from sign-in. */
      sessionMaxAgeMs: number;
      /** Call after the transaction that ended these sessions has committed. */
      sessionsEnded: (sessionIds: readonly string[]) => void;
      /** Whoever holds something per session (the live hub) hears of every ended session. */
      onSessionsEnded: (listener: (sessionIds: readonly string[]) => void) => void;
    };
  }
}

export const authPlugin = fp<{ dataDir: string; jwtSecret?: string; sessionMaxAgeMs: number }>(
  async (app, { dataDir, jwtSecret, sessionMaxAgeMs }) => {
    const tokens = await accessTokens(loadJwtSecret(dataDir, jwtSecret));
    const sessionUser = `SELECT u.id AS id, u.user_name AS "userName", s.created_at AS "createdAt" FROM sessions s JOIN users u ON u.id = s.user_id
       WHERE s.id = ? AND s.user_id = ? AND s.ended_at IS NULL`;

    // SQLite: an open session's row, once read, is kept while nothing may have changed the sessions or
    // the users (db/changeMarks.ts: any statement of this server naming them, or a commit of another
    // connection, changes the mark): a player's next requests skip the read, and a session ended by any
    // statement is refused at once. PostgreSQL reads it each time (another instance may end it).
    const marks = changeMarksOf(app.db);
    const kept = new Map<string, { userId: number; userName: string; createdAt: string; mark: string }>();
    const readSession = async (sessionId: string, userId: number): Promise<{ userName: string; createdAt: string } | undefined> => {
      if (!marks) return app.db.get<{ userName: string; createdAt: string }>(sessionUser, [sessionId, userId]);
      const mark = marks.mark(SESSION_TABLES);
      const known = kept.get(sessionId);
      if (known && known.mark === mark && known.userId === userId) return known;
      const row = await app.db.get<{ userName: string; createdAt: string }>(sessionUser, [sessionId, userId]);
      if (!row) return undefined;
      if (kept.size >= KEPT_SESSIONS) kept.delete(kept.keys().next().value!);
      // Kept with the mark taken before the read: a write since then makes it read again.
      kept.set(sessionId, { userId, userName: row.userName, createdAt: row.createdAt, mark });
      return row;
    };

    const authenticate = async (token: string): Promise<AuthUser | null> => {
      const claims = await tokens.verify(token);
      if (!claims) return null;
      const userId = Number(claims.sub);
      if (!Number.isSafeInteger(userId)) return null;
      const row = await readSession(claims.sid, userId);
      if (!row) return null;
      // A session past its absolute lifetime is over even before anyone marks it ended.
      const sessionEndsAt = Date.parse(row.createdAt) + sessionMaxAgeMs;
      if (!(sessionEndsAt > Date.now())) return null;
      return { id: userId, userName: row.userName, sessionId: claims.sid, sessionEndsAt };
    };

    const endedListeners: Array<(sessionIds: readonly string[]) => void> = [];
    const sessionsEnded = (sessionIds: readonly string[]): void => {
      if (sessionIds.length === 0) return;
      for (const listener of endedListeners) listener(sessionIds);
    };

    app.decorateRequest('user', null);
    // Callback hooks rather than async ones: a visitor's request (no token) and a player's on a route
    // that needs one then cost no promise of their own.
    app.addHook('onRequest', (request, _reply, done) => {
      const header = request.headers.authorization;
      if (!header?.startsWith('Bearer ')) {
        done();
        return;
      }
      authenticate(header.slice(7).trim()).then(
        (user) => {
          request.user = user;
          done();
        },
        (error: Error) => done(error),
      );
    });

    app.decorate('auth', {
      authenticate,
      sessionMaxAgeMs,
      sessionsEnded,
      onSessionsEnded: (listener: (sessionIds: readonly string[]) => void) => {
        endedListeners.push(listener);
      },
      requireUser: (request: FastifyRequest, _reply: FastifyReply, done: (error?: Error) => void) => {
        done(request.user ? undefined : new AppError(401, 'unauthorized', 'Please log in to continue.'));
      },
      openSession: async (tx: Sql, userId: number) => {
        const id = randomBytes(16).toString('base64url');
        await tx.run('INSERT INTO sessions (id, user_id, created_at) VALUES (?, ?, ?)', [id, userId, isoNow()]);
        return id;
      },
      issueAccessToken: (userId: number, sessionId: string) => tokens.sign({ sub: String(userId), sid: sessionId }),
    });
  },
  { name: 'auth', dependencies: ['database'] },
);
