import fs from 'node:fs';
import path from 'node:path';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';

/**
 * Serves the built SPA and answers every other GET that accepts HTML with index.html, so a reload
 * on a client route (/dice) still boots the app. Unknown /api paths stay JSON 404s.
 */
export const spaPlugin = fp<{ staticDir: string | null; apiPrefix: string }>(
  async (app, { staticDir, apiPrefix }) => {
    const index = staticDir ? path.join(staticDir, 'index.html') : null;
    const hasBuild = index !== null && fs.existsSync(index);
    if (hasBuild && staticDir) {
      await app.register(fastifyStatic, {
        root: staticDir,
        wildcard: true,
        index: 'index.html',
        // The build writes .br and .gz beside each text asset (vite.config.ts): served as they are,
        // never compressed again per request (@fastify/compress skips an answer that has its encoding).
        preCompressed: true,
        cacheControl: false,
        setHeaders(res, filePath) {
          // Hashed assets never change; the HTML must always be fresh so a deploy is picked up.
          const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
          res.setHeader('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
        },
      });
    } else {
      app.log.warn({ staticDir }, 'no built SPA found; run `npm run build` (npm start does it for you)');
    }

    app.setNotFoundHandler((request, reply) => {
      const isApi = request.url === apiPrefix || request.url.startsWith(`${apiPrefix}/`);
      const wantsHtml = request.method === 'GET' && (request.headers.accept ?? '').includes('text/html');
      if (!isApi && wantsHtml && hasBuild) {
        void reply.header('cache-control', 'no-cache').sendFile('index.html');
        return;
      }
      void reply.code(404).send({ error: 'not_found', message: `No route for ${request.method} ${request.url.split('?')[0]}` });
    });
  },
  { name: 'spa' },
);
