import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploadMessages } from '@tibeb/domain/uploads/contracts';
import { multipartBody, pngOf } from '../../platform/storage/uploads.fixtures.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { adminAuth } from '../reporting/reports.fixtures.ts';

describe('blog admin: moderation queue, cover upload and the audit trail', () => {
  let t: TestApp;
  let admin: { id: string; headers: { authorization: string } };
  beforeAll(async () => {
    t = await createTestApp();
    admin = await adminAuth(t.database.db, t.config.jwtSecret);
  });
  afterAll(() => t.close());

  const call = (
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    url: string,
    payload?: Record<string, unknown>,
  ) => t.app.inject({ method, url, headers: admin.headers, ...(payload ? { payload } : {}) });
  const trail = async (type: string, id: number) =>
    (await call('GET', `/api/admin/audit/?entity_type=${type}&entity_id=${id}`)).json() as {
      action: string;
      actor_user_id: string | null;
      before: Record<string, unknown> | null;
      after: Record<string, unknown> | null;
    }[];

  it('lists held comments first, and approve / hide / delete are audited and shown publicly at once', async () => {
    const post = (
      await call('POST', '/api/admin/blog/posts/', {
        title: 'Study habits',
        body: 'Read daily.',
        status: 'published',
      })
    ).json();
    const comment = (body: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/blog/comments/',
        payload: { post: post.id, name: 'Visitor', email: 'v@example.com', body },
      });
    const held = await comment('Visit http://a.example and http://b.example');
    expect(held.statusCode).toBe(202);
    expect((await comment('Lovely post.')).statusCode).toBe(201);
    expect((await comment('Thanks!')).statusCode).toBe(201);

    const queue = (await call('GET', '/api/admin/blog/comments/')).json().results as {
      id: number;
      status: string;
    }[];
    expect(queue.map((c) => c.status)).toEqual(['pending', 'approved', 'approved']);
    const heldId = queue[0]!.id;

    const publicComments = async () =>
      (
        (await t.app.inject({ method: 'GET', url: `/api/blog/comments/?post_slug=${post.slug}` })).json() as {
          body: string;
        }[]
      ).map((c) => c.body);
    expect(await publicComments()).not.toContain('Visit http://a.example and http://b.example');
    expect(
      (await call('PATCH', `/api/admin/blog/comments/${heldId}/`, { status: 'approved' })).statusCode,
    ).toBe(200);
    expect(await publicComments()).toContain('Visit http://a.example and http://b.example');
    await call('PATCH', `/api/admin/blog/comments/${heldId}/`, { status: 'rejected' });
    expect(await publicComments()).not.toContain('Visit http://a.example and http://b.example');
    expect((await call('DELETE', `/api/admin/blog/comments/${heldId}/`)).statusCode).toBe(204);

    const entries = await trail('blog_comment', heldId);
    expect(entries.map((e) => e.action)).toEqual(['delete', 'hide', 'approve']);
    expect(entries[2]).toMatchObject({
      actor_user_id: admin.id,
      before: { status: 'pending' },
      after: { status: 'approved' },
    });
    const bad = await call('PATCH', `/api/admin/blog/comments/${queue[1]!.id}/`, { status: 'spam' });
    expect(bad.statusCode).toBe(400);
    expect((await call('DELETE', '/api/admin/blog/comments/999999/')).statusCode).toBe(404);
  });

  it('records a post from draft to published, with the values before and after', async () => {
    const draft = (
      await call('POST', '/api/admin/blog/posts/', { title: 'Exam week', body: 'Plan ahead.' })
    ).json();
    await call('PATCH', `/api/admin/blog/posts/${draft.id}/`, { status: 'published' });
    const entries = await trail('blog_post', draft.id);
    expect(entries.map((e) => e.action)).toEqual(['publish', 'create']);
    expect(entries[0]!.before).toMatchObject({ status: 'draft', published_at: null });
    expect(entries[0]!.after).toMatchObject({ status: 'published', title: 'Exam week' });
    // A scheduled post published now (published_at cleared) is on the blog at once.
    const later = new Date(Date.now() + 86_400_000).toISOString();
    await call('PATCH', `/api/admin/blog/posts/${draft.id}/`, { published_at: later });
    const slugUrl = `/api/blog/posts/slug/${draft.slug}/`;
    expect((await t.app.inject({ method: 'GET', url: slugUrl })).statusCode).toBe(404);
    const now = await call('PATCH', `/api/admin/blog/posts/${draft.id}/`, {
      status: 'published',
      published_at: null,
    });
    expect(Date.parse(now.json().published_at)).toBeLessThanOrEqual(Date.now());
    expect((await t.app.inject({ method: 'GET', url: slugUrl })).statusCode).toBe(200);
    const category = (await call('POST', '/api/admin/blog/categories/', { name: 'Exams' })).json();
    await call('PATCH', `/api/admin/blog/categories/${category.id}/`, { name: 'Exams and tests' });
    expect((await trail('blog_category', category.id)).map((e) => e.action)).toEqual(['update', 'create']);
  });

  it('stores a cover image and refuses what is not one', async () => {
    const ok = await t.app.inject({
      method: 'POST',
      url: '/api/admin/blog/uploads/',
      headers: admin.headers,
    });
    expect(ok.statusCode).toBe(400);
    const body = multipartBody('cover.png', 'image/png', await pngOf(2400, 1200));
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/blog/uploads/',
      payload: body.payload,
      headers: { ...admin.headers, ...body.headers },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ width: 1600, height: 800 });
    expect(res.json().url).toMatch(/^\/uploads\/blog\/.+\.webp$/);
    expect((await t.app.inject({ method: 'GET', url: res.json().url })).statusCode).toBe(200);

    const gif = multipartBody('a.gif', 'image/gif', Buffer.from('GIF89a'));
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/admin/blog/uploads/',
      payload: gif.payload,
      headers: { ...admin.headers, ...gif.headers },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors.file).toEqual([uploadMessages.type]);
    const student = await adminAuth(t.database.db, t.config.jwtSecret, 'tutor');
    const forbidden = await t.app.inject({
      method: 'POST',
      url: '/api/admin/blog/uploads/',
      payload: body.payload,
      headers: { ...student.headers, ...body.headers },
    });
    expect(forbidden.statusCode).toBe(403);
  });
});
