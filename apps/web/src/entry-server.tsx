/**
 * The public pages rendered on the server (issue 28, DESIGN §1.16, decision 242): the API calls `render` for a
 * page's address and sends the HTML with the page's data, in the visitor's language; the browser then hydrates
 * it (main.tsx) without fetching that data again. Built by `vite build --ssr` into apps/web/dist-server.
 */
import { dehydrate, type Query } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { AppProvider, makeQueryClient } from './app/provider.tsx';
import { routes } from './app/routes.tsx';
import { setApiTransport } from './lib/api-client.ts';
import { changeLanguage, i18n, initI18n, type Language } from './lib/i18n.ts';
import { PageHeadContext, type PageHead } from './lib/page-meta.ts';
import { packQueries, type SsrState } from './lib/ssr-state.ts';

export type { PageHead, SsrState };

/** What the server sends for an address: a page, or a redirect the router asked for. */
export type RenderResult =
  | { kind: 'page'; status: number; html: string; head: PageHead | null; state: SsrState }
  | { kind: 'redirect'; status: number; location: string };

/** At most this many rounds of "render, then fetch what the page asked for": a page's reads come in waves. */
const MAX_ROUNDS = 4;

const handler = createStaticHandler(routes);

let ready: Promise<void> | undefined;

/**
 * Prepares the renderer once: both languages' strings in memory (English needs none), and the page's reads
 * answered by `transport` (the server answers them in its own process). Called before the first render.
 */
export function setup(transport: typeof fetch): Promise<void> {
  setApiTransport(transport);
  ready ??= (async () => {
    await initI18n('en');
    await changeLanguage('am');
    await changeLanguage('en');
  })();
  return ready;
}

/** Whether a query the page made is still to be fetched: asked for, enabled, and not yet tried in this render. */
function waiting(query: Query, tried: Set<string>): boolean {
  if (tried.has(query.queryHash) || query.state.status !== 'pending') return false;
  const enabled = (query.options as { enabled?: unknown }).enabled;
  if (enabled === false) return false;
  if (typeof enabled === 'function') return Boolean((enabled as (q: Query) => unknown)(query));
  return true;
}

/**
 * Renders the page at `url` (path and query) in `language`. The page's queries are found by rendering: each round
 * renders, then fetches the queries the render asked for, until a render asks for nothing new (a failed read stays
 * failed: the page shows what the browser would). Rendering is synchronous, so the shared i18next instance is set
 * to the visitor's language just before each render and nothing else runs in between.
 */
export async function render(url: string, language: Language, origin: string): Promise<RenderResult> {
  await ready;
  const context = await handler.query(new Request(new URL(url, origin)));
  if (context instanceof Response) {
    return {
      kind: 'redirect',
      status: context.status,
      location: context.headers.get('location') ?? '/',
    };
  }
  const router = createStaticRouter(handler.dataRoutes, context);
  const client = makeQueryClient();
  // One try per read, and a failed read renders as failed (not as loading again), as the browser then shows it.
  client.setDefaultOptions({
    queries: { ...client.getDefaultOptions().queries, retry: false, retryOnMount: false },
  });
  const collected: { head: PageHead | null } = { head: null };
  const record = (head: PageHead) => {
    collected.head = head;
  };
  const tried = new Set<string>();

  const renderOnce = () => {
    collected.head = null;
    void i18n.changeLanguage(language);
    return renderToString(
      <StrictMode>
        <PageHeadContext.Provider value={record}>
          <AppProvider client={client}>
            <StaticRouterProvider router={router} context={context} hydrate={false} />
          </AppProvider>
        </PageHeadContext.Provider>
      </StrictMode>,
    );
  };

  let html = renderOnce();
  for (let round = 1; round < MAX_ROUNDS; round++) {
    const queries = client
      .getQueryCache()
      .getAll()
      .filter((q) => waiting(q, tried));
    if (queries.length === 0) break;
    await Promise.all(
      queries.map((query) => {
        tried.add(query.queryHash);
        return query.fetch().catch(() => undefined);
      }),
    );
    html = renderOnce();
  }

  const notFound = context.matches.some((match) => match.route.path === '*');
  const head = collected.head as PageHead | null;
  // A page that names its one address and a redirect status (a tutor page at an old slug) is answered with the
  // redirect itself; the browser's page shows a link meanwhile.
  if (head?.canonical && head.status && head.status >= 300 && head.status < 400) {
    return { kind: 'redirect', status: head.status, location: head.canonical };
  }
  const status = head?.status ?? (notFound ? 404 : context.statusCode);
  const queries = packQueries(
    dehydrate(client, { shouldDehydrateQuery: (q) => q.state.status !== 'pending' }),
  );
  return { kind: 'page', status, html, head, state: { language, queries } };
}
