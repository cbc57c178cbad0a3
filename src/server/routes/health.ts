import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { health, inspector } from '../../core/contracts/system';
import type { ServerConfig } from '../config';
import { schemaOf } from './contract';

export const healthRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(health.path, { schema: schemaOf(health) }, async () => {
    await app.db.get('SELECT 1 AS ok');
    return { status: 'ok', database: 'ok', uptime: Math.round(process.uptime()) };
  });
};

/**
 * Whether the SPA may load the designers' statechart inspector. The SPA asks only when a page is
 * opened with ?inspector, so players never call this.
 */
export const inspectorRoutes: FastifyPluginAsyncTypebox<{ config: Pick<ServerConfig, 'inspector'> }> = async (app, { config }) => {
  app.get(inspector.path, { schema: schemaOf(inspector) }, async () => ({ enabled: config.inspector }));
};
