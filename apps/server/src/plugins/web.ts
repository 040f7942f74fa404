import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Serves the built web app and owns the one not-found handler: API paths and missing assets get the
 * JSON envelope; any other GET (or HEAD, a health check's) falls back to index.html so client routes load.
 */
export const webPlugin = fp(
  async (app: FastifyInstance, opts: { root: string }) => {
    const built = existsSync(join(opts.root, 'index.html'));
    if (!built) app.log.warn({ root: opts.root }, 'web build not found; run `npm run build`');
    else
      await app.register(fastifyStatic, {
        root: opts.root,
        // one GET /* route that looks each file up when asked: a route per built file (three per asset with
        // its .br and .gz, each with its HEAD) took ~0.4 s of every start to register (ADR 190)
        wildcard: true,
        // a path that climbs out of the build is simply not there (the file sender would answer 403); nor is a
        // folder (`/`, `/assets/`): without an index the file sender answers a client that asks for no compression
        // 403, so a folder goes to the not-found handler below, which sends the app like any client route
        allowedPath: (path) => !path.endsWith('/') && !path.split('/').includes('..'),
        dotfiles: 'ignore',
        index: false,
        cacheControl: false,
        // the build writes a .br and a .gz beside each text file (ADR 150): sent as they are when accepted
        preCompressed: true,
        setHeaders(res, path) {
          // hashed assets never change; index.html, build-info, the manifest and the service worker must
          // always be fresh (a new sw.js is how a new build reaches an installed app)
          if (path.includes('/assets/')) res.setHeader('cache-control', 'public, max-age=31536000, immutable');
          else res.setHeader('cache-control', 'no-cache');
          res.setHeader('vary', 'accept-encoding');
        },
      });
    app.setNotFoundHandler((request, reply) => {
      const path = request.url.split('?')[0] ?? '';
      if (!built || path.startsWith('/api/') || (request.method !== 'GET' && request.method !== 'HEAD') || /\.[a-z0-9]{2,5}$/i.test(path)) {
        return reply.status(404).send({ success: false, message: `No route ${request.method} ${path}`, errorCode: 'NOT_FOUND' });
      }
      return reply.type('text/html').header('cache-control', 'no-cache').sendFile('index.html');
    });
  },
  { name: 'web', dependencies: ['errors'] },
);
