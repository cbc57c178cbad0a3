import Fastify from 'fastify';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import type { ServerConfig } from './config';
import { installErrorHandler } from './errors';
import { authPlugin } from './plugins/auth';
import { databasePlugin } from './plugins/database';
import { spaPlugin } from './plugins/spa';
import { authRoutes } from './routes/auth/index';
import { healthRoutes } from './routes/health';

export const API_PREFIX = '/api';

export interface BuildOptions {
  config: ServerConfig;
  logger?: FastifyServerOptions['logger'];
}

/** Builds the whole server without listening, so tests and `main` share one composition. */
export async function buildApp({ config, logger }: BuildOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: logger ?? { level: config.logLevel },
    bodyLimit: 64 * 1024,
    trustProxy: true,
    ajv: { customOptions: { removeAdditional: false, coerceTypes: false, allErrors: false } },
  });
  installErrorHandler(app);
  await app.register(databasePlugin, { dataDir: config.dataDir });
  await app.register(authPlugin, { dataDir: config.dataDir, jwtSecret: config.jwtSecret });
  await app.register(
    async (api) => {
      await api.register(healthRoutes);
      await api.register(authRoutes, { prefix: '/auth', config });
    },
    { prefix: API_PREFIX },
  );
  await app.register(spaPlugin, { staticDir: config.staticDir, apiPrefix: API_PREFIX });
  return app;
}
