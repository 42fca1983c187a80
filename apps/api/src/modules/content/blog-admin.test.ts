import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../platform/db/schema/users.ts';
import { signAccessToken, type Role } from '../../platform/auth/tokens.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { createUser } from '../accounts/accounts.test-helpers.ts';
import { seedBlogFixtures } from './blog.fixtures.ts';

describe('blog: admin API (/api/admin/blog/…)', () => {
  let t: TestApp;
  let fx: Awaited<ReturnType<typeof seedBlogFixtures>>;
  let adminToken: string;
  // A token of a real account: the auth plugin refuses tokens of no account (issue 12).
  const tokenFor = async (role: Role, sub?: string) =>
    signAccessToken(
      { sub: sub ?? (await createUser(t.app, role)).id, role, username: `${role}-user` },
      t.config.jwtSecret,
    );

  beforeAll(async () => {
    t = await createTestApp();
    fx = await seedBlogFixtures(t.app.db);
    const [admin] = await t.app.db
      .insert(users)
      .values({ username: 'blog-admin', email: 'blog-admin@example.com', role: 'admin' })
      .returning();
    adminToken = await tokenFor('admin', admin!.id);
  });
  afterAll(() => t.close());

  const call = (
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    url: string,
    payload?: object,
    token = adminToken,
  ) => t.app.inject({ method, url, payload, headers: token ? { authorization: `Bearer ${token}` } : {} });
  const publicList = async (query = '') =>
    (await t.app.inject({ method: 'GET', url: `/api/blog/posts/${query}` })).json();

  it('requires a sign-in (401) and an admin-level role (403)', async () => {
    expect((await call('GET', '/api/admin/blog/posts/', undefined, '')).statusCode).toBe(401);
    const student = await tokenFor('student');
    const res = await call('GET', '/api/admin/blog/comments/', undefined, student);
    expect(res.statusCode).toBe(403);
    expect(res.json().detail).toEqual(expect.any(String));
    expect((await call('GET', '/api/admin/blog/posts/', undefined, await tokenFor('staff'))).statusCode).toBe(
      200,
    );
  });

  it('lists every post with its status, drafts included', async () => {
    const all = (await call('GET', '/api/admin/blog/posts/')).json();
    expect(all.count).toBe(14);
    const drafts = (await call('GET', '/api/admin/blog/posts/?status=draft')).json();
    expect(drafts.results.map((p: { slug: string; status: string }) => [p.slug, p.status])).toEqual([
      ['draft-secret', 'draft'],
    ]);
  });

  it('creates a published post that the public list shows at once, with a slug from the title', async () => {
    const languages = fx.categories.find((c) => c.slug === 'languages')!.id;
    const amharic = fx.tags.find((tag) => tag.slug === 'amharic')!.id;
    await publicList(); // warm the cache: the write must invalidate it
    const res = await call('POST', '/api/admin/blog/posts/', {
      title: 'Tigrigna for beginners',
      body: 'Start with greetings.\n\nThen numbers.',
      category_id: languages,
      tag_ids: [amharic, amharic],
      status: 'published',
    });
    expect(res.statusCode).toBe(201);
    const created = res.json();
    expect(created).toMatchObject({
      slug: 'tigrigna-for-beginners',
      status: 'published',
      category: { slug: 'languages' },
      tags: [{ slug: 'amharic' }],
    });
    expect(Date.parse(created.published_at)).toBeGreaterThan(Date.now() - 60_000);
    const list = await publicList();
    expect(list.count).toBe(13);
    expect(list.results[0].slug).toBe('tigrigna-for-beginners');
    const bySlug = await t.app.inject({ method: 'GET', url: '/api/blog/posts/slug/tigrigna-for-beginners/' });
    expect(bySlug.statusCode).toBe(200);
  });

  it('refuses a duplicate slug, an unknown category or tag, and a missing title with 400', async () => {
    const dup = await call('POST', '/api/admin/blog/posts/', { title: 'Post 1', slug: 'post-1', body: 'x' });
    expect(dup.statusCode).toBe(400);
    expect(dup.json().errors.slug).toEqual(['A post with this slug already exists.']);
    const refs = await call('POST', '/api/admin/blog/posts/', {
      title: 'Refs',
      body: 'x',
      category_id: 999_999,
      tag_ids: [999_999],
    });
    expect(refs.statusCode).toBe(400);
    expect(refs.json().errors).toEqual({ category_id: ['Unknown category.'], tag_ids: ['Unknown tag.'] });
    const missing = await call('POST', '/api/admin/blog/posts/', { body: 'x' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors.title).toEqual(['Title is required.']);
    const badSlug = await call('POST', '/api/admin/blog/posts/', {
      title: 'x',
      body: 'x',
      slug: 'Bad slug!',
    });
    expect(badSlug.statusCode).toBe(400);
  });

  it('publishes a draft, unpublishes it again, and deletes it', async () => {
    const id = fx.post('draft-secret');
    const published = await call('PATCH', `/api/admin/blog/posts/${id}/`, {
      status: 'published',
      title: 'Now public',
    });
    expect(published.statusCode).toBe(200);
    expect(published.json()).toMatchObject({
      status: 'published',
      title: 'Now public',
      slug: 'draft-secret',
    });
    expect(published.json().published_at).not.toBeNull();
    expect((await t.app.inject({ method: 'GET', url: `/api/blog/posts/${id}` })).statusCode).toBe(200);
    await call('PATCH', `/api/admin/blog/posts/${id}/`, { status: 'draft' });
    expect((await t.app.inject({ method: 'GET', url: `/api/blog/posts/${id}` })).statusCode).toBe(404);
    expect((await call('DELETE', `/api/admin/blog/posts/${id}/`)).statusCode).toBe(204);
    expect((await call('GET', `/api/admin/blog/posts/${id}/`)).statusCode).toBe(404);
    expect((await call('DELETE', `/api/admin/blog/posts/${id}/`)).statusCode).toBe(404);
  });

  it('replaces the tags of a post', async () => {
    const id = fx.post('post-3');
    const motivation = fx.tags.find((tag) => tag.slug === 'motivation')!.id;
    const res = await call('PATCH', `/api/admin/blog/posts/${id}/`, { tag_ids: [motivation] });
    expect(res.json().tags.map((tag: { slug: string }) => tag.slug)).toEqual(['motivation']);
    expect((await publicList('?tag=exams')).count).toBe(0);
  });

  it('creates, renames and deletes categories and tags; the public lists follow', async () => {
    const created = await call('POST', '/api/admin/blog/categories/', { name: 'Coding Corner' });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toEqual({ id: expect.any(Number), name: 'Coding Corner', slug: 'coding-corner' });
    const id = created.json().id;
    const dup = await call('POST', '/api/admin/blog/categories/', { name: 'Other', slug: 'coding-corner' });
    expect(dup.statusCode).toBe(400);
    expect(dup.json().errors.slug).toEqual(['A category with this slug already exists.']);
    const renamed = await call('PATCH', `/api/admin/blog/categories/${id}/`, { name: 'Coding' });
    expect(renamed.json()).toMatchObject({ name: 'Coding', slug: 'coding-corner' });
    const pub = (await t.app.inject({ method: 'GET', url: '/api/blog/categories/' })).json();
    expect(pub.map((c: { name: string }) => c.name)).toContain('Coding');
    expect((await call('DELETE', `/api/admin/blog/categories/${id}/`)).statusCode).toBe(204);
    expect((await call('PATCH', `/api/admin/blog/categories/${id}/`, { name: 'x' })).statusCode).toBe(404);

    const tag = await call('POST', '/api/admin/blog/tags/', { name: 'Python' });
    expect(tag.json().slug).toBe('python');
    const tags = (await call('GET', '/api/admin/blog/tags/')).json();
    expect(tags.map((x: { slug: string }) => x.slug)).toContain('python');
    expect((await call('DELETE', `/api/admin/blog/tags/${tag.json().id}/`)).statusCode).toBe(204);
  });

  it('moderates comments: the pending queue, approving shows a comment publicly, deleting removes it', async () => {
    const comments = async () =>
      (
        await t.app.inject({ method: 'GET', url: '/api/blog/comments/?post_slug=learning-amharic-at-home' })
      ).json();
    expect((await comments()).map((c: { name: string }) => c.name)).toEqual(['Selam', 'Dawit']);
    const queue = (await call('GET', '/api/admin/blog/comments/?status=pending')).json();
    expect(queue.count).toBe(1);
    const [pending] = queue.results;
    expect(pending).toMatchObject({
      name: 'Spammer',
      email: 'spam@example.com',
      status: 'pending',
      post: { slug: 'learning-amharic-at-home', title: 'Learning Amharic at home' },
    });
    const approved = await call('PATCH', `/api/admin/blog/comments/${pending.id}/`, { status: 'approved' });
    expect(approved.statusCode).toBe(200);
    expect(approved.json().status).toBe('approved');
    expect((await comments()).map((c: { name: string }) => c.name)).toEqual(['Selam', 'Dawit', 'Spammer']);
    await call('PATCH', `/api/admin/blog/comments/${pending.id}/`, { status: 'rejected' });
    expect((await comments()).map((c: { name: string }) => c.name)).toEqual(['Selam', 'Dawit']);
    expect(
      (await call('PATCH', `/api/admin/blog/comments/${pending.id}/`, { status: 'spam' })).statusCode,
    ).toBe(400);
    expect((await call('DELETE', `/api/admin/blog/comments/${pending.id}/`)).statusCode).toBe(204);
    expect((await call('GET', '/api/admin/blog/comments/')).json().count).toBe(2);
    expect((await call('PATCH', '/api/admin/blog/comments/999999/', { status: 'approved' })).statusCode).toBe(
      404,
    );
  });
});
