import {
  dehydrate,
  hydrate,
  QueryClient,
  QueryClientProvider,
  type DehydratedState,
  type Query,
} from '@tanstack/react-query';
import { act, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import {
  createMemoryRouter,
  createStaticHandler,
  createStaticRouter,
  RouterProvider,
  StaticRouterProvider,
  type RouteObject,
} from 'react-router';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  abebe,
  hana,
  review,
  serveSearch,
  serveTutor,
  tutorPage,
} from '../../../features/tutors/utils/tutors.fixtures.ts';
import { PageHeadContext, type PageHead } from '../../../lib/page-meta.ts';
import { packQueries, unpackQueries } from '../../../lib/ssr-state.ts';
import SubjectPage from './subject-page.tsx';
import TutorPage from './tutor-page.tsx';
import TutorsPage from './tutors.tsx';
import { server } from '../../../test/msw-server.ts';

const routes: RouteObject[] = [
  { path: '/tutors', Component: TutorsPage },
  { path: '/tutors/:tutor', Component: TutorPage },
  { path: '/subjects/:slug', Component: SubjectPage },
];

/**
 * The server's way (entry-server.tsx): render, fetch what the render asked for, render again; then the browser
 * hydrates that HTML with the same answers. Returns the HTML, the head and what React reported while hydrating.
 */
async function serverRenderThenHydrate(url: string) {
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(new URL(url, 'http://localhost')));
  if (context instanceof Response) throw new Error('unexpected redirect');
  const staticRouter = createStaticRouter(handler.dataRoutes, context);
  const serverClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  let head: PageHead | null = null;
  const wrap = (client: QueryClient, children: ReactNode) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  const renderOnce = () =>
    renderToString(
      <PageHeadContext.Provider value={(h) => (head = h)}>
        {wrap(serverClient, <StaticRouterProvider router={staticRouter} context={context} hydrate={false} />)}
      </PageHeadContext.Provider>,
    );
  let html = renderOnce();
  const tried = new Set<string>();
  for (let round = 0; round < 3; round++) {
    const waiting = serverClient
      .getQueryCache()
      .getAll()
      .filter(
        (q: Query) =>
          !tried.has(q.queryHash) &&
          q.state.status === 'pending' &&
          (q.options as { enabled?: unknown }).enabled !== false,
      );
    if (waiting.length === 0) break;
    await Promise.all(waiting.map((q) => (tried.add(q.queryHash), q.fetch().catch(() => undefined))));
    html = renderOnce();
  }
  // As the server sends it: every settled answer (a 404 too), through JSON.
  const state = unpackQueries(
    JSON.parse(
      JSON.stringify(
        packQueries(dehydrate(serverClient, { shouldDehydrateQuery: (q) => q.state.status !== 'pending' })),
      ),
    ) as DehydratedState,
  );

  const container = document.createElement('div');
  container.innerHTML = html;
  document.body.appendChild(container);
  const browser = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: 30_000 } } });
  hydrate(browser, state);
  const recoverable: unknown[] = [];
  const errors = vi.spyOn(console, 'error');
  const router = createMemoryRouter(routes, { initialEntries: [url] });
  let root: ReturnType<typeof hydrateRoot> | undefined;
  await act(async () => {
    root = hydrateRoot(container, wrap(browser, <RouterProvider router={router} />), {
      onRecoverableError: (error) => recoverable.push(error),
    });
  });
  return {
    html,
    head: head as PageHead | null,
    recoverable,
    errors,
    unmount: () => {
      act(() => root?.unmount());
      container.remove();
    },
  };
}

describe('the tutor pages rendered on the server, then hydrated', () => {
  afterEach(() => vi.restoreAllMocks());

  it('a tutor page: the HTML has the tutor, the reviews and the free times; hydration matches, then adds the visitor’s time', async () => {
    vi.spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions').mockReturnValue({
      ...new Intl.DateTimeFormat('en').resolvedOptions(),
      timeZone: 'America/New_York',
    });
    serveTutor(tutorPage(abebe, { total_reviews: 1 }), [review(1, { comment: 'Wonderful teacher.' })]);
    const page = await serverRenderThenHydrate('/tutors/1-abebe-bekele');
    expect(page.html).toContain('<h1');
    expect(page.html).toContain('Abebe Bekele');
    expect(page.html).toContain('Wonderful teacher.');
    expect(page.html).toContain('Tue 16 Jun, 16:00 EAT');
    expect(page.html).not.toContain('your time');
    expect(page.head).toMatchObject({ canonical: '/tutors/1-abebe-bekele', jsonLd: { '@type': 'Person' } });
    expect(page.recoverable).toEqual([]);
    expect(page.errors).not.toHaveBeenCalled();
    await waitFor(() =>
      expect(
        within(screen.getByRole('list', { name: 'Free times this week' })).getAllByRole('listitem')[0],
      ).toHaveTextContent('Tue 16 Jun, 16:00 EAT · 09:00 your time (New York)'),
    );
    page.unmount();
  });

  it('the directory with filters from the address: the HTML has the cards; hydration matches', async () => {
    serveSearch([abebe, hana]);
    const page = await serverRenderThenHydrate('/tutors?subject=sciences&sort=price');
    expect(page.html).toContain('Hana Tesfaye');
    expect(page.html).not.toContain('Abebe Bekele');
    expect(page.html).not.toContain('Loading tutors...');
    expect(page.head).toMatchObject({ canonical: '/tutors?subject=Sciences' });
    expect(page.recoverable).toEqual([]);
    expect(page.errors).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Sciences' })).toHaveAttribute('aria-pressed', 'true');
    page.unmount();
  });

  it('an old address of a tutor: status 301 to the canonical address, with a link to it', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    serveTutor(tutorPage(abebe), []);
    const page = await serverRenderThenHydrate('/tutors/1');
    expect(page.head).toMatchObject({ status: 301, canonical: '/tutors/1-abebe-bekele' });
    expect(page.html).toContain('href="/tutors/1-abebe-bekele"');
    await waitFor(() =>
      expect(screen.getByRole('heading', { level: 1, name: 'Abebe Bekele' })).toBeInTheDocument(),
    );
    page.unmount();
  });

  it('an unknown tutor: the 404 page with status 404', async () => {
    serveTutor(null);
    const page = await serverRenderThenHydrate('/tutors/42-nobody');
    expect(page.html).toContain('Page not found');
    expect(page.head).toMatchObject({ status: 404 });
    expect(page.recoverable).toEqual([]);
    expect(page.errors).not.toHaveBeenCalled();
    // The browser shows what the server rendered, without asking again.
    expect(screen.getByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
    page.unmount();
  });

  it('a failed search: the empty state on the server and after hydration', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    server.use(http.get('/api/tutors/search/', () => HttpResponse.json({ detail: 'Boom' }, { status: 500 })));
    const page = await serverRenderThenHydrate('/tutors');
    expect(page.html).toContain('No tutors found matching your criteria.');
    expect(page.recoverable).toEqual([]);
    expect(screen.getByText('No tutors found matching your criteria.')).toBeInTheDocument();
    expect(log).toHaveBeenCalledWith('Failed to load tutors:', expect.anything());
    page.unmount();
  });
});
