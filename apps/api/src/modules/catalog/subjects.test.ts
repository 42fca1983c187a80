import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { bearer, insertSubject, insertTutor } from './test/fixtures.ts';

describe('subjects API', () => {
  let t: TestApp;
  let admin: { authorization: string };
  let maths: { id: number };
  let retired: { id: number };

  beforeAll(async () => {
    t = await createTestApp();
    admin = await bearer(t.config.jwtSecret, 'admin', t.app.db);
    maths = await insertSubject(t.app.db, {
      name: 'Mathematics',
      slug: 'mathematics',
      category: 'Mathematics',
      pricePerHourCents: 2250,
      level: 'Beginner to Advanced',
      description: 'Numbers and more.',
    });
    retired = await insertSubject(t.app.db, {
      name: 'Old Latin',
      slug: 'old-latin',
      category: 'Languages',
      isActive: false,
    });
  });
  afterAll(() => t.close());

  const get = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers });

  it('lists subjects with price_per_hour in dollars, on both paths', async () => {
    for (const path of ['/api/subjects/public/', '/api/subjects/subjects/']) {
      const res = await get(`${path}?_ts=1`);
      expect(res.statusCode).toBe(200);
      const body = res.json() as Array<Record<string, unknown>>;
      expect(body.find((s) => s.id === maths.id)).toEqual({
        id: maths.id,
        name: 'Mathematics',
        slug: 'mathematics',
        category: 'Mathematics',
        price_per_hour: 22.5,
        is_active: true,
        description: 'Numbers and more.',
        level: 'Beginner to Advanced',
      });
      expect(body.some((s) => s.id === retired.id)).toBe(true);
    }
  });

  it('filters by is_active=1/0/true/false', async () => {
    for (const value of ['1', 'true', 'TRUE']) {
      const ids = (await get(`/api/subjects/public/?is_active=${value}`))
        .json()
        .map((s: { id: number }) => s.id);
      expect(ids).toContain(maths.id);
      expect(ids).not.toContain(retired.id);
    }
    for (const value of ['0', 'false']) {
      const ids = (await get(`/api/subjects/subjects/?is_active=${value}`))
        .json()
        .map((s: { id: number }) => s.id);
      expect(ids).toEqual([retired.id]);
    }
  });

  it('answers 400 for another is_active value', async () => {
    const res = await get('/api/subjects/public/?is_active=maybe');
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toHaveProperty('is_active');
  });

  it('answers 304 for the current ETag and a fresh list after an admin write', async () => {
    const first = await get('/api/subjects/public/?is_active=1');
    const etag = first.headers.etag as string;
    expect((await get('/api/subjects/public/?is_active=1', { 'if-none-match': etag })).statusCode).toBe(304);
    const patch = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/subjects/${maths.id}/`,
      headers: admin,
      payload: { price_per_hour: 24 },
    });
    expect(patch.statusCode).toBe(200);
    const after = await get('/api/subjects/public/?is_active=1', { 'if-none-match': etag });
    expect(after.statusCode).toBe(200);
    expect(after.json().find((s: { id: number }) => s.id === maths.id).price_per_hour).toBe(24);
  });

  it('renames a subject, deriving the slug from the name when asked, and refuses a taken slug with 409', async () => {
    const subject = await insertSubject(t.app.db, { name: 'Informatics', category: 'Coding' });
    await get('/api/subjects/public/'); // fills the cache
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/subjects/${subject.id}/`,
      headers: admin,
      payload: { name: 'Computer Science', slug: '' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ slug: 'computer-science', name: 'Computer Science', is_active: true });
    expect(
      (await get('/api/subjects/public/'))
        .json()
        .some((s: { slug: string }) => s.slug === 'computer-science'),
    ).toBe(true);
    const dup = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/subjects/${subject.id}/`,
      headers: admin,
      payload: { slug: 'mathematics' },
    });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().detail).toBe('A subject with this slug already exists.');
  });

  it("a subject's new category shows on its tutors' public reads at once", async () => {
    const subject = await insertSubject(t.app.db, { name: 'Geez', category: 'Languages' });
    const tutor = await insertTutor(t.app.db, { subject: 'Geez', subjectId: subject.id });
    const read = async () => (await get(`/api/tutors/public/${tutor.id}/`)).json().category;
    expect(await read()).toBe('Languages');
    await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/subjects/${subject.id}/`,
      headers: admin,
      payload: { category: 'Sciences' },
    });
    expect(await read()).toBe('Sciences');
  });

  it('guards the admin endpoints and answers bad input with 400, unknown ids with 404', async () => {
    expect(
      (await t.app.inject({ method: 'PATCH', url: `/api/admin/subjects/${maths.id}/`, payload: {} }))
        .statusCode,
    ).toBe(401);
    const student = await bearer(t.config.jwtSecret, 'student', t.app.db);
    expect((await get('/api/admin/subjects/', student)).statusCode).toBe(403);
    for (const payload of [
      {},
      { name: '' },
      { category: 'Arts' },
      { price_per_hour: -1 },
      { name: '!!!', slug: '' },
      { slug: 'Bad Slug' },
    ]) {
      const res = await t.app.inject({
        method: 'PATCH',
        url: `/api/admin/subjects/${maths.id}/`,
        headers: admin,
        payload,
      });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
    const unknown = await t.app.inject({
      method: 'PATCH',
      url: '/api/admin/subjects/999999/',
      headers: admin,
      payload: { level: 'x' },
    });
    expect(unknown.statusCode).toBe(404);
    const badId = await t.app.inject({
      method: 'PATCH',
      url: '/api/admin/subjects/x/',
      headers: admin,
      payload: { level: 'x' },
    });
    expect(badId.statusCode).toBe(400);
  });
});
