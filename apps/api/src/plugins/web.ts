import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';

/**
 * Serves the built web app from the same process and port. Hashed assets are cached for a year;
 * index.html never is, so a deploy reaches browsers at once. Unknown non-API paths get index.html
 * (the SPA renders its own 404 page).
 */
export async function registerWeb(app: FastifyInstance, webDist: string) {
  const indexFile = path.join(webDist, 'index.html');
  if (!fs.existsSync(indexFile)) {
    app.log.warn({ webDist }, 'web build not found: serving the API only (run `npm run build`)');
    return;
  }
  const indexHtml = fs.readFileSync(indexFile, 'utf8');
  await app.register(fastifyStatic, {
    root: webDist,
    wildcard: false,
    index: false,
    // The build writes .br and .gz beside each asset (apps/web/vite.config.ts).
    preCompressed: true,
    setHeaders(res, filePath) {
      const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
      res.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=300');
    },
  });
  const sendIndex = (_: unknown, reply: FastifyReply) =>
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(indexHtml);
  app.get('/', { schema: { hide: true } }, sendIndex);
  app.get('/*', { schema: { hide: true } }, (request, reply) => {
    const urlPath = decodeURIComponent(request.url.split('?')[0] ?? '/');
    if (urlPath.startsWith('/api/') || urlPath === '/api') {
      return reply.status(404).send({ detail: 'Not found.' });
    }
    const candidate = path.join(webDist, path.normalize(urlPath));
    if (candidate.startsWith(webDist) && path.extname(candidate) && fs.existsSync(candidate)) {
      return reply.sendFile(path.relative(webDist, candidate));
    }
    if (path.extname(urlPath) && urlPath.startsWith('/assets/')) {
      return reply.status(404).send({ detail: 'Not found.' });
    }
    return sendIndex(request, reply);
  });
}
