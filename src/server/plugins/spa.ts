import fs from 'node:fs';
import path from 'node:path';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import { matchesEtag, pageFor, pickEncoding, spaPages } from './spaPages';
import type { SpaPage } from './spaPages';

/**
 * Serves the built SPA and answers every other GET that accepts HTML with index.html, so a reload
 * on a client route (/dice) still boots the app. Unknown /api paths stay JSON 404s. A lazy route's
 * page is index.html with that route's chunks preloaded (spaPages.ts), prepared once at start.
 */
export const spaPlugin = fp<{ staticDir: string | null; apiPrefix: string }>(
  async (app, { staticDir, apiPrefix }) => {
    const index = staticDir ? path.join(staticDir, 'index.html') : null;
    const hasBuild = index !== null && fs.existsSync(index);
    let pages = new Map<string, SpaPage>();
    if (hasBuild && staticDir) {
      const prepared = spaPages(staticDir);
      pages = prepared.pages;
      if (prepared.missing.length) app.log.warn({ modules: prepared.missing }, 'routes with no chunk in the build: their pages preload nothing');
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
        const page = pageFor(pages, request.url.split('?')[0]!);
        if (!page) {
          void reply.header('cache-control', 'no-cache').sendFile('index.html');
          return;
        }
        // Sent like index.html itself: never cached without asking, and already compressed (a
        // content-encoding set here makes @fastify/compress leave the answer alone).
        const encoding = pickEncoding(request.headers['accept-encoding']);
        const { body, etag } = page.encodings[encoding];
        void reply.header('cache-control', 'no-cache').header('vary', 'accept-encoding').header('etag', etag);
        if (matchesEtag(request.headers['if-none-match'], etag)) {
          void reply.code(304).send();
          return;
        }
        if (encoding !== 'identity') void reply.header('content-encoding', encoding);
        void reply.type('text/html; charset=utf-8').send(body);
        return;
      }
      void reply.code(404).send({ error: 'not_found', message: `No route for ${request.method} ${request.url.split('?')[0]}` });
    });
  },
  { name: 'spa' },
);
