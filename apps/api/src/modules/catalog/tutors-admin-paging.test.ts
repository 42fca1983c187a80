import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_TUTOR_LIST_MAX } from '@tibeb/domain/tutors/admin-list';
import { tutors } from '../../platform/db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { bearer, insertTutor } from './test/fixtures.ts';

/** GET /api/admin/tutors/ paged on the server (issue 28 item 5, decision 241). */
describe('admin tutor list paging', () => {
  let t: TestApp;
  let admin: { authorization: string };

  beforeAll(async () => {
    t = await createTestApp();
    admin = await bearer(t.config.jwtSecret, 'admin', t.app.db);
    // 23 tutors: equal ratings and counts, so the order falls to the name and then the id.
    for (let i = 0; i < 23; i++) {
      await insertTutor(
        t.app.db,
        {
          fullName: `Paging Tutor ${String(i % 7).padStart(2, '0')}`,
          subject: i % 2 ? 'Chemistry' : 'Maths',
          isPublished: i % 5 !== 0,
        },
        { windows: i === 0 ? [{ weekday: 'mon', start: '09:00', end: '12:00' }] : [] },
      );
    }
  });
  afterAll(() => t.close());

  const get = (url: string) => t.app.inject({ method: 'GET', url, headers: admin });

  it('answers one page with the count, in a stable order that walks every tutor once', async () => {
    const unpaged = (await get('/api/admin/tutors/')).json() as { id: number }[];
    expect(Array.isArray(unpaged)).toBe(true);
    expect(unpaged).toHaveLength(23);

    const seen: number[] = [];
    for (let page = 1; page <= 3; page++) {
      const res = await get(`/api/admin/tutors/?page=${page}&page_size=10`);
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body).toMatchObject({ count: 23, page, page_size: 10 });
      expect(body.results).toHaveLength(page < 3 ? 10 : 3);
      seen.push(...body.results.map((r: { id: number }) => r.id));
    }
    // The pages are the unpaged list cut in pieces: same order, no tutor twice, none left out.
    expect(seen).toEqual(unpaged.map((r) => r.id));
    // Asked again, the same page is the same.
    const again = (await get('/api/admin/tutors/?page=2&page_size=10')).json();
    expect(again.results.map((r: { id: number }) => r.id)).toEqual(seen.slice(10, 20));
  });

  it('keeps the filters with paging, the page size defaults to 20, a page past the end is empty', async () => {
    const chem = (await get('/api/admin/tutors/?q=chemistry&page=1')).json();
    expect(chem).toMatchObject({ count: 11, page: 1, page_size: 20 });
    expect(chem.results.every((r: { subject: string }) => r.subject === 'Chemistry')).toBe(true);

    const hidden = (await get('/api/admin/tutors/?published=false&page_size=2')).json();
    expect(hidden.count).toBe(5);
    expect(hidden.page).toBe(1);
    expect(hidden.results).toHaveLength(2);
    expect(hidden.results.every((r: { is_published: boolean }) => !r.is_published)).toBe(true);

    const past = (await get('/api/admin/tutors/?page=9&page_size=10')).json();
    expect(past).toMatchObject({ count: 23, page: 9, results: [] });
  });

  it('carries each tutor of the page with its availability', async () => {
    const all = (await get('/api/admin/tutors/?page_size=100')).json();
    const withWindow = all.results.filter(
      (r: { availability: { mon: unknown[] } }) => r.availability.mon.length > 0,
    );
    expect(withWindow).toHaveLength(1);
    expect(withWindow[0].availability.mon).toEqual([{ start: '09:00', end: '12:00' }]);
  });

  it('refuses bad paging values with 400 and a field error', async () => {
    for (const [query, field] of [
      ['page=0', 'page'],
      ['page=-1', 'page'],
      ['page=1.5', 'page'],
      ['page=abc', 'page'],
      ['page=100001', 'page'],
      ['page_size=0', 'page_size'],
      ['page_size=101', 'page_size'],
      ['page_size=ten', 'page_size'],
    ] as const) {
      const res = await get(`/api/admin/tutors/?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().errors?.[field], query).toBeTruthy();
    }
  });

  it('bounds the unpaged list to the first 1000, in the same order as the pages', async () => {
    await t.app.db.insert(tutors).values(
      Array.from({ length: ADMIN_TUTOR_LIST_MAX - 10 }, (_, i) => ({
        fullName: `Bulk Tutor ${String(i).padStart(4, '0')}`,
        subject: 'Maths',
        hourlyRateCents: 2000,
      })),
    );
    const unpaged = (await get('/api/admin/tutors/')).json() as { id: number }[];
    expect(unpaged).toHaveLength(ADMIN_TUTOR_LIST_MAX);
    const last = (await get('/api/admin/tutors/?page=10&page_size=100')).json();
    expect(last.count).toBe(ADMIN_TUTOR_LIST_MAX + 13);
    expect(last.results.map((r: { id: number }) => r.id)).toEqual(unpaged.slice(900).map((r) => r.id));
  });
});
