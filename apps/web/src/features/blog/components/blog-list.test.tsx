import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { BlogPost } from '@tibeb/domain/blog/contracts';
import { server } from '../../../test/msw-server.ts';
import { BlogList } from './blog-list.tsx';

const languages = { id: 1, name: 'Languages', slug: 'languages' };
const tips = { id: 2, name: 'Study Tips', slug: 'study-tips' };
const makePost = (i: number, extra: Partial<BlogPost> = {}): BlogPost => ({
  id: i,
  slug: `post-${i}`,
  title: `Post ${i}`,
  body: `Body of post ${i}.`,
  excerpt: `Excerpt ${i}`,
  cover_image_url: '',
  published_at: '2026-03-03T10:00:00Z',
  category: tips,
  tags: [],
  ...extra,
});

function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}

function renderList(url = '/blog') {
  const router = createMemoryRouter(
    [
      {
        path: '/blog',
        element: (
          <>
            <BlogList />
            <LocationProbe />
          </>
        ),
      },
      { path: '/blog/:slug', element: <LocationProbe /> },
    ],
    { initialEntries: [url] },
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

const location = () => screen.getByTestId('location').textContent;

/** A server that paginates like ours and records the queries it was asked. */
function serve(posts: BlogPost[], seen: URLSearchParams[] = []) {
  server.use(
    http.get('/api/blog/categories/', () => HttpResponse.json([languages, tips])),
    http.get('/api/blog/tags/', () => HttpResponse.json([{ id: 5, name: 'Amharic', slug: 'amharic' }])),
    http.get('/api/blog/posts/', ({ request }) => {
      const params = new URL(request.url).searchParams;
      seen.push(params);
      const page = Number(params.get('page') ?? 1);
      let list = posts;
      if (params.get('category')) list = list.filter((p) => p.category?.slug === params.get('category'));
      if (params.get('q')) list = list.filter((p) => p.title.includes(params.get('q')!));
      return HttpResponse.json({
        count: list.length,
        next: page * 10 < list.length ? page + 1 : null,
        previous: page > 1 ? page - 1 : null,
        results: list.slice((page - 1) * 10, page * 10),
      });
    }),
  );
  return seen;
}

describe('the blog list (spec §2 "Blog")', () => {
  it('shows a 4-card skeleton while loading, then the cards', async () => {
    serve([makePost(1)]);
    renderList();
    expect(screen.getAllByTestId('post-skeleton')).toHaveLength(4);
    expect(await screen.findByRole('heading', { name: 'Post 1' }, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.queryByTestId('post-skeleton')).not.toBeInTheDocument();
  });

  it('shows category, date, reading time, title, excerpt and the two links on a card', async () => {
    serve([makePost(1, { excerpt: '', body: `${'word '.repeat(700)}`, category: languages }), makePost(2)]);
    renderList();
    const card = (await screen.findByRole('heading', { name: 'Post 1' })).closest('article')!;
    const c = within(card);
    expect(c.getByText('Languages')).toBeInTheDocument();
    expect(c.getByText('March 3, 2026')).toBeInTheDocument();
    expect(c.getByText('3 min read')).toBeInTheDocument();
    // No excerpt: the first 160 characters of the body.
    expect(c.getByText(`${'word '.repeat(32).trim()}…`)).toBeInTheDocument();
    expect(c.getByRole('link', { name: 'Category: Languages' })).toHaveAttribute(
      'href',
      '/blog?category=languages',
    );
    expect(c.getByRole('link', { name: 'Read article: Post 1' })).toHaveAttribute('href', '/blog/post-1');
    expect(
      within(screen.getByRole('heading', { name: 'Post 2' }).closest('article')!).getByText('Excerpt 2'),
    ).toBeInTheDocument();
  });

  it("says 'No posts yet.' when the list is empty or fails to load", async () => {
    serve([]);
    renderList();
    expect(await screen.findByText('No posts yet.')).toBeInTheDocument();
  });

  it('shows an empty list when the list fails, and ignores failing categories and tags', async () => {
    server.use(
      http.get('/api/blog/categories/', () => HttpResponse.json({ detail: 'x' }, { status: 500 })),
      http.get('/api/blog/tags/', () => HttpResponse.error()),
      http.get('/api/blog/posts/', () => HttpResponse.json({ detail: 'x' }, { status: 500 })),
    );
    renderList();
    expect(await screen.findByText('No posts yet.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reset' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { pressed: false })).not.toBeInTheDocument();
  });

  it('searches with the Search button and keeps q in the address, replacing history', async () => {
    const seen = serve([makePost(1, { title: 'Amharic at home' }), makePost(2)]);
    const router = renderList('/blog?page=2');
    await screen.findByText('No posts yet.');
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search articles' }), 'Amharic');
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(location()).toBe('/blog?q=Amharic'));
    expect(await screen.findByRole('heading', { name: 'Amharic at home' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Post 2' })).not.toBeInTheDocument();
    expect(seen.at(-1)?.get('q')).toBe('Amharic');
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('toggles a category chip, resetting the page to 1; pressing it again clears it', async () => {
    serve([makePost(1, { category: languages }), makePost(2)]);
    renderList('/blog?page=3&tag=amharic');
    const chip = await screen.findByRole('button', { name: 'Languages' });
    await userEvent.click(chip);
    await waitFor(() => expect(location()).toBe('/blog?category=languages&tag=amharic'));
    expect(screen.getByRole('button', { name: 'Languages' })).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(screen.getByRole('button', { name: 'Languages' }));
    await waitFor(() => expect(location()).toBe('/blog?tag=amharic'));
    await userEvent.click(screen.getByRole('button', { name: '#Amharic' }));
    await waitFor(() => expect(location()).toBe('/blog'));
  });

  it('Reset clears search, category, tag and page', async () => {
    serve([makePost(1)]);
    renderList('/blog?q=x&category=languages&tag=amharic&page=2');
    await screen.findByText('No posts yet.');
    expect(screen.getByRole('searchbox')).toHaveValue('x');
    await userEvent.click(screen.getByRole('button', { name: 'Reset' }));
    await waitFor(() => expect(location()).toBe('/blog'));
    expect(screen.getByRole('searchbox')).toHaveValue('');
  });

  it('pages with Prev/Next and numbers, showing first and last and a ±2 window with ellipses', async () => {
    const seen = serve(Array.from({ length: 115 }, (_, i) => makePost(i + 1)));
    renderList('/blog?page=6');
    await screen.findByRole('heading', { name: 'Post 51' });
    const nav = screen.getByRole('navigation', { name: 'Pagination' });
    const labels = within(nav)
      .getAllByRole('button')
      .map((b) => b.textContent);
    expect(labels).toEqual(['Prev', '1', '4', '5', '6', '7', '8', '12', 'Next']);
    expect(nav.textContent).toContain('…');
    expect(within(nav).getByRole('button', { name: 'Page 6' })).toHaveAttribute('aria-current', 'page');
    await userEvent.click(within(nav).getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(location()).toBe('/blog?page=7'));
    expect(await screen.findByRole('heading', { name: 'Post 61' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Page 1' }));
    await waitFor(() => expect(location()).toBe('/blog'));
    expect(await screen.findByRole('heading', { name: 'Post 1' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Prev' })).toBeDisabled();
    expect(seen.map((p) => p.get('page'))).toEqual(['6', '7', null]);
  });

  it("shows an empty list for an answer that is not the server's paged list (a plain list)", async () => {
    server.use(
      http.get('/api/blog/categories/', () => HttpResponse.json([])),
      http.get('/api/blog/tags/', () => HttpResponse.json([])),
      http.get('/api/blog/posts/', () =>
        HttpResponse.json(Array.from({ length: 12 }, (_, i) => makePost(i + 1))),
      ),
    );
    renderList('/blog?page=2');
    expect(await screen.findByText('No posts yet.')).toBeInTheDocument();
    expect(screen.queryByRole('article')).not.toBeInTheDocument();
  });

  it('passes the post in navigation state when a card is opened', async () => {
    serve([makePost(7)]);
    const router = renderList();
    await userEvent.click(await screen.findByRole('link', { name: 'Read article: Post 7' }));
    await waitFor(() => expect(location()).toBe('/blog/post-7'));
    expect((router.state.location.state as { post: BlogPost }).post.id).toBe(7);
  });
});
