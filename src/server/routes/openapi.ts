import swagger from '@fastify/swagger';
import type { FastifyInstance, HTTPMethods } from 'fastify';
import type { FastifySchema } from 'fastify/types/schema';
import fp from 'fastify-plugin';
import { openApi } from '../../core/contracts/system';
import { TAGS } from '../../core/contracts/routes';
import { schemaOf } from './contract';

/** A route as the server registered it, for the contract test and the OpenAPI document. */
export interface RegisteredRoute {
  method: HTTPMethods;
  url: string;
  schema: FastifySchema | undefined;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route registered after this plugin, in registration order. */
    registeredRoutes: readonly RegisteredRoute[];
  }
}

/**
 * Collects the routes and their contracts into an OpenAPI 3 document. Registered before the routes,
 * since both the document and the list are filled as each route is added.
 */
export const openApiPlugin = fp(
  async (app: FastifyInstance) => {
    const routes: RegisteredRoute[] = [];
    app.decorate('registeredRoutes', routes);
    app.addHook('onRoute', (options) => {
      for (const method of [options.method].flat()) routes.push({ method, url: options.url, schema: options.schema });
    });
    await app.register(swagger, {
      openapi: {
        openapi: '3.0.3',
        info: {
          title: 'ACC Casino API',
          version: '1',
          description: 'Generated from the contracts in src/core/contracts. Rules and conventions: docs/api-guide.md.',
        },
        servers: [{ url: '/' }],
        tags: [...TAGS],
        components: { securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
      },
    });
  },
  { name: 'openapi', fastify: '5.x' },
);

/** Serves the document under the API base (GET /api/openapi.json): plain JSON, nothing a CSP has to allow. */
export async function openApiRoute(app: FastifyInstance): Promise<void> {
  app.get(openApi.path, { schema: schemaOf(openApi) }, async () => app.swagger() as { openapi: string });
}
