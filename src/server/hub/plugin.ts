import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { negotiate } from '../../core/contracts/hub';
import { schemaOf } from '../routes/contract';
import type { HubApi, HubOptions } from './hub';
import { Hub } from './hub';
import { accessTokenOf } from './http';

export interface HubPluginOptions extends HubOptions {
  /** Absolute URL path of the hub, e.g. `/api/socket`; negotiate lives at `{path}/negotiate`. */
  path: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    hub: HubApi;
  }
}

async function hubPlugin(fastify: FastifyInstance, options: HubPluginOptions): Promise<void> {
  const path = options.path.replace(/\/+$/, '');
  if (!path.startsWith('/')) throw new Error(`hub: path must be absolute, got '${options.path}'`);
  const hub = new Hub(options);
  await options.relay?.start((message) => hub.deliverRelayed(message));

  // The negotiate body is empty by protocol; an encapsulated scope accepts any content type
  // for this one route without changing how the rest of the server parses bodies.
  await fastify.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { bodyLimit: 1024 }, (_request, _payload, done) => done(null, undefined));
    scope.post(`${path}/negotiate`, { schema: schemaOf(negotiate) }, async (request, reply) => {
      const query = new URL(request.url, 'http://hub.invalid').searchParams;
      const result = await hub.negotiate(accessTokenOf(request.headers, query), request.ip);
      if ('retryAfterSeconds' in result) void reply.header('retry-after', String(result.retryAfterSeconds));
      return reply.code(result.status).header('cache-control', 'no-store').send(result.body);
    });
  });

  const onUpgrade = (req: IncomingMessage, socket: Duplex, head: Buffer): void => {
    const url = new URL(req.url ?? '/', 'http://hub.invalid');
    // Other upgrade paths belong to whoever else listens (the Vite dev proxy, another plugin).
    if (url.pathname !== path && url.pathname !== `${path}/`) return;
    void hub.handleUpgrade(req, socket, head, url.searchParams);
  };
  fastify.server.on('upgrade', onUpgrade);

  fastify.decorate('hub', hub as HubApi);

  // preClose, not onClose: Node's server.close() waits for upgraded sockets, and Fastify runs
  // it before the onClose hooks, so closing the hub in onClose would deadlock shutdown.
  fastify.addHook('preClose', async () => {
    fastify.server.off('upgrade', onUpgrade);
    await hub.close();
    await options.relay?.close();
  });
}

export default fp(hubPlugin, { name: 'hub', fastify: '5.x' });
