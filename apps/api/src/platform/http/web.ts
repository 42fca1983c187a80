import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { siteName } from '@tibeb/domain/site/messages';
import { LRUCache } from 'lru-cache';
import { escapeMarkup } from './escape.ts';
import { sendPreparedText } from '../cache/public-cache.ts';

/** What a page shows to link previews and search engines, which read the HTML without running the app. */
export type PageMeta = { title: string; description: string; image?: string; type?: 'website' | 'article' };
/** Answers the meta of a path it knows (null otherwise); the first resolver with an answer wins. */
export type PageMetaResolver = (urlPath: string) => Promise<PageMeta | null>;

/** index.html with the page's title, description and Open Graph tags in place of the site's defaults. */
export function withPageMeta(
  indexHtml: string,
  meta: PageMeta,
  absoluteUrl: string,
  siteName: string,
): string {
  const origin = new URL(absoluteUrl).origin;
  const image = meta.image ? new URL(meta.image, origin).toString() : undefined;
  const tags = [
    ['og:type', meta.type ?? 'website'],
    ['og:title', meta.title],
    ['og:description', meta.description],
    ['og:url', absoluteUrl],
    ['og:site_name', siteName],
    ...(image ? [['og:image', image]] : []),
  ]
    .map(([property, content]) => `<meta property="${property}" content="${escapeMarkup(content!)}" />`)
    .join('\n    ');
  return indexHtml
    .replace(/<title>[\s\S]*?<\/title>/, `<title>${escapeMarkup(`${meta.title} | ${siteName}`)}</title>`)
    .replace(
      /<meta\s+name="description"\s+content="[^"]*"\s*\/?>/,
      `<meta name="description" content="${escapeMarkup(meta.description)}" />`,
    )
    .replace('</head>', `    ${tags}\n  </head>`);
}

/**
 * Serves the built web app from the same process and port. Hashed assets are cached for a year;
 * index.html never is, so a deploy reaches browsers at once. Unknown non-API paths get index.html
 * (the SPA renders its own 404 page).
 */
export async function registerWeb(
  app: FastifyInstance,
  webDist: string,
  metaResolvers: PageMetaResolver[] = [],
) {
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
  // A page with its own meta is the same text until that meta changes: made once, so that it goes out prepared
  // (its compressed forms and ETag made once) like the site's default page. Bounded by size.
  const pages = new LRUCache<string, string>({
    maxSize: 4 * 1024 * 1024,
    sizeCalculation: (html) => html.length,
  });
  const sendIndex = async (request: FastifyRequest, reply: FastifyReply) => {
    const urlPath = request.url.split('?')[0] ?? '/';
    let html = indexHtml;
    for (const resolve of metaResolvers) {
      const meta = await resolve(urlPath);
      if (meta) {
        const key = JSON.stringify([urlPath, meta.title, meta.description, meta.image, meta.type]);
        // Made once per address and meta; a hit only reads the LRU (no re-insert on the hot path).
        let page = pages.get(key);
        if (page === undefined) {
          page = withPageMeta(indexHtml, meta, `${app.config.publicUrl}${urlPath}`, siteName);
          pages.set(key, page);
        }
        html = page;
        break;
      }
    }
    // The page is about 55 KB (the app shell and its stylesheet inline): compressed once per text, never per
    // request, and revalidated by its ETag (`no-cache`: a deploy reaches browsers at once, a 304 otherwise).
    void reply.header('cache-control', 'no-cache');
    return sendPreparedText(reply, html, 'text/html; charset=utf-8', { etag: true });
  };
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
