import type { FastifyPluginAsync } from 'fastify';
import type { ServerConfig } from '../config';

export const healthRoutes: FastifyPluginAsync = async (app) => {
  app.get(
    '/health',
    {
      schema: {
        response: {
          200: {
            type: 'object',
            properties: { status: { type: 'string' }, database: { type: 'string' }, uptime: { type: 'number' } },
            required: ['status', 'database', 'uptime'],
          },
        },
      },
    },
    async () => {
      app.db.prepare('SELECT 1').get();
      return { status: 'ok', database: 'ok', uptime: Math.round(process.uptime()) };
    },
  );
};

/**
 * Whether the SPA may load the designers' statechart inspector. The SPA asks only when a page is
 * opened with ?inspector, so players never call this.
 */
export const inspectorRoutes: FastifyPluginAsync<{ config: Pick<ServerConfig, 'inspector'> }> = async (app, { config }) => {
  app.get(
    '/inspector',
    {
      schema: {
        response: { 200: { type: 'object', properties: { enabled: { type: 'boolean' } }, required: ['enabled'] } },
      },
    },
    async () => ({ enabled: config.inspector }),
  );
};
