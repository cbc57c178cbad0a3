import zlib from 'node:zlib';
import Fastify from 'fastify';
import compress from '@fastify/compress';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { ServerConfig, TrustProxy } from './config';
import { installErrorHandler } from './errors';
import hubPlugin from './hub/plugin';
import { PostgresRelay } from './hub/relay';
import { sharedSecret } from './db/secrets';
import { databaseRateLimitStore } from './auth/rateLimitStore';
import { authPlugin } from './plugins/auth';
import { openGamesPlugin } from './plugins/openGames';
import { settlementPlugin } from './plugins/settlement';
import { responsiblePlugin } from './responsible/plugin';
import { accountRoutes } from './routes/account';
import { baccaratRoutes } from './routes/baccarat';
import { tokenPlugin } from './token/plugin';
import type { Clock } from './token/payout';
import type { Mailer } from './auth/mailer';
import { betsRoutes } from './routes/bets';
import { statsRoutes } from './routes/stats';
import { rtpRoutes } from './routes/rtp';
import { rtpPlugin } from './rtp/plugin';
import { liabilitiesRoutes } from './routes/liabilities';
import { liabilitiesPlugin } from './proof/plugin';
import { preferencesRoutes } from './routes/preferences';
import { betsPlugin } from './bets/plugin';
import { blackjackRoundsPlugin } from './blackjack/plugin';
import { minesGamesPlugin } from './mines/plugin';
import { blackjackRoutes } from './routes/blackjack';
import { diceRoutes } from './routes/dice';
import { tokenRoutes } from './routes/token';
import { fairnessRoutes } from './routes/fairness';
import { databasePlugin } from './plugins/database';
import { spaPlugin } from './plugins/spa';
import { registerSecurityHeaders } from './plugins/securityHeaders';
import { authRoutes } from './routes/auth/index';
import { walletPlugin } from './plugins/wallet';
import { healthRoutes, inspectorRoutes } from './routes/health';
import { limitsRoutes } from './routes/limits';
import { minesRoutes } from './routes/mines';
import { paymentsRoutes } from './routes/payments';
import { walletRoutes } from './routes/wallet';
import { openApiPlugin, openApiRoute } from './routes/openapi';

export const API_PREFIX = '/api';

/** Fastify takes a hop count at run time, but its types only as a function: trust the nearest `hops` proxies. */
function trustProxyOption(value: TrustProxy): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (typeof value !== 'number') return value;
  return (_address, hop) => hop < value;
}

export interface BuildOptions {
  config: ServerConfig;
  logger?: FastifyServerOptions['logger'];
  /** The clock of scheduled jobs (the daily staking payout, the hourly liabilities snapshot) and of the RTP answer's cache; tests pass their own. */
  clock?: Clock;
  /** Outgoing mail; by default SMTP_URL's server or .eml files. Tests pass a slow one. */
  mailer?: Mailer;
}

/** Builds the whole server without listening, so tests and `main` share one composition. */
export async function buildApp({ config, logger, clock, mailer }: BuildOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: logger ?? { level: config.logLevel },
    bodyLimit: 64 * 1024,
    trustProxy: trustProxyOption(config.trustProxy),
    ajv: { customOptions: { removeAdditional: false, coerceTypes: false, allErrors: false } },
    // Routes take their schemas from src/core/contracts (TypeBox, plain JSON Schema to ajv); the
    // provider gives handlers the static types of those schemas.
  }).withTypeProvider<TypeBoxTypeProvider>();
  installErrorHandler(app);
  // API answers above 1 KB go out brotli or gzip, whatever the client accepts. The hub's WebSocket
  // upgrade never passes through a reply, and the built assets arrive already compressed (spa.ts).
  await app.register(compress, { global: true, threshold: 1024, encodings: ['br', 'gzip'], brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } } });
  await registerSecurityHeaders(app, { publicUrl: config.publicUrl, extraConnectSrc: config.cspConnectSrc, inspector: config.inspector });
  // Before any route: it collects each one into the OpenAPI document as it is added.
  await app.register(openApiPlugin);
  await app.register(databasePlugin, { dataDir: config.dataDir, synchronous: config.sqliteSynchronous, url: config.databaseUrl, schema: config.databaseSchema });
  // Not global: only the calls that cost a password hash or a mail are limited (src/server/auth/rateLimits.ts).
  // The counts live in the database, shared by every instance.
  await app.register(rateLimit, { global: false, store: databaseRateLimitStore(app.db) });
  // JWT_SECRET, or one kept with the data: on PostgreSQL in the database, so every instance signs and
  // verifies with the same; on SQLite in DATA_DIR (auth/secret.ts).
  const jwtSecret = config.jwtSecret ?? (config.databaseUrl ? (await sharedSecret(app.db, 'jwt')).toString('utf8') : undefined);
  await app.register(authPlugin, { dataDir: config.dataDir, ...(jwtSecret ? { jwtSecret } : {}), sessionMaxAgeMs: config.sessionMaxAgeMs });
  // The live hub (docs/product.md §7 "Real-time"): a visitor connects without a token, a player with its access token.
  await app.register(hubPlugin, {
    path: `${API_PREFIX}/socket`,
    admission: config.hubAdmission,
    // Any instance accepts a connection negotiated on another; on PostgreSQL the hub spans instances.
    connectionTokenKey: await sharedSecret(app.db, 'hub-connection-tokens'),
    ...(config.databaseUrl
      ? { relay: new PostgresRelay(config.databaseUrl, config.databaseSchema, (error) => app.log.warn({ err: error }, 'hub relay')) }
      : {}),
    authenticate: async (token) => {
      const user = await app.auth.authenticate(token);
      return user ? { userId: user.id, userName: user.userName, sessionId: user.sessionId, sessionEndsAt: user.sessionEndsAt } : null;
    },
  });
  // DEPOSIT_ADDRESS_SECRET, or one kept with the data, as the JWT secret above.
  const depositSecret = config.wallet.depositSecret ?? (config.databaseUrl ? (await sharedSecret(app.db, 'deposit-addresses')).toString('utf8') : undefined);
  await app.register(walletPlugin, { dataDir: config.dataDir, wallet: { ...config.wallet, ...(depositSecret ? { depositSecret } : {}) }, demoFunds: config.demoFunds });
  await app.register(openGamesPlugin);
  await app.register(settlementPlugin);
  await app.register(responsiblePlugin);
  await app.register(tokenPlugin, { config: config.token, ...(clock ? { clock } : {}) });
  // After the token plugin: its hook takes the house row first, and the sums' row comes last in every bet.
  await app.register(rtpPlugin);
  await app.register(betsPlugin);
  await app.register(minesGamesPlugin);
  await app.register(blackjackRoundsPlugin);
  await app.register(liabilitiesPlugin, { retentionMs: config.proofRetentionMs, ...(clock ? { clock } : {}) });
  app.auth.onSessionsEnded((sessionIds) => app.hub.endSessions(sessionIds));
  await app.register(
    async (api) => {
      await api.register(healthRoutes);
      await api.register(inspectorRoutes, { config });
      await api.register(openApiRoute);
      await api.register(authRoutes, { config, ...(mailer ? { mailer } : {}) });
      await api.register(accountRoutes);
      await api.register(walletRoutes);
      await api.register(paymentsRoutes);
      await api.register(limitsRoutes);
      await api.register(fairnessRoutes);
      await api.register(betsRoutes);
      await api.register(statsRoutes);
      await api.register(rtpRoutes, clock ? { clock } : {});
      await api.register(liabilitiesRoutes, { retentionMs: config.proofRetentionMs, ...(clock ? { clock } : {}) });
      await api.register(preferencesRoutes, { config });
      await api.register(diceRoutes);
      await api.register(minesRoutes);
      await api.register(blackjackRoutes);
      await api.register(baccaratRoutes);
      await api.register(tokenRoutes);
    },
    { prefix: API_PREFIX },
  );
  await app.register(spaPlugin, { staticDir: config.staticDir, apiPrefix: API_PREFIX });
  return app;
}
