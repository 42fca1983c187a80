import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { httpMessages } from '@tibeb/domain/shared/http-messages';
import { auditLog, blogPosts, offers, users } from '../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { bearer, insertSubject, insertTutor } from '../../modules/catalog/test/fixtures.ts';
import { createUser } from '../../modules/accounts/accounts.test-helpers.ts';
import { declaredRoutes } from './auth.ts';

const sampleUrl = (pattern: string) => pattern.replace(/:[A-Za-z_]\w*(\([^)]*\))?/g, '1').replace(/\*$/, 'x');

const emptyPatch = {
  detail: httpMessages.emptyPatch,
  code: 'empty_patch',
  errors: { non_field_errors: [httpMessages.emptyPatch] },
  field_codes: { non_field_errors: [{ code: 'empty_patch' }] },
};

/** Issue 29 item 6: a PATCH naming no field changes nothing and answers 400 (offers answered 500). */
describe('an empty PATCH', () => {
  let t: TestApp;
  let admin: { authorization: string };
  beforeAll(async () => {
    t = await createTestApp();
    admin = await bearer(t.config.jwtSecret, 'admin', t.app.db);
  });
  afterAll(() => t.close());

  const post = (url: string, payload: object) =>
    t.app.inject({ method: 'POST', url, headers: admin, payload });
  const patch = (url: string, payload: unknown, headers: Record<string, string> = admin) =>
    t.app.inject({ method: 'PATCH', url, headers, payload: payload as object });

  it('answers 400 empty_patch on offers, subjects, tutors, blog, users and the profile, and writes nothing', async () => {
    const offer = (
      await post('/api/admin/offers/', { title: 'First lesson', description: 'Try one.' })
    ).json();
    const subject = await insertSubject(t.app.db, { name: 'Maths', category: 'Mathematics' });
    const tutor = await insertTutor(t.app.db);
    const blogPost = (
      await post('/api/admin/blog/posts/', { title: 'Hello', slug: 'hello', body: 'x' })
    ).json();
    const category = (await post('/api/admin/blog/categories/', { name: 'News' })).json();
    const tag = (await post('/api/admin/blog/tags/', { name: 'Maths' })).json();
    const student = await createUser(t.app, 'student');
    const urls = [
      `/api/admin/offers/${offer.id}/`,
      `/api/admin/subjects/${subject.id}/`,
      `/api/admin/tutors/${tutor.id}/`,
      `/api/admin/blog/posts/${blogPost.id}/`,
      `/api/admin/blog/categories/${category.id}/`,
      `/api/admin/blog/tags/${tag.id}/`,
      `/api/admin/users/${student.id}/`,
      '/api/admin/profile/',
      '/api/admin/contacts/1/',
      '/api/admin/blog/comments/1/',
    ];
    const snapshot = async () => ({
      audit: (await t.app.db.select().from(auditLog)).length,
      offers: await t.app.db.select().from(offers),
      posts: await t.app.db.select().from(blogPosts),
      users: await t.app.db.select().from(users),
    });
    const before = await snapshot();
    for (const url of urls) {
      // `{}`, and fields the route does not know (its schema would strip them to `{}`).
      for (const payload of [{}, { nope: 1 }, { constructor: 'x' }]) {
        const res = await patch(url, payload);
        expect(res.statusCode, `${url} ${JSON.stringify(payload)}`).toBe(400);
        expect(res.json(), url).toEqual(emptyPatch);
      }
    }
    expect(await snapshot()).toEqual(before);

    // A visitor still gets 401 first, and a PATCH naming a field still saves it.
    expect((await patch(urls[0]!, {}, {})).statusCode).toBe(401);
    const saved = await patch(urls[0]!, { title: 'First lesson free', nope: 1 });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().title).toBe('First lesson free');
    // Anything but an object is the schema's to answer, still with 400.
    for (const raw of ['[]', '"x"', '1', 'null']) {
      const res = await t.app.inject({
        method: 'PATCH',
        url: urls[0]!,
        headers: { ...admin, 'content-type': 'application/json' },
        payload: raw,
      });
      expect(res.statusCode, raw).toBe(400);
    }
  });

  it('is refused on every PATCH route the app declares, present and future', async () => {
    const patches = declaredRoutes(t.app).filter((route) => route.method === 'PATCH');
    expect(patches.length).toBeGreaterThanOrEqual(9);
    // Each area's routes are asked by its own role (a tutor's route answers an admin 403 before it reads a body).
    const headers = {
      tutor: await bearer(t.config.jwtSecret, 'tutor', t.app.db),
      student: await bearer(t.config.jwtSecret, 'student', t.app.db),
    };
    for (const route of patches) {
      const area = /^\/api\/(tutor|student)\//.exec(route.url)?.[1] as keyof typeof headers | undefined;
      const res = await patch(sampleUrl(route.url), {}, area ? headers[area] : admin);
      expect(res.statusCode, route.url).toBe(400);
      expect(res.json().code, route.url).toBe('empty_patch');
    }
  });
});
