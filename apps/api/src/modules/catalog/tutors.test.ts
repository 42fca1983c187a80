import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { invalidateTutorsCache } from './directory.cache.ts';
import { addReview, insertSubject, insertTutor } from './test/fixtures.ts';

describe('public tutors API', () => {
  let t: TestApp;
  let sciencesId: number;
  let rated: { id: number };
  let plain: { id: number };
  let hidden: { id: number };
  let inactive: { id: number };

  beforeAll(async () => {
    t = await createTestApp();
    const db = t.app.db;
    sciencesId = (await insertSubject(db, { name: 'Sciences', category: 'Sciences' })).id;
    rated = await insertTutor(
      db,
      {
        fullName: 'Hana Tesfaye',
        subject: 'Chemistry',
        subjectId: sciencesId,
        gradeFrom: 9,
        gradeTo: 12,
        bio: 'Chemistry teacher.',
        education: 'Addis Ababa University',
        yearsOfExperience: 7,
        teachingStyle: 'Experiments first.',
        hourlyRateCents: 2750,
        profileImage: '/images/tutors/hana.svg',
      },
      {
        ratings: [5, 4, 4],
        windows: [
          { weekday: 'mon', start: '14:00', end: '18:00' },
          { weekday: 'mon', start: '08:00', end: '10:00' },
          { weekday: 'sat', start: '09:00', end: '12:00' },
        ],
      },
    );
    plain = await insertTutor(db, { fullName: 'Yonas Alemu', subject: 'Tigrigna' });
    hidden = await insertTutor(db, { fullName: 'Hidden Draft', isPublished: false });
    inactive = await insertTutor(db, { fullName: 'Left Us', isActive: false });
  });
  afterAll(() => t.close());

  it('lists published, active tutors only, as a bare array with every field of spec §3', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/tutors/public/',
      headers: { accept: 'application/json' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    const body = res.json() as Array<Record<string, unknown>>;
    expect(Array.isArray(body)).toBe(true);
    const ids = body.map((x) => x.id);
    expect(ids).toContain(rated.id);
    expect(ids).toContain(plain.id);
    expect(ids).not.toContain(hidden.id);
    expect(ids).not.toContain(inactive.id);
    const hana = body.find((x) => x.id === rated.id)!;
    expect(hana).toMatchObject({
      full_name: 'Hana Tesfaye',
      subject: 'Chemistry',
      subject_id: sciencesId,
      category: 'Sciences',
      grade_from: 9,
      grade_to: 12,
      bio: 'Chemistry teacher.',
      education: 'Addis Ababa University',
      years_of_experience: 7,
      teaching_style: 'Experiments first.',
      hourly_rate: 27.5,
      total_reviews: 3,
      profile_image: '/images/tutors/hana.svg',
    });
    expect(hana.average_rating).toBeCloseTo(4.33, 2);
    // The list leaves the weekly availability to the detail (decision 022): a third fewer bytes on phones.
    expect(hana).not.toHaveProperty('availability');
    const detail = (await t.app.inject({ method: 'GET', url: `/api/tutors/public/${hana.id}/` })).json();
    expect(detail.availability).toEqual({
      mon: [
        { start: '08:00', end: '10:00' },
        { start: '14:00', end: '18:00' },
      ],
      tue: [],
      wed: [],
      thu: [],
      fri: [],
      sat: [{ start: '09:00', end: '12:00' }],
      sun: [],
    });
  });

  it('answers 0 and 0 for a tutor without reviews, and a null category without a catalogue subject', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/tutors/public/?_ts=123' });
    const yonas = (res.json() as Array<Record<string, unknown>>).find((x) => x.id === plain.id)!;
    expect(yonas.average_rating).toBe(0);
    expect(yonas.total_reviews).toBe(0);
    expect(yonas.category).toBeNull();
    const detail = (await t.app.inject({ method: 'GET', url: `/api/tutors/public/${plain.id}/` })).json();
    expect(detail.availability).toEqual({ mon: [], tue: [], wed: [], thu: [], fri: [], sat: [], sun: [] });
  });

  it('lists the best rated first', async () => {
    const body = (await t.app.inject({ method: 'GET', url: '/api/tutors/public/' })).json() as Array<{
      id: number;
    }>;
    expect(body.findIndex((x) => x.id === rated.id)).toBeLessThan(body.findIndex((x) => x.id === plain.id));
  });

  it('answers one published tutor with its availability map', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/tutors/public/${rated.id}/?_ts=1` });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      id: rated.id,
      full_name: 'Hana Tesfaye',
      hourly_rate: 27.5,
      subject: 'Chemistry',
    });
    expect(body.availability.mon).toEqual([
      { start: '08:00', end: '10:00' },
      { start: '14:00', end: '18:00' },
    ]);
    expect(Object.keys(body.availability)).toEqual(['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun']);
    // Without the trailing slash too.
    expect((await t.app.inject({ method: 'GET', url: `/api/tutors/public/${rated.id}` })).statusCode).toBe(
      200,
    );
  });

  it('answers 404 with a clear detail for an unknown, unpublished or inactive id', async () => {
    for (const id of [999999, hidden.id, inactive.id, 99999999999]) {
      const res = await t.app.inject({ method: 'GET', url: `/api/tutors/public/${id}/` });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ detail: 'Tutor not found.', code: 'tutor_not_found' });
    }
  });

  it('answers 400 for an id that is not a whole number', async () => {
    for (const id of ['abc', '1.5', '-3', '12abc', '%27%20or%201%3D1']) {
      const res = await t.app.inject({ method: 'GET', url: `/api/tutors/public/${id}/` });
      expect(res.statusCode).toBe(400);
      expect(res.json().detail).toMatch(/id/);
    }
  });

  it('answers 304 when the browser already has the current version (ETag)', async () => {
    const first = await t.app.inject({ method: 'GET', url: '/api/tutors/public/' });
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^W\/"/);
    const again = await t.app.inject({
      method: 'GET',
      url: '/api/tutors/public/',
      headers: { 'if-none-match': etag },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const detail = await t.app.inject({ method: 'GET', url: `/api/tutors/public/${rated.id}/` });
    const detail304 = await t.app.inject({
      method: 'GET',
      url: `/api/tutors/public/${rated.id}/`,
      headers: { 'if-none-match': detail.headers.etag as string },
    });
    expect(detail304.statusCode).toBe(304);
    const stale = await t.app.inject({
      method: 'GET',
      url: '/api/tutors/public/',
      headers: { 'if-none-match': 'W/"old"' },
    });
    expect(stale.statusCode).toBe(200);
  });

  it('is served from the cache: a write that skips invalidation is not seen, the next invalidation shows it', async () => {
    type Row = { id: number; total_reviews: number };
    const before = (await t.app.inject({ method: 'GET', url: '/api/tutors/public/' })).json() as Row[];
    expect(before.find((x) => x.id === plain.id)!.total_reviews).toBe(0);
    await addReview(t.app.db, plain.id, 5);
    const cached = (await t.app.inject({ method: 'GET', url: '/api/tutors/public/' })).json() as Row[];
    expect(cached.find((x) => x.id === plain.id)!.total_reviews).toBe(0);
    invalidateTutorsCache(t.app.db);
    const fresh = (await t.app.inject({ method: 'GET', url: '/api/tutors/public/' })).json() as Row[];
    expect(fresh.find((x) => x.id === plain.id)!.total_reviews).toBe(1);
  });

  it('is in the OpenAPI document', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    expect(doc.paths).toHaveProperty('/api/tutors/public/');
    expect(doc.paths).toHaveProperty('/api/tutors/public/{id}/');
  });
});
