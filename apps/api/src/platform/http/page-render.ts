import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import { publicDataVersion } from '../cache/public-cache.ts';
import type { PageMeta } from './web.ts';

/**
 * The public pages rendered on the server (issue 28, DESIGN §1.16, decision 242). The web build carries its
 * renderer in `.server/entry-server.js` (apps/web/vite.config.ts, built from apps/web/src/entry-server.tsx); this
 * module loads it, chooses the visitor's language, answers the page's reads inside this process and puts the
 * rendered page into index.html.
 */

export type Language = 'en' | 'am';

/** What the renderer answers (apps/web/src/entry-server.tsx `RenderResult`). */
export type RenderResult =
  | {
      kind: 'page';
      status: number;
      html: string;
      head: (PageMeta & { status?: number | undefined }) | null;
      state: { language: Language; queries: unknown };
    }
  | { kind: 'redirect'; status: number; location: string };

type Renderer = {
  setup(transport: typeof fetch): Promise<void>;
  render(url: string, language: Language, origin: string): Promise<RenderResult>;
};

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** How long a rendered page is sent again before it is rendered anew. */
const RENDER_TTL_MS = 5_000;

/**
 * What the rendered pages kept for RENDER_TTL_MS may hold (decision 246): 8 % of an instance's 200 MB (DESIGN §4).
 * A page counts 150–350 KB (its markup and its data, two bytes a character: Amharic pages are two-byte strings), so
 * about 50–100 pages: the pages visited within 5 s, in both languages. A crawler walking every tutor page fills it
 * with pages nobody asks for again, so a larger budget would buy nothing.
 */
export const RENDERED_PAGES_MAX_BYTES = 16 * 1024 * 1024;

/** A kept render's bytes: its markup and its data (the queries dehydrated into the page), two a character. */
export const renderedBytes = (result: RenderResult) =>
  result.kind === 'page' ? (result.html.length + JSON.stringify(result.state).length) * 2 + 1024 : 256;

/** The signed-in areas stay client-rendered: their pages need the visitor's session, which only the browser has. */
const AREA_PATH = /^\/(admin|tutor|student)(\/|$)/;

export const isAreaPath = (urlPath: string) => AREA_PATH.test(urlPath);

/** The folder of the renderer inside a web build (never served: web.ts refuses it). */
export const SERVER_BUNDLE_DIR = '.server';

/** The cookie the web app writes when a visitor chooses a language (apps/web/src/lib/i18n.ts `LANGUAGE_COOKIE`). */
const LANGUAGE_COOKIE = 'tibeb.language';

/**
 * The visitor's language: the choice they made here (the cookie), else the first of English and Amharic in
 * their browser's `Accept-Language` by preference, else English.
 */
export function visitorLanguage(request: FastifyRequest): Language {
  const cookie = request.headers.cookie ?? '';
  for (const part of cookie.split(';')) {
    const [name, value] = part.trim().split('=');
    if (name === LANGUAGE_COOKIE && (value === 'am' || value === 'en')) return value;
  }
  const accepted = (request.headers['accept-language'] ?? '')
    .split(',')
    .slice(0, 20)
    .map((entry, index) => {
      const [tag = '', ...params] = entry.trim().toLowerCase().split(';');
      const q = Number(
        params
          .find((p) => p.trim().startsWith('q='))
          ?.trim()
          .slice(2) ?? '1',
      );
      return { tag, q: Number.isFinite(q) ? q : 0, index };
    })
    .filter((entry) => entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  for (const { tag } of accepted) {
    if (tag === 'am' || tag.startsWith('am-')) return 'am';
    if (tag === 'en' || tag.startsWith('en-')) return 'en';
  }
  return 'en';
}

/** The page's reads, answered by the API in this process (`app.inject`): no socket, no second server. */
function inProcessFetch(app: FastifyInstance): typeof fetch {
  return async (input, init) => {
    const url =
      typeof input === 'string'
        ? input
        : input instanceof URL
          ? `${input.pathname}${input.search}`
          : new URL(input.url).pathname;
    const reply = await app.inject({
      method: (init?.method ?? 'GET') as 'GET',
      url,
      headers: { accept: 'application/json' },
      ...(typeof init?.body === 'string' ? { payload: init.body } : {}),
    });
    const headers = new Headers();
    for (const [name, value] of Object.entries(reply.headers)) {
      if (typeof value === 'string') headers.set(name, value);
      else if (typeof value === 'number') headers.set(name, String(value));
    }
    const empty = reply.statusCode === 204 || reply.statusCode === 304;
    return new Response(empty ? null : reply.rawPayload, { status: reply.statusCode, headers });
  };
}

/**
 * The pages rendered a moment ago, for one version of what they show: a render of an earlier version can never be
 * sent again, so it is let go at once (with its prepared forms, decision 280) rather than when the budget is full.
 */
export function recentRenders() {
  let keptVersion = '';
  const renders = new LRUCache<string, RenderResult>({
    max: 1000,
    maxSize: RENDERED_PAGES_MAX_BYTES,
    sizeCalculation: renderedBytes,
    ttl: RENDER_TTL_MS,
  });
  const sameVersion = (version: string) => {
    if (version !== keptVersion) {
      renders.clear();
      keptVersion = version;
    }
  };
  return {
    get(version: string, key: string) {
      sameVersion(version);
      return renders.get(key);
    },
    /** Kept only while its version is the latest asked for: a render that a change overtook is not kept. */
    set(version: string, key: string, result: RenderResult) {
      if (version === keptVersion) renders.set(key, result);
    },
    get size() {
      return renders.size;
    },
  };
}

/** Loads the renderer of a web build, or null when the build has none (an older build: the app renders alone). */
export async function loadRenderer(
  app: FastifyInstance,
  webDist: string,
): Promise<((request: FastifyRequest, urlPath: string) => Promise<RenderResult | null>) | null> {
  const entry = path.join(webDist, SERVER_BUNDLE_DIR, 'entry-server.js');
  if (!fs.existsSync(entry)) {
    app.log.warn({ entry }, 'no server renderer in the web build: public pages render in the browser only');
    return null;
  }
  const renderer = (await import(pathToFileURL(entry).href)) as Renderer;
  await renderer.setup(inProcessFetch(app));
  // A page rendered a moment ago is sent again for RENDER_TTL_MS: the same bytes (compressed once, one ETag)
  // instead of a render per request, until anything may have changed: a write this instance answered, or a public
  // read another instance changed (the cache bus). Another instance's other writes (a comment) show within
  // RENDER_TTL_MS. Bounded in count and bytes, whatever addresses visitors send.
  // Any write this instance answered may change what a page shows (a comment, a booking), public cache or not.
  let writes = 0;
  app.addHook('onResponse', async (request, reply) => {
    if (!SAFE_METHODS.has(request.method) && reply.statusCode < 400) writes += 1;
  });
  const recent = recentRenders();
  return async (request, urlPath) => {
    if (isAreaPath(urlPath)) return null;
    const language = visitorLanguage(request);
    const version = `${publicDataVersion()}.${writes}`;
    const key = `${language} ${request.url}`;
    const cached = recent.get(version, key);
    if (cached) return cached;
    try {
      const result = await renderer.render(request.url, language, app.config.publicUrl);
      recent.set(version, key, result);
      return result;
    } catch (error) {
      // The page still works: the browser renders it as before.
      request.log.error({ err: error, urlPath }, 'server render failed');
      return null;
    }
  };
}
