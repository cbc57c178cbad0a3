import type { FastifyPluginAsync } from 'fastify';

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
