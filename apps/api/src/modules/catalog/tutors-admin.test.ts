import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { bearer, insertSubject, insertTutor } from './test/fixtures.ts';

describe('tutor administration and cache invalidation', () => {
  let t: TestApp;
  let admin: { authorization: string };
  let languagesId: number;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await bearer(t.config.jwtSecret, 'admin', t.app.db);
    languagesId = (await insertSubject(t.app.db, { name: 'Languages', category: 'Languages' })).id;
  });
  afterAll(() => t.close());

  const list = async () =>
    (await t.app.inject({ method: 'GET', url: '/api/tutors/public/' })).json() as Array<
      Record<string, unknown>
    >;

  it('refuses a visitor (401) and a non-admin role (403)', async () => {
    const body = { full_name: 'X', subject: 'math', hourly_rate: 10 };
    const anon = await t.app.inject({ method: 'POST', url: '/api/admin/tutors/', payload: body });
    expect(anon.statusCode).toBe(401);
    expect(anon.json().detail).toBeTruthy();
    for (const role of ['tutor', 'student'] as const) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/admin/tutors/',
        payload: body,
        headers: await bearer(t.config.jwtSecret, role, t.app.db),
      });
      expect(res.statusCode).toBe(403);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/tutors/' })).statusCode).toBe(401);
    const staff = await t.app.inject({
      method: 'GET',
      url: '/api/admin/tutors/',
      headers: await bearer(t.config.jwtSecret, 'staff', t.app.db),
    });
    expect(staff.statusCode).toBe(200);
  });

  it('creates a tutor with availability, which the cached public list shows at once', async () => {
    const before = await list(); // fills the cache
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/tutors/',
      headers: admin,
      payload: {
        full_name: 'Meron Haile',
        subject: 'Afaan Oromoo',
        subject_id: languagesId,
        grade_from: 3,
        grade_to: 8,
        hourly_rate: 19.99,
        bio: 'Afaan Oromoo for beginners.',
        profile_image: '/media/tutors/meron.webp',
        is_published: true,
        availability: { tue: [{ start: '16:00', end: '19:00' }] },
      },
    });
    expect(res.statusCode).toBe(201);
    const created = res.json();
    expect(created).toMatchObject({
      full_name: 'Meron Haile',
      hourly_rate: 19.99,
      category: 'Languages',
      is_published: true,
      average_rating: 0,
    });
    expect(created.availability.tue).toEqual([{ start: '16:00', end: '19:00' }]);
    const after = await list();
    expect(after.length).toBe(before.length + 1);
    expect(after.find((x) => x.id === created.id)).toMatchObject({ full_name: 'Meron Haile', grade_from: 3 });
  });

  it('a new tutor is a draft until it is complete and published; a published one stays complete (decision 265)', async () => {
    const create = (payload: Record<string, unknown>) =>
      t.app.inject({ method: 'POST', url: '/api/admin/tutors/', headers: admin, payload });
    const base = { full_name: 'Selam Draft', subject: 'Chemistry', hourly_rate: 20 };
    // An empty rate reaches the API as 0 (or nothing): refused, never saved as a free tutor.
    const free = await create({ ...base, hourly_rate: 0 });
    expect(free.statusCode).toBe(400);
    expect(free.json().errors.hourly_rate).toEqual(['Enter an hourly rate above zero.']);
    expect((await create({ full_name: 'A', subject: 'math' })).statusCode).toBe(400);
    // Published at once while incomplete: refused, naming each gap under its field.
    const early = await create({ ...base, is_published: true });
    expect(early.statusCode).toBe(400);
    expect(early.json()).toMatchObject({
      code: 'tutor_not_ready',
      errors: {
        bio: ['Write a bio.'],
        profile_image: ['Add a photo.'],
        availability: ['Add at least one weekly time.'],
      },
    });
    // By default a draft: not in the directory, not bookable.
    const draft = await create(base);
    expect(draft.statusCode).toBe(201);
    const id = draft.json().id as number;
    expect(draft.json().is_published).toBe(false);
    expect((await list()).some((x) => x.id === id)).toBe(false);
    expect((await t.app.inject({ url: `/api/tutors/public/${id}/` })).statusCode).toBe(404);
    const month = await t.app.inject({
      url: `/api/reservations/available/?tutor_id=${id}&year=2031&month=3&duration_minutes=60`,
    });
    expect(month.statusCode).toBe(404);
    const patch = (payload: Record<string, unknown>) =>
      t.app.inject({ method: 'PATCH', url: `/api/admin/tutors/${id}/`, headers: admin, payload });
    expect((await patch({ is_published: true })).json().errors).toHaveProperty('availability');
    // Complete, it publishes.
    const done = await patch({
      bio: 'Chemistry with experiments at home.',
      profile_image: '/media/tutors/selam.webp',
      availability: { wed: [{ start: '15:00', end: '18:00' }] },
      is_published: true,
    });
    expect(done.statusCode).toBe(200);
    expect(done.json().is_published).toBe(true);
    expect((await list()).some((x) => x.id === id)).toBe(true);
    // Published, it cannot lose its bio or its last weekly time; nothing of the refused write is saved.
    const emptied = await patch({ bio: '', years_of_experience: 9 });
    expect(emptied.statusCode).toBe(400);
    expect(emptied.json().errors).toEqual({ bio: ['Write a bio.'] });
    const noTimes = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/tutors/${id}/availability/`,
      headers: admin,
      payload: {},
    });
    expect(noTimes.statusCode).toBe(400);
    const after = (await t.app.inject({ url: `/api/admin/tutors/${id}/`, headers: admin })).json();
    expect(after).toMatchObject({ bio: 'Chemistry with experiments at home.', years_of_experience: 0 });
    expect(after.availability.wed).toEqual([{ start: '15:00', end: '18:00' }]);
    // Unpublished first, it may be emptied (a draft again).
    expect((await patch({ is_published: false, bio: '' })).statusCode).toBe(200);
  });

  it('a tutor without a price is never bookable (decision 265)', async () => {
    const tutor = await insertTutor(
      t.app.db,
      { hourlyRateCents: 0 },
      { windows: [{ weekday: 'fri', start: '10:00', end: '12:00' }] },
    );
    const month = await t.app.inject({
      url: `/api/reservations/available/?tutor_id=${tutor.id}&year=2031&month=3&duration_minutes=60`,
    });
    expect(month.statusCode).toBe(404);
  });

  it('an update, an unpublish and an availability change all show on the public reads at once', async () => {
    const tutor = await insertTutor(t.app.db, { fullName: 'Dawit Mekonnen', subject: 'physics' });
    const url = `/api/tutors/public/${tutor.id}/`;
    const first = await t.app.inject({ method: 'GET', url });
    expect(first.json().hourly_rate).toBe(25);
    const etag = first.headers.etag as string;
    await list();

    const patch = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/tutors/${tutor.id}/`,
      headers: admin,
      payload: { hourly_rate: 30, bio: 'Physics made visible.' },
    });
    expect(patch.statusCode).toBe(200);
    const updated = await t.app.inject({ method: 'GET', url, headers: { 'if-none-match': etag } });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({ hourly_rate: 30, bio: 'Physics made visible.' });
    expect(updated.headers.etag).not.toBe(etag);
    expect((await list()).find((x) => x.id === tutor.id)).toMatchObject({ hourly_rate: 30 });

    const put = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/tutors/${tutor.id}/availability/`,
      headers: admin,
      payload: { fri: [{ start: '10:00', end: '12:00' }], sun: [] },
    });
    expect(put.statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url })).json().availability.fri).toEqual([
      { start: '10:00', end: '12:00' },
    ]);

    await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/tutors/${tutor.id}/`,
      headers: admin,
      payload: { is_published: false },
    });
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(404);
    expect((await list()).some((x) => x.id === tutor.id)).toBe(false);
    const adminView = await t.app.inject({
      method: 'GET',
      url: `/api/admin/tutors/${tutor.id}/`,
      headers: admin,
    });
    expect(adminView.json()).toMatchObject({ is_published: false, hourly_rate: 30 });
  });

  it("changes the booking wizard's month availability at once when an admin edits the windows", async () => {
    const tutor = await insertTutor(
      t.app.db,
      {},
      { windows: [{ weekday: 'fri', start: '10:00', end: '12:00' }] },
    );
    // 2031-03-07 is a Friday, far enough ahead that only_future never trims it.
    const month = async () =>
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/reservations/available/?tutor_id=${tutor.id}&year=2031&month=3&duration_minutes=60&only_future=1`,
        })
      ).json().available['2031-03-07'];
    expect(await month()).toEqual(['10:00', '10:30', '11:00']);
    const put = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/tutors/${tutor.id}/availability/`,
      headers: admin,
      payload: { fri: [{ start: '14:00', end: '16:00' }] },
    });
    expect(put.statusCode).toBe(200);
    expect(await month()).toEqual(['14:00', '14:30', '15:00']);
  });

  it('answers bad input with 400 and field errors, never 500', async () => {
    const cases: Array<[string, string, unknown]> = [
      ['POST', '/api/admin/tutors/', { full_name: '', subject: 'math', hourly_rate: 10 }],
      ['POST', '/api/admin/tutors/', { full_name: 'A', subject: 'math', hourly_rate: 'ten' }],
      [
        'POST',
        '/api/admin/tutors/',
        { full_name: 'A', subject: 'math', hourly_rate: 10, grade_from: 9, grade_to: 2 },
      ],
      [
        'POST',
        '/api/admin/tutors/',
        { full_name: 'A', subject: 'math', hourly_rate: 10, subject_id: 987654 },
      ],
      [
        'POST',
        '/api/admin/tutors/',
        { full_name: 'A', subject: 'math', hourly_rate: 10, time_zone: 'Mars/Base' },
      ],
      [
        'POST',
        '/api/admin/tutors/',
        {
          full_name: 'A',
          subject: 'math',
          hourly_rate: 10,
          availability: { mon: [{ start: '12:00', end: '09:00' }] },
        },
      ],
      ['PATCH', '/api/admin/tutors/1/', {}],
      ['PATCH', '/api/admin/tutors/abc/', { bio: 'x' }],
      ['PUT', '/api/admin/tutors/1/availability/', { mon: [{ start: '25:00', end: '26:00' }] }],
      ['PUT', '/api/admin/tutors/1/availability/', { someday: [] }],
    ];
    for (const [method, url, payload] of cases) {
      const res = await t.app.inject({
        method: method as 'POST',
        url,
        headers: admin,
        payload: payload as object,
      });
      expect(res.statusCode, `${method} ${url} ${JSON.stringify(payload)}`).toBe(400);
      expect(typeof res.json().detail).toBe('string');
    }
    const noSubject = await t.app.inject({
      method: 'POST',
      url: '/api/admin/tutors/',
      headers: admin,
      payload: { full_name: 'A', subject: 'math', hourly_rate: 10, subject_id: 987654 },
    });
    expect(noSubject.json().errors).toEqual({ subject_id: ['No such subject.'] });
    const oneSided = await insertTutor(t.app.db, { gradeFrom: 5, gradeTo: 8 });
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/tutors/${oneSided.id}/`,
      headers: admin,
      payload: { grade_from: 10 },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toHaveProperty('grade_to');
  });

  it('answers 404 for a change to an unknown tutor', async () => {
    for (const [method, url, payload] of [
      ['PATCH', '/api/admin/tutors/999999/', { bio: 'x' }],
      ['PUT', '/api/admin/tutors/999999/availability/', {}],
      ['GET', '/api/admin/tutors/99999999999/', undefined],
    ] as const) {
      const res = await t.app.inject({ method, url, headers: admin, ...(payload ? { payload } : {}) });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ detail: 'Tutor not found.', code: 'tutor_not_found' });
    }
  });
});
