import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { siteName } from '@tibeb/domain/site/messages';
import { LRUCache } from 'lru-cache';
import { escapeMarkup } from './escape.ts';
import { sendPreparedText } from '../cache/public-cache.ts';
import { loadRenderer, SERVER_BUNDLE_DIR } from './page-render.ts';

/** What a page shows to link previews and search engines, which read the HTML without running the app. */
export type PageMeta = {
  title: string;
  description: string;
  image?: string | undefined;
  type?: 'website' | 'article' | 'profile' | undefined;
  /** The page's one address (a path or absolute). */
  canonical?: string | undefined;
  /** schema.org structured data. */
  jsonLd?: object | undefined;
};
/** Answers the meta of a path it knows (null otherwise); the first resolver with an answer wins. */
export type PageMetaResolver = (urlPath: string) => Promise<PageMeta | null>;

/** JSON inside a `<script>` element: nothing in it can close the element or open a comment. */
export const scriptJson = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

/** index.html with the page's title, description and Open Graph tags in place of the site's defaults. */
export function withPageMeta(
  indexHtml: string,
  meta: PageMeta,
  absoluteUrl: string,
  siteName: string,
): string {
  const origin = new URL(absoluteUrl).origin;
  const image = meta.image ? new URL(meta.image, origin).toString() : undefined;
  const canonical = meta.canonical ? new URL(meta.canonical, origin).toString() : undefined;
  const tags = [
    ['og:type', meta.type ?? 'website'],
    ['og:title', meta.title],
    ['og:description', meta.description],
    ['og:url', canonical ?? absoluteUrl],
    ['og:site_name', siteName],
    ...(image ? [['og:image', image]] : []),
  ]
    .map(([property, content]) => `<meta property="${property}" content="${escapeMarkup(content!)}" />`)
    .concat(canonical ? [`<link rel="canonical" href="${escapeMarkup(canonical)}" />`] : [])
    .concat(meta.jsonLd ? [`<script type="application/ld+json">${scriptJson(meta.jsonLd)}</script>`] : [])
    .join('\n    ');
  const title = meta.title === siteName ? siteName : `${meta.title} | ${siteName}`;
  return indexHtml
    .replace(/<title>[\s\S]*?<\/title>/, `<title>${escapeMarkup(title)}</title>`)
    .replace(
      /<meta\s+name="description"\s+content="[^"]*"\s*\/?>/,
      `<meta name="description" content="${escapeMarkup(meta.description)}" />`,
    )
    .replace('</head>', `    ${tags}\n  </head>`);
}

/** The element holding a rendered page's state (apps/web/src/lib/ssr-state.ts `SSR_STATE_ID`). */
const SSR_STATE_ID = 'tibeb-ssr-state';

/**
 * index.html with a page the server rendered: its markup in place of the app shell, its language on `<html>`,
 * and the state the browser hydrates with (apps/web/src/lib/ssr-state.ts reads it).
 */
export function withRenderedPage(indexHtml: string, markup: string, state: { language: string }): string {
  const open = '<div id="root">';
  const start = indexHtml.indexOf(open);
  const end = indexHtml.lastIndexOf('</div>', indexHtml.lastIndexOf('</body>'));
  if (start < 0 || end < start) return indexHtml;
  // A data block, not a script: the Content-Security-Policy runs no inline script (`script-src 'self'`).
  const stateScript = `<script type="application/json" id="${SSR_STATE_ID}">${scriptJson(state)}</script>`;
  return (
    indexHtml
      .slice(0, start + open.length)
      .replace(/<html lang="[^"]*"/, `<html lang="${state.language === 'am' ? 'am' : 'en'}"`) +
    markup +
    '</div>\n    ' +
    stateScript +
    indexHtml.slice(end + '</div>'.length)
  );
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
  const renderPage = await loadRenderer(app, webDist);
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
    const rendered = renderPage ? await renderPage(request, urlPath) : null;
    if (rendered?.kind === 'redirect') return reply.redirect(rendered.location, rendered.status);
    if (rendered) {
      // A public page as the server rendered it, in the visitor's language: the same address answers in English
      // or Amharic by the language cookie or Accept-Language, and a cache must keep them apart.
      void reply
        .status(rendered.status)
        .header('cache-control', 'no-cache')
        .header('vary', 'Cookie, Accept-Language');
      // A rendered page is kept for a while (page-render.ts) and sent again as the same object: its page text is
      // made and prepared once per render (decision 246), and its prepared forms go with the render (decision 280).
      const compose = () => {
        const page = withRenderedPage(indexHtml, rendered.html, rendered.state);
        return rendered.head
          ? withPageMeta(page, rendered.head, `${app.config.publicUrl}${urlPath}`, siteName)
          : page;
      };
      return sendPreparedText(reply, compose, 'text/html; charset=utf-8', { etag: true, keepWith: rendered });
    }
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
    // The server's renderer lives inside the build but is never sent.
    const hidden = candidate.startsWith(path.join(webDist, SERVER_BUNDLE_DIR));
    if (!hidden && candidate.startsWith(webDist) && path.extname(candidate) && fs.existsSync(candidate)) {
      return reply.sendFile(path.relative(webDist, candidate));
    }
    if (path.extname(urlPath) && urlPath.startsWith('/assets/')) {
      return reply.status(404).send({ detail: 'Not found.' });
    }
    return sendIndex(request, reply);
  });
}
