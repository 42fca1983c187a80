import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay, http, HttpResponse } from 'msw';
import { createMemoryRouter, RouterProvider, useLocation, useParams } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { BlogPost } from '@tibeb/domain/blog/contracts';
import { server } from '../../../test/msw-server.ts';
import { BlogPostView } from './blog-post-view.tsx';

const post: BlogPost = {
  id: 12,
  slug: 'learning-amharic',
  title: 'Learning Amharic at home',
  body: '## Speak first\n\nFirst paragraph with **bold** words.\n\nSecond paragraph <a href="javascript:window.hacked=1" onclick="window.hacked=1">here</a> <script>window.hacked=1</script>',
  excerpt: 'Keep the fidel alive.',
  cover_image_url: '/images/blog/amharic.jpg',
  published_at: '2026-03-03T10:00:00Z',
  category: { id: 1, name: 'Languages', slug: 'languages' },
  tags: [
    { id: 5, name: 'Amharic', slug: 'amharic' },
    { id: 6, name: 'Reading', slug: 'reading' },
  ],
};

function Probe() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}

function PostRoute() {
  const { slug = '' } = useParams();
  return (
    <>
      <BlogPostView key={slug} slugOrId={slug} />
      <Probe />
    </>
  );
}

function renderPost(url: string) {
  const router = createMemoryRouter(
    [
      { path: '/blog/:slug', element: <PostRoute /> },
      { path: '/blog', element: <Probe /> },
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

function servePost(comments: unknown[] = []) {
  server.use(
    http.get('/api/blog/posts/slug/learning-amharic/', () => HttpResponse.json(post)),
    http.get('/api/blog/posts/12', () => HttpResponse.json(post)),
    http.get('/api/blog/comments/', ({ request }) =>
      new URL(request.url).searchParams.get('post_slug') === 'learning-amharic'
        ? HttpResponse.json(comments)
        : HttpResponse.json([], { status: 400 }),
    ),
  );
}

describe('a blog post (spec §2 "Blog")', () => {
  it('shows the category, date, reading time, title, tag links and the body as sanitised Markdown', async () => {
    servePost();
    renderPost('/blog/learning-amharic');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Learning Amharic at home' }, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Languages' })).toHaveAttribute(
      'href',
      '/blog?category=languages',
    );
    expect(screen.getByText('March 3, 2026')).toBeInTheDocument();
    expect(screen.getByText('1 min read')).toBeInTheDocument();
    const tags = within(screen.getByRole('list', { name: 'Tags' }));
    expect(tags.getByRole('link', { name: '#Amharic' })).toHaveAttribute('href', '/blog?tag=amharic');
    expect(tags.getByRole('link', { name: '#Reading' })).toHaveAttribute('href', '/blog?tag=reading');
    const article = screen.getByRole('article');
    // The body is Markdown, rendered and sanitised: a heading, bold text, no script or event handler.
    expect(
      await within(article).findByRole('heading', { level: 2, name: 'Speak first' }),
    ).toBeInTheDocument();
    expect(within(article).getByText('bold').tagName).toBe('STRONG');
    expect(within(article).getByText(/Second paragraph/).tagName).toBe('P');
    expect(article.querySelector('script, [onclick], a[href^="javascript"]')).toBeNull();
    expect((window as { hacked?: number }).hacked).toBeUndefined();
    expect(screen.getAllByRole('link', { name: /Back to blog/ })).toHaveLength(2);
    expect(await screen.findByText('Be the first to comment.')).toBeInTheDocument();
  });

  it('sets the title, description, canonical address and Open Graph tags, and removes them on leaving', async () => {
    servePost();
    const router = renderPost('/blog/learning-amharic');
    await screen.findByRole('heading', { level: 1 });
    await waitFor(() => expect(document.title).toBe('Learning Amharic at home | Tibeb Tutoring'));
    const og = (p: string) => document.head.querySelector<HTMLMetaElement>(`meta[property="${p}"]`)?.content;
    expect(document.head.querySelector<HTMLMetaElement>('meta[name="description"]')?.content).toBe(
      'Keep the fidel alive.',
    );
    expect(og('og:title')).toBe('Learning Amharic at home');
    expect(og('og:description')).toBe('Keep the fidel alive.');
    expect(og('og:type')).toBe('article');
    expect(og('og:image')).toBe(`${window.location.origin}/images/blog/amharic.jpg`);
    expect(document.head.querySelector<HTMLLinkElement>('link[rel="canonical"]')?.href).toBe(
      `${window.location.origin}/blog/learning-amharic`,
    );
    await router.navigate('/blog');
    await waitFor(() => expect(og('og:title')).toBeUndefined());
    expect(document.head.querySelector('link[rel="canonical"]')).toBeNull();
  });

  it('redirects a numeric address to the slug address', async () => {
    servePost();
    renderPost('/blog/12');
    await waitFor(() => expect(location()).toBe('/blog/learning-amharic'));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Learning Amharic at home' }),
    ).toBeInTheDocument();
  });

  it('goes to /blog when the post fails to load', async () => {
    server.use(
      http.get('/api/blog/posts/slug/missing/', () =>
        HttpResponse.json({ detail: 'Post not found.' }, { status: 404 }),
      ),
    );
    renderPost('/blog/missing');
    await waitFor(() => expect(location()).toBe('/blog'));
  });

  it('lists comments as text, oldest first', async () => {
    servePost([
      { id: 1, name: 'Selam', body: 'Very helpful.', created_at: '2026-03-04T10:00:00Z' },
      {
        id: 2,
        name: '<img src=x onerror=alert(1)>',
        body: '<b>bold?</b>',
        created_at: '2026-03-05T10:00:00Z',
      },
    ]);
    renderPost('/blog/learning-amharic');
    expect(await screen.findByText('Very helpful.', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByText('<img src=x onerror=alert(1)>')).toBeInTheDocument();
    expect(screen.getByText('<b>bold?</b>')).toBeInTheDocument();
    expect(document.querySelector('img[src="x"]')).toBeNull();
    expect(screen.queryByText('Be the first to comment.')).not.toBeInTheDocument();
  });

  it("posts a comment: 'Submitting…' while sending, then the comment shows", async () => {
    const stored: unknown[] = [];
    servePost(stored);
    let sent: unknown = null;
    server.use(
      http.post('/api/blog/comments/', async ({ request }) => {
        sent = await request.json();
        await delay(1000);
        const comment = { id: 99, name: 'Hana', body: 'Thank you!', created_at: '2026-03-06T10:00:00Z' };
        stored.push(comment);
        return HttpResponse.json({ ...comment, status: 'approved' }, { status: 201 });
      }),
    );
    renderPost('/blog/learning-amharic');
    await screen.findByText('Be the first to comment.', {}, { timeout: 5000 });
    await userEvent.type(screen.getByLabelText('Name'), 'Hana');
    await userEvent.type(screen.getByLabelText('Email'), 'hana@example.com');
    await userEvent.type(screen.getByLabelText('Comment'), 'Thank you!');
    await userEvent.click(screen.getByRole('button', { name: 'Submit comment' }));
    expect(await screen.findByRole('button', { name: 'Submitting…' })).toBeDisabled();
    expect(await screen.findByText('Thank you! Your comment has been posted.')).toBeInTheDocument();
    expect(screen.getByText('Thank you!')).toBeInTheDocument();
    expect(sent).toEqual({ post: 12, name: 'Hana', email: 'hana@example.com', body: 'Thank you!' });
    expect(screen.getByLabelText('Comment')).toHaveValue('');
  });

  it('says when a comment waits for moderation', async () => {
    servePost();
    server.use(
      http.post('/api/blog/comments/', () =>
        HttpResponse.json(
          { detail: 'Your comment is awaiting moderation.', status: 'pending' },
          { status: 202 },
        ),
      ),
    );
    renderPost('/blog/learning-amharic');
    await screen.findByText('Be the first to comment.', {}, { timeout: 5000 });
    await userEvent.type(screen.getByLabelText('Name'), 'Hana');
    await userEvent.type(screen.getByLabelText('Email'), 'hana@example.com');
    await userEvent.type(screen.getByLabelText('Comment'), 'See http://a.example http://b.example');
    await userEvent.click(screen.getByRole('button', { name: 'Submit comment' }));
    expect(await screen.findByText('Your comment is awaiting moderation.')).toBeInTheDocument();
    expect(screen.getByText('Be the first to comment.')).toBeInTheDocument();
  });

  it("shows 'Failed to submit comment. Please try again.' when posting fails", async () => {
    servePost();
    server.use(
      http.post('/api/blog/comments/', () => HttpResponse.json({ detail: 'Nope' }, { status: 429 })),
    );
    renderPost('/blog/learning-amharic');
    await screen.findByText('Be the first to comment.', {}, { timeout: 5000 });
    await userEvent.type(screen.getByLabelText('Name'), 'Hana');
    await userEvent.type(screen.getByLabelText('Email'), 'hana@example.com');
    await userEvent.type(screen.getByLabelText('Comment'), 'Hello');
    await userEvent.click(screen.getByRole('button', { name: 'Submit comment' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to submit comment. Please try again.');
    expect(screen.getByRole('button', { name: 'Submit comment' })).toBeEnabled();
  });

  it('requires name, an e-mail and a comment before sending', async () => {
    servePost();
    renderPost('/blog/learning-amharic');
    await screen.findByText('Be the first to comment.', {}, { timeout: 5000 });
    expect(screen.getByLabelText('Name')).toBeRequired();
    expect(screen.getByLabelText('Email')).toBeRequired();
    expect(screen.getByLabelText('Email')).toHaveAttribute('type', 'email');
    expect(screen.getByLabelText('Comment')).toBeRequired();
  });
});
