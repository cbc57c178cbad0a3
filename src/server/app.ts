import Fastify from 'fastify';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import type { ServerConfig } from './config';
import { installErrorHandler } from './errors';
import hubPlugin from './hub/plugin';
import { authPlugin } from './plugins/auth';
import { openGamesPlugin } from './plugins/openGames';
import { settlementPlugin } from './plugins/settlement';
import { baccaratRoutes } from './routes/baccarat';
import { tokenPlugin } from './token/plugin';
import type { Clock } from './token/payout';
import { betsRoutes } from './routes/bets';
import { blackjackRoutes } from './routes/blackjack';
import { diceRoutes } from './routes/dice';
import { tokenRoutes } from './routes/token';
import { fairnessRoutes } from './routes/fairness';
import { databasePlugin } from './plugins/database';
import { spaPlugin } from './plugins/spa';
import { authRoutes } from './routes/auth/index';
import { walletPlugin } from './plugins/wallet';
import { healthRoutes, inspectorRoutes } from './routes/health';
import { limitsRoutes } from './routes/limits';
import { minesRoutes } from './routes/mines';
import { paymentsRoutes } from './routes/payments';
import { walletRoutes } from './routes/wallet';

export const API_PREFIX = '/api';

export interface BuildOptions {
  config: ServerConfig;
  logger?: FastifyServerOptions['logger'];
  /** The clock of scheduled jobs (the daily staking payout); tests pass their own. */
  clock?: Clock;
}

/** Builds the whole server without listening, so tests and `main` share one composition. */
export async function buildApp({ config, logger, clock }: BuildOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: logger ?? { level: config.logLevel },
    bodyLimit: 64 * 1024,
    trustProxy: true,
    ajv: { customOptions: { removeAdditional: false, coerceTypes: false, allErrors: false } },
  });
  installErrorHandler(app);
  await app.register(databasePlugin, { dataDir: config.dataDir });
  await app.register(authPlugin, { dataDir: config.dataDir, jwtSecret: config.jwtSecret });
  await app.register(walletPlugin, { dataDir: config.dataDir, wallet: config.wallet, demoFunds: config.demoFunds });
  await app.register(openGamesPlugin);
  await app.register(settlementPlugin);
  await app.register(tokenPlugin, { config: config.token, ...(clock ? { clock } : {}) });
  // The live hub (SPEC §7 "Real-time"): a visitor connects without a token, a player with its access token.
  await app.register(hubPlugin, {
    path: `${API_PREFIX}/socket`,
    authenticate: async (token) => {
      const user = app.auth.authenticate(token);
      return user ? { userId: user.id, userName: user.userName } : null;
    },
  });
  await app.register(
    async (api) => {
      await api.register(healthRoutes);
      await api.register(inspectorRoutes, { config });
      await api.register(authRoutes, { prefix: '/auth', config });
      await api.register(walletRoutes);
      await api.register(paymentsRoutes);
      await api.register(limitsRoutes);
      await api.register(fairnessRoutes);
      await api.register(betsRoutes);
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
