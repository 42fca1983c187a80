import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { seedBlogFixtures } from './blog.fixtures.ts';

type Post = {
  id: number;
  slug: string;
  title: string;
  category: { slug: string } | null;
  tags: { slug: string }[];
  published_at: string;
};

describe('blog: public reads (spec §7)', () => {
  let t: TestApp;
  let fx: Awaited<ReturnType<typeof seedBlogFixtures>>;
  beforeAll(async () => {
    t = await createTestApp();
    fx = await seedBlogFixtures(t.app.db);
  });
  afterAll(() => t.close());

  const get = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers });

  it('lists published posts only, newest first, 10 a page with the count', async () => {
    const res = await get('/api/blog/posts/');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.count).toBe(12);
    expect(body.results).toHaveLength(10);
    expect(body.next).toBe(2);
    expect(body.previous).toBeNull();
    const slugs = body.results.map((p: Post) => p.slug);
    expect(slugs[0]).toBe('learning-amharic-at-home');
    expect(slugs[1]).toBe('post-11');
    expect(slugs).not.toContain('draft-secret');
    expect(slugs).not.toContain('scheduled-future');
    const dates = body.results.map((p: Post) => p.published_at);
    expect([...dates].sort().reverse()).toEqual(dates);
  });

  it('answers the spec shape: category and tags as {id, name, slug}', async () => {
    const [first] = (await get('/api/blog/posts/')).json().results;
    expect(first).toEqual({
      id: expect.any(Number),
      slug: 'learning-amharic-at-home',
      title: 'Learning Amharic at home',
      body: expect.stringContaining('fidel'),
      excerpt: '',
      cover_image_url: '/images/blog/cover-12.jpg',
      published_at: '2026-01-12T09:00:00.000Z',
      category: { id: expect.any(Number), name: 'Languages', slug: 'languages' },
      tags: [
        { id: expect.any(Number), name: 'Amharic', slug: 'amharic' },
        { id: expect.any(Number), name: 'Reading', slug: 'reading' },
      ],
    });
  });

  it('serves page 2 with the rest, and an empty page past the end', async () => {
    const two = (await get('/api/blog/posts/?page=2')).json();
    expect(two.results.map((p: Post) => p.slug)).toEqual(['post-2', 'post-1']);
    expect(two.next).toBeNull();
    expect(two.previous).toBe(1);
    const far = (await get('/api/blog/posts/?page=9')).json();
    expect(far).toEqual({ count: 12, next: null, previous: 2, results: [] });
  });

  it('refuses a bad page or an overlong search with 400, never 500', async () => {
    for (const url of [
      '/api/blog/posts/?page=0',
      '/api/blog/posts/?page=abc',
      '/api/blog/posts/?page=1.5',
      `/api/blog/posts/?q=${'x'.repeat(201)}`,
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json().detail).toEqual(expect.any(String));
    }
  });

  it('searches title, excerpt and body with full-text search, matching word beginnings', async () => {
    const full = (await get('/api/blog/posts/?q=Amharic')).json();
    expect(full.results.map((p: Post) => p.slug)).toEqual(['learning-amharic-at-home']);
    const prefix = (await get('/api/blog/posts/?q=amhar')).json();
    expect(prefix.count).toBe(1);
    const stemmed = (await get('/api/blog/posts/?q=grandparent')).json(); // body: "grandparents"
    expect(stemmed.count).toBe(1);
    const excerpt = (await get('/api/blog/posts/?q=Excerpt%207')).json();
    expect(excerpt.results.map((p: Post) => p.slug)).toEqual(['post-7']);
    const none = (await get('/api/blog/posts/?q=zebra')).json();
    expect(none).toEqual({ count: 0, next: null, previous: null, results: [] });
    // Drafts are never found.
    expect((await get('/api/blog/posts/?q=secret')).json().count).toBe(0);
  });

  it('survives search text that is all punctuation or tsquery syntax', async () => {
    for (const q of ["'&|!:*()", 'amharic & | !', '\\', 'the']) {
      const res = await get(`/api/blog/posts/?q=${encodeURIComponent(q)}`);
      expect(res.statusCode, q).toBe(200);
    }
  });

  it('filters by category slug and by tag slug, and both together', async () => {
    const languages = (await get('/api/blog/posts/?category=languages')).json();
    expect(languages.results.map((p: Post) => p.slug)).toEqual(['learning-amharic-at-home']);
    const studyTips = (await get('/api/blog/posts/?category=study-tips')).json();
    expect(studyTips.count).toBe(5);
    expect(studyTips.results.every((p: Post) => p.category?.slug === 'study-tips')).toBe(true);
    const exams = (await get('/api/blog/posts/?tag=exams')).json();
    expect(exams.results.map((p: Post) => p.title)).toEqual(['Preparing for exams']);
    expect((await get('/api/blog/posts/?tag=exams&category=languages')).json().count).toBe(0);
    expect((await get('/api/blog/posts/?tag=amharic&q=fidel')).json().count).toBe(1);
  });

  it('answers an unknown category or tag with an empty list', async () => {
    expect((await get('/api/blog/posts/?category=nope')).json()).toEqual({
      count: 0,
      next: null,
      previous: null,
      results: [],
    });
    // A control character is refused at the edge for every route (issue 12 item 9).
    expect((await get('/api/blog/posts/?tag=%00%27')).statusCode).toBe(400);
    expect((await get('/api/blog/posts/?tag=%27')).statusCode).toBe(200);
  });

  it('answers 304 to a browser that already has the list', async () => {
    const first = await get('/api/blog/posts/?category=parents');
    const etag = first.headers.etag as string;
    expect(etag).toBeTruthy();
    const again = await get('/api/blog/posts/?category=parents', { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
  });

  it('reads one post by id and by slug; drafts, scheduled and unknown posts are 404', async () => {
    const id = fx.post('post-3');
    const byId = await get(`/api/blog/posts/${id}`);
    expect(byId.statusCode).toBe(200);
    expect(byId.json()).toMatchObject({ id, slug: 'post-3', title: 'Preparing for exams' });
    expect(byId.json().tags.map((t: { slug: string }) => t.slug)).toEqual(['exams', 'math']);
    const bySlug = await get('/api/blog/posts/slug/post-3/');
    expect(bySlug.json()).toEqual(byId.json());
    for (const url of [
      `/api/blog/posts/${fx.post('draft-secret')}`,
      '/api/blog/posts/slug/draft-secret/',
      '/api/blog/posts/slug/scheduled-future/',
      '/api/blog/posts/999999',
      '/api/blog/posts/slug/no-such-post/',
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toEqual({ detail: 'Post not found.', code: 'post_not_found' });
    }
  });

  it('refuses a non-numeric or out-of-range id with 400', async () => {
    expect((await get('/api/blog/posts/abc')).statusCode).toBe(400);
    expect((await get('/api/blog/posts/99999999999')).statusCode).toBe(400);
    expect((await get('/api/blog/posts/-1')).statusCode).toBe(400);
  });

  it('answers repeated or malformed query values with 400, never 500', async () => {
    for (const url of [
      '/api/blog/posts/?page=1&page=2',
      '/api/blog/posts/?q=a&q=b',
      '/api/blog/comments/?post_slug=a&post_slug=b',
      '/api/blog/posts/slug/%E0%A4%A/',
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(400);
    }
  });

  it('documents its routes in the OpenAPI document', async () => {
    const res = await get('/api/docs/json');
    expect(res.statusCode).toBe(200);
    const paths = Object.keys(res.json().paths);
    expect(paths).toEqual(
      expect.arrayContaining(['/api/blog/posts/', '/api/blog/comments/', '/api/admin/blog/comments/{id}/']),
    );
  });

  it('lists categories and tags as {id, name, slug}, by name', async () => {
    const categories = (await get('/api/blog/categories/')).json();
    expect(categories.map((c: { name: string }) => c.name)).toEqual([
      'Languages',
      'Mathematics',
      'Parents',
      'Study Tips',
    ]);
    expect(Object.keys(categories[0]).sort()).toEqual(['id', 'name', 'slug']);
    const tags = (await get('/api/blog/tags/')).json();
    expect(tags).toHaveLength(6);
    expect(tags[0]).toEqual({ id: expect.any(Number), name: 'Amharic', slug: 'amharic' });
  });
});

describe('blog: comments (spec §5 "Blog comment", §7)', () => {
  let t: TestApp;
  let fx: Awaited<ReturnType<typeof seedBlogFixtures>>;
  let n = 0;
  beforeAll(async () => {
    t = await createTestApp();
    fx = await seedBlogFixtures(t.app.db);
  });
  afterAll(() => t.close());

  /** Each test speaks from its own address, so the per-address rate limit does not leak between tests. */
  const from = () => `10.0.${Math.floor(n / 250)}.${(n++ % 250) + 1}`;
  const post = (payload: Record<string, unknown> | unknown[], ip = from()) =>
    t.app.inject({ method: 'POST', url: '/api/blog/comments/', payload, remoteAddress: ip });
  const comments = async (slug: string) =>
    (await t.app.inject({ method: 'GET', url: `/api/blog/comments/?post_slug=${slug}` })).json();
  const good = () => ({
    post: fx.post('post-5'),
    name: 'Meron',
    email: 'meron@example.com',
    body: 'Thank you for this.',
  });

  it('lists approved comments oldest first, without e-mail addresses', async () => {
    const list = await comments('learning-amharic-at-home');
    expect(list).toEqual([
      {
        id: expect.any(Number),
        name: 'Selam',
        body: 'Very helpful, thank you.',
        created_at: '2026-02-01T00:00:00.000Z',
      },
      {
        id: expect.any(Number),
        name: 'Dawit',
        body: 'We do this every Sunday.',
        created_at: '2026-02-02T00:00:00.000Z',
      },
    ]);
    expect(JSON.stringify(list)).not.toContain('@');
  });

  it('answers an empty list for a post without comments or an unknown post, and 400 without post_slug', async () => {
    expect(await comments('post-1')).toEqual([]);
    expect(await comments('no-such-post')).toEqual([]);
    const res = await t.app.inject({ method: 'GET', url: '/api/blog/comments/' });
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toBe('post_slug is required.');
  });

  it('posts a comment that shows at once', async () => {
    const before = await comments('post-5');
    const res = await post({ ...good(), name: '  Meron T. ', body: ' Great advice. ' });
    expect(res.statusCode).toBe(201);
    const created = res.json();
    expect(created).toEqual({
      id: expect.any(Number),
      name: 'Meron T.',
      body: 'Great advice.',
      created_at: expect.any(String),
      status: 'approved',
    });
    const after = await comments('post-5');
    expect(after).toHaveLength(before.length + 1);
    expect(after.at(-1)).toMatchObject({ id: created.id, name: 'Meron T.', body: 'Great advice.' });
  });

  it('accepts the post id as a string, as some clients send it', async () => {
    const res = await post({ ...good(), post: String(fx.post('post-5')) });
    expect(res.statusCode).toBe(201);
  });

  it('refuses missing or bad fields with clear 400s', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ ...good(), name: '' }, 'name', 'Name is required.'],
      [{ ...good(), name: undefined }, 'name', 'Name is required.'],
      [{ ...good(), email: 'not-an-email' }, 'email', 'Enter a valid email address.'],
      [{ ...good(), email: undefined }, 'email', 'Enter a valid email address.'],
      [{ ...good(), body: '   ' }, 'body', 'Comment is required.'],
      [{ ...good(), body: 'x'.repeat(2001) }, 'body', 'Comment must be at most 2000 characters.'],
      [{ ...good(), name: 'x'.repeat(81) }, 'name', 'Name must be at most 80 characters.'],
      [{ ...good(), post: 'abc' }, 'post', 'Post not found.'],
    ];
    for (const [payload, field, message] of cases) {
      const res = await post(payload);
      expect(res.statusCode, field).toBe(400);
      expect(res.json().errors[field]).toEqual([message]);
      expect(res.json().detail).toBe(message);
    }
    const malformed = await t.app.inject({
      method: 'POST',
      url: '/api/blog/comments/',
      headers: { 'content-type': 'application/json' },
      remoteAddress: from(),
      payload: '{"name":',
    });
    expect(malformed.statusCode).toBe(400);
    expect((await post([])).statusCode).toBe(400);
  });

  it('answers 404 for a draft or unknown post', async () => {
    for (const id of [fx.post('draft-secret'), 2_000_000_000]) {
      const res = await post({ ...good(), post: id });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ detail: 'Post not found.', code: 'post_not_found' });
    }
  });

  it('holds a comment with several links for moderation, and says so', async () => {
    const res = await post({
      ...good(),
      post: fx.post('post-6'),
      body: 'Visit https://spam.example and http://more.example now',
    });
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ detail: 'Your comment is awaiting moderation.', status: 'pending' });
    expect(await comments('post-6')).toEqual([]);
    // One link is fine: a parent may share a useful page.
    const one = await post({
      ...good(),
      post: fx.post('post-6'),
      body: 'See https://www.moe.gov.et for the syllabus.',
    });
    expect(one.statusCode).toBe(201);
    // A link as the name is held.
    const name = await post({ ...good(), post: fx.post('post-6'), name: 'www.cheap.example' });
    expect(name.statusCode).toBe(202);
    expect((await comments('post-6')).map((c: { name: string }) => c.name)).toEqual(['Meron']);
  });

  it('answers a filled honeypot as if held, and stores nothing', async () => {
    const res = await post({ ...good(), post: fx.post('post-7'), website: 'http://bot.example' });
    expect(res.statusCode).toBe(202);
    expect(res.json().status).toBe('pending');
    const admin = await t.app.inject({ method: 'GET', url: '/api/blog/comments/?post_slug=post-7' });
    expect(admin.json()).toEqual([]);
    const rows = await t.app.db.query.blogComments.findMany({
      where: (c, { eq }) => eq(c.postId, fx.post('post-7')),
    });
    expect(rows).toEqual([]);
  });

  it('limits one address to 5 comments a minute (429), others still pass', async () => {
    const ip = '10.99.0.1';
    for (let i = 0; i < 5; i += 1)
      expect((await post({ ...good(), body: `Comment ${i}` }, ip)).statusCode).toBe(201);
    const sixth = await post({ ...good(), body: 'One more' }, ip);
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json().detail).toEqual(expect.any(String));
    expect((await post(good())).statusCode).toBe(201);
  });

  it('stores the e-mail and address for moderation', async () => {
    const res = await post({ ...good(), post: fx.post('post-8'), email: 'Abebe@Example.com' }, '10.77.0.7');
    const rows = await t.app.db.query.blogComments.findMany({
      where: (c, { eq }) => eq(c.id, res.json().id),
    });
    expect(rows[0]).toMatchObject({ email: 'abebe@example.com', ip: '10.77.0.7', status: 'approved' });
  });
});
