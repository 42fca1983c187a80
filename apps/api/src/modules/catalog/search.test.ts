import { addDays } from '@tibeb/domain/bookings/slots';
import { instantToWallClock, zonedTimeToInstant } from '@tibeb/domain/bookings/time';
import {
  publicTutorPageSchema,
  tutorReviewsPageSchema,
  tutorSearchResultSchema,
  tutorSlug,
  type TutorSearchResult,
} from '@tibeb/domain/tutors/search';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publish } from '../../platform/cache/cache-bus.ts';
import {
  bearer as authHeader,
  createUser,
  loginAs,
  uniq,
  verifyLinkToken,
} from '../accounts/accounts.test-helpers.ts';
import { createTestApp, testEngine, type TestApp } from '../../test/harness.ts';
import { nextFreeIdle, refreshDueNextFree } from './next-free.service.ts';
import { bearer, insertScheduledSession, insertSubject, insertTutor } from './test/fixtures.ts';

type Weekday = 'mon' | 'tue' | 'wed' | 'thu' | 'fri' | 'sat' | 'sun';
const everyDay = (start: string, end: string) =>
  (['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as Weekday[]).map((weekday) => ({
    weekday,
    start,
    end,
  }));

describe(`directory search, GET /api/tutors/search/ (${testEngine})`, () => {
  let t: TestApp;
  let abel: { id: number };
  let bethel: { id: number };
  let caleb: { id: number };
  let hidden: { id: number };
  let inactive: { id: number };
  const paged: { id: number }[] = [];
  let early: { id: number };
  let daily: { id: number };
  let never: { id: number };

  const search = async (query: string, headers: Record<string, string> = {}) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/tutors/search/?${query}`, headers });
    return res;
  };
  const found = async (query: string): Promise<TutorSearchResult> => {
    const res = await search(query);
    expect(res.statusCode, `${query}: ${res.body}`).toBe(200);
    return tutorSearchResultSchema.parse(res.json());
  };
  const ids = async (query: string) => (await found(query)).results.map((r) => r.id);

  beforeAll(async () => {
    t = await createTestApp();
    const db = t.app.db;
    const sciences = await insertSubject(db, { name: 'Sciences', category: 'Sciences', slug: 'sciences-x' });
    const tigrigna = await insertSubject(db, { name: 'Tigrigna', category: 'Languages', slug: 'tigrigna-x' });
    const pagingSubject = await insertSubject(db, { name: 'Paging', category: 'Coding', slug: 'paging-x' });
    const freeSubject = await insertSubject(db, { name: 'Free', category: 'Coding', slug: 'free-x' });

    // Filters: three tutors named "… Qfx", and two that are never listed.
    abel = await insertTutor(
      db,
      {
        fullName: 'Abel Qfx',
        subject: 'math',
        gradeFrom: 1,
        gradeTo: 6,
        hourlyRateCents: 1500,
        languages: ['Amharic', 'English'],
      },
      { windows: [{ weekday: 'mon', start: '08:00', end: '10:00' }], ratings: [5] },
    );
    bethel = await insertTutor(
      db,
      {
        fullName: 'Bethel Qfx',
        subject: 'Chemistry',
        subjectId: sciences.id,
        gradeFrom: 9,
        gradeTo: 12,
        hourlyRateCents: 3000,
        languages: ['Afaan Oromoo'],
      },
      { windows: [{ weekday: 'sat', start: '18:00', end: '20:00' }] },
    );
    caleb = await insertTutor(
      db,
      {
        fullName: 'Caleb Qfx',
        subject: 'Tigrigna',
        subjectId: tigrigna.id,
        gradeFrom: 5,
        gradeTo: 10,
        hourlyRateCents: 2200,
        languages: ['Tigrigna', 'English'],
      },
      { windows: [{ weekday: 'tue', start: '13:00', end: '15:00' }] },
    );
    hidden = await insertTutor(db, { fullName: 'Hidden Qfx', isPublished: false, languages: ['English'] });
    inactive = await insertTutor(db, { fullName: 'Inactive Qfx', isActive: false, languages: ['English'] });

    // Sorting and paging: 25 tutors of one catalogue subject, with tied ratings and prices.
    for (let i = 0; i < 25; i += 1) {
      const ratings = i % 3 === 0 ? [5, 4] : i % 3 === 1 ? [4] : [];
      paged.push(
        await insertTutor(
          db,
          { fullName: `Paged ${i}`, subjectId: pagingSubject.id, hourlyRateCents: 1000 + (i % 5) * 500 },
          { ratings },
        ),
      );
    }

    // Next free: one free from 08:00 to 09:00 EAT every day, one free all day, one never.
    const nf = { subject: 'Coding', subjectId: freeSubject.id };
    daily = await insertTutor(db, { ...nf, fullName: 'Daily Nf' }, { windows: everyDay('08:00', '09:00') });
    early = await insertTutor(db, { ...nf, fullName: 'Early Nf' }, { windows: everyDay('00:00', '23:30') });
    never = await insertTutor(db, { ...nf, fullName: 'Never Nf' });

    // The job's step: every tutor just inserted is due.
    await refreshDueNextFree(db);
  });
  afterAll(() => t.close());

  it('lists published, active tutors only, with the page fields, the total and no cursor on the last page', async () => {
    const body = await found('q=qfx');
    expect(body.total).toBe(3);
    expect(body.next_cursor).toBeNull();
    const listed = body.results.map((r) => r.id);
    expect(listed).toEqual(expect.arrayContaining([abel.id, bethel.id, caleb.id]));
    expect(listed).not.toContain(hidden.id);
    expect(listed).not.toContain(inactive.id);
    const first = body.results.find((r) => r.id === abel.id)!;
    expect(first).toMatchObject({
      full_name: 'Abel Qfx',
      slug: 'abel-qfx',
      languages: ['Amharic', 'English'],
      hourly_rate: 15,
      average_rating: 5,
      total_reviews: 1,
      grade_from: 1,
      grade_to: 6,
      checks: [],
    });
    expect(first).not.toHaveProperty('availability');
  });

  it('filters by name or subject text, case-insensitively and literally', async () => {
    expect(await ids('q=BETHEL')).toEqual([bethel.id]);
    expect(await ids('q=tigrigna')).toContain(caleb.id);
    expect((await found('q=%25')).total).toBe(0);
    expect((await found('q=_')).total).toBe(0);
  });

  it('filters by category (as the directory lists tutors) or by catalogue subject slug', async () => {
    expect(await ids('q=qfx&subject=Mathematics')).toEqual([abel.id]);
    expect(await ids('q=qfx&subject=sciences')).toEqual([bethel.id]);
    // Tigrigna is not in the spec's map: its catalogue subject's category lists it.
    expect(await ids('q=qfx&subject=Languages')).toEqual([caleb.id]);
    expect(await ids('subject=tigrigna-x')).toEqual([caleb.id]);
    expect(await ids('q=qfx&subject=math')).toEqual([abel.id]);
    const none = await found('subject=no-such-subject');
    expect(none).toEqual({ results: [], total: 0, next_cursor: null });
  });

  it('filters by grade, language, price, day and time of day', async () => {
    expect(await ids('q=qfx&grade=8')).toEqual([caleb.id]);
    expect((await ids('q=qfx&grade=10')).sort()).toEqual([bethel.id, caleb.id].sort());
    expect((await ids('q=qfx&language=english')).sort()).toEqual([abel.id, caleb.id].sort());
    expect(await ids('q=qfx&language=AFAAN%20OROMOO')).toEqual([bethel.id]);
    expect(await ids('q=qfx&language=French')).toEqual([]);
    expect((await ids('q=qfx&min_price=20')).sort()).toEqual([bethel.id, caleb.id].sort());
    expect(await ids('q=qfx&max_price=20')).toEqual([abel.id]);
    expect(await ids('q=qfx&min_price=20&max_price=25')).toEqual([caleb.id]);
    expect(await ids('q=qfx&day=mon')).toEqual([abel.id]);
    expect(await ids('q=qfx&day=sat')).toEqual([bethel.id]);
    expect(await ids('q=qfx&time_of_day=morning')).toEqual([abel.id]);
    expect(await ids('q=qfx&time_of_day=afternoon')).toEqual([caleb.id]);
    expect(await ids('q=qfx&time_of_day=evening')).toEqual([bethel.id]);
    expect(await ids('q=qfx&day=mon&time_of_day=evening')).toEqual([]);
    expect(await ids('q=qfx&day=sat&time_of_day=evening&language=afaan%20oromoo&grade=12')).toEqual([
      bethel.id,
    ]);
  });

  it('sorts by rating (then reviews, then id), price and next free time', async () => {
    const byRating = (await found('subject=paging-x&limit=50')).results;
    expect(byRating).toHaveLength(25);
    for (let i = 1; i < byRating.length; i += 1) {
      const [a, b] = [byRating[i - 1]!, byRating[i]!];
      const key = (r: typeof a) => [r.average_rating, r.total_reviews, r.id];
      const [ka, kb] = [key(a), key(b)];
      const desc =
        ka[0]! > kb[0]! || (ka[0] === kb[0] && (ka[1]! > kb[1]! || (ka[1] === kb[1] && ka[2]! > kb[2]!)));
      expect(desc, `${JSON.stringify(ka)} before ${JSON.stringify(kb)}`).toBe(true);
    }
    expect(byRating[0]!.average_rating).toBe(4.5);
    expect(byRating.at(-1)!.average_rating).toBe(0);

    const byPrice = (await found('subject=paging-x&sort=price&limit=50')).results;
    for (let i = 1; i < byPrice.length; i += 1) {
      const [a, b] = [byPrice[i - 1]!, byPrice[i]!];
      expect(a.hourly_rate < b.hourly_rate || (a.hourly_rate === b.hourly_rate && a.id < b.id)).toBe(true);
    }

    const byFree = (await found('subject=free-x&sort=next_free')).results;
    expect(byFree.map((r) => r.id)).toEqual([early.id, daily.id, never.id]);
    expect(byFree[0]!.next_free).not.toBeNull();
    expect(byFree[2]!.next_free).toBeNull();
  });

  for (const sort of ['rating', 'price', 'next_free'] as const) {
    it(`pages with the cursor (${sort}): every tutor once, no gaps, the total on every page`, async () => {
      const seen: number[] = [];
      let cursor: string | null = null;
      let pages = 0;
      do {
        const query: string = `subject=paging-x&sort=${sort}&limit=10${cursor ? `&cursor=${cursor}` : ''}`;
        const page = await found(query);
        expect(page.total).toBe(25);
        expect(page.results.length).toBeLessThanOrEqual(10);
        seen.push(...page.results.map((r) => r.id));
        cursor = page.next_cursor;
        pages += 1;
      } while (cursor && pages < 10);
      expect(pages).toBe(3);
      expect(new Set(seen).size).toBe(25);
      expect([...seen].sort((a, b) => a - b)).toEqual(paged.map((p) => p.id).sort((a, b) => a - b));
      const all = (await found(`subject=paging-x&sort=${sort}&limit=50`)).results.map((r) => r.id);
      expect(seen).toEqual(all);
    });
  }

  it('answers 400 with field errors for bad input, never 500', async () => {
    const cursorOfRating = (await found('subject=paging-x&limit=1')).next_cursor!;
    const bad: [string, string][] = [
      ['limit=51', 'limit'],
      ['limit=0', 'limit'],
      ['limit=abc', 'limit'],
      ['cursor=%21%21%21', 'cursor'],
      ['cursor=abc', 'cursor'],
      [`cursor=${Buffer.from('{"a":1}').toString('base64url')}`, 'cursor'],
      [`cursor=${Buffer.from('["r","9.99",1,1]').toString('base64url')}`, 'cursor'],
      [`cursor=${Buffer.from('["p",1,99999999999]').toString('base64url')}&sort=price`, 'cursor'],
      [`cursor=${cursorOfRating}&sort=price`, 'cursor'],
      [`cursor=${'a'.repeat(301)}`, 'cursor'],
      ['day=funday', 'day'],
      ['time_of_day=night', 'time_of_day'],
      ['sort=name', 'sort'],
      ['grade=13', 'grade'],
      ['min_price=-1', 'min_price'],
      ['min_price=30&max_price=20', 'max_price'],
      [`q=${'x'.repeat(101)}`, 'q'],
    ];
    for (const [query, field] of bad) {
      const res = await search(query);
      expect(res.statusCode, query).toBe(400);
      expect(Object.keys(res.json().errors ?? {}), query).toContain(field);
    }
  });

  it('answers with an ETag and the public cache policy, and 304 when the browser has it', async () => {
    const first = await search('q=qfx');
    expect(first.headers.etag).toBeTruthy();
    expect(first.headers['cache-control']).toContain('s-maxage');
    const again = await search('q=qfx', { 'if-none-match': String(first.headers.etag) });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it('shows the next free start in EAT, moved on by a booked session and by time off', async () => {
    const now = new Date();
    // Daily: 08:00–09:00 EAT, one 1-hour start a day, at least the lead time (2 hours) ahead.
    const expected = () => {
      let date = instantToWallClock(now, 'Africa/Addis_Ababa').date;
      for (;;) {
        const at = zonedTimeToInstant(date, '08:00', 'Africa/Addis_Ababa');
        if (at.getTime() >= now.getTime() + 2 * 3_600_000) return { date, at };
        date = addDays(date, 1);
      }
    };
    const first = expected();
    const card = async () => (await found('subject=free-x&q=daily')).results[0]!;
    expect((await card()).next_free).toEqual({
      date: first.date,
      time: '08:00',
      starts_at: first.at.toISOString(),
    });

    // A booked session at that start: the bookings module's invalidation recomputes it.
    await insertScheduledSession(t.app.db, daily.id, first.at);
    publish('booked', String(daily.id));
    await nextFreeIdle(t.app.db);
    const second = addDays(first.date, 1);
    expect((await card()).next_free).toMatchObject({ date: second, time: '08:00' });

    // Time off that day, through the admin's API (the schedule-changed event).
    const admin = await bearer(t.config.jwtSecret, 'admin', t.app.db);
    const off = await t.app.inject({
      method: 'POST',
      url: `/api/admin/tutors/${daily.id}/time-off/`,
      headers: admin,
      payload: { starts_on: second },
    });
    expect(off.statusCode, off.body).toBeLessThan(300);
    await nextFreeIdle(t.app.db);
    expect((await card()).next_free).toMatchObject({ date: addDays(first.date, 2), time: '08:00' });

    // The tutor page: this week's free starts, without the booked one or the day off.
    const page = await t.app.inject({ method: 'GET', url: `/api/tutors/public/${daily.id}/` });
    expect(page.statusCode).toBe(200);
    const detail = publicTutorPageSchema.parse(page.json());
    expect(detail.slug).toBe('daily-nf');
    expect(detail.next_free_times.length).toBeGreaterThan(3);
    expect(detail.next_free_times.length).toBeLessThanOrEqual(10);
    const dates = detail.next_free_times.map((f) => f.date);
    expect(dates).not.toContain(first.date);
    expect(dates).not.toContain(second);
    expect(dates[0]).toBe(addDays(first.date, 2));
    for (const f of detail.next_free_times) {
      expect(f.time).toBe('08:00');
      expect(new Date(f.starts_at).getTime() - now.getTime()).toBeLessThanOrEqual(7 * 86_400_000);
    }
  });

  it('gives the detail its slug, languages and next free times; unknown or unpublished ids stay 404', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/tutors/public/${abel.id}/` });
    const detail = publicTutorPageSchema.parse(res.json());
    expect(detail).toMatchObject({ slug: 'abel-qfx', languages: ['Amharic', 'English'] });
    expect(detail.availability.mon).toEqual([{ start: '08:00', end: '10:00' }]);
    expect(Array.isArray(detail.next_free_times)).toBe(true);
    for (const id of [hidden.id, inactive.id, 999999, 99999999999])
      expect((await t.app.inject({ method: 'GET', url: `/api/tutors/public/${id}/` })).statusCode).toBe(404);
  });

  it('pages reviews with offset and total', async () => {
    const tutor = await insertTutor(
      t.app.db,
      { fullName: 'Reviewed Many' },
      { ratings: [5, 4, 3, 5, 4, 5, 2] },
    );
    const get = (q: string) =>
      t.app.inject({ method: 'GET', url: `/api/tutors/public/${tutor.id}/reviews/?${q}` });
    const first = tutorReviewsPageSchema.parse((await get('limit=3')).json());
    expect(first.reviews).toHaveLength(3);
    expect(first.total).toBe(7);
    expect(first.total_reviews).toBe(7);
    expect(first.average_rating).toBeCloseTo(4, 2);
    const last = tutorReviewsPageSchema.parse((await get('limit=3&offset=6')).json());
    expect(last.reviews).toHaveLength(1);
    const all = [
      ...first.reviews,
      ...tutorReviewsPageSchema.parse((await get('limit=3&offset=3')).json()).reviews,
      ...last.reviews,
    ].map((r) => r.id);
    expect(new Set(all).size).toBe(7);
    expect((await get('offset=10001')).statusCode).toBe(400);
    expect((await get('offset=-1')).statusCode).toBe(400);
    expect((await get('limit=21')).statusCode).toBe(400);
    expect((await get('offset=100')).json().reviews).toEqual([]);
    for (const id of [99999999999, 999999])
      expect(
        (await t.app.inject({ method: 'GET', url: `/api/tutors/public/${id}/reviews/` })).statusCode,
      ).toBe(404);
  });

  it('lists every published tutor page and catalogue subject page in the sitemap', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(`<loc>http://localhost:3000/tutors/${abel.id}-${tutorSlug('Abel Qfx')}</loc>`);
    expect(res.body).toContain(`<loc>http://localhost:3000/tutors/${paged[0]!.id}-paged-0</loc>`);
    expect(res.body).not.toContain(`/tutors/${hidden.id}-`);
    expect(res.body).not.toContain(`/tutors/${inactive.id}-`);
    expect(res.body).toContain('<loc>http://localhost:3000/subjects/tigrigna-x</loc>');
    expect(res.body).toContain('<loc>http://localhost:3000/PrvacyPolicy</loc>');
    expect(res.body.match(/<url>/g)!.length).toBeLessThanOrEqual(50_000);
  });

  it('is in the OpenAPI document with every status it answers', async () => {
    const admin = await bearer(t.config.jwtSecret, 'admin', t.app.db);
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json', headers: admin });
    const paths = res.json().paths;
    expect(Object.keys(paths['/api/tutors/search/'].get.responses).sort()).toEqual(['200', '304', '400']);
    expect(Object.keys(paths['/api/tutors/public/{id}/reviews/'].get.responses).sort()).toEqual([
      '200',
      '304',
      '400',
      '404',
    ]);
  });
});

describe(`an approved applicant in the directory search (${testEngine})`, () => {
  let t: TestApp;
  afterAll(() => t?.close());

  it('carries the application’s languages and has its next free time at once', async () => {
    t = await createTestApp();
    const math = await insertSubject(t.app.db, { name: 'Mathematics', category: 'Mathematics' });
    const email = `teach.${uniq()}@example.test`;
    const applied = await t.app.inject({
      method: 'POST',
      url: '/api/tutor-applications/',
      remoteAddress: '10.78.0.1',
      payload: {
        email,
        password: 'teach-with-tibeb-1',
        first_name: 'Lensa',
        last_name: 'Guta',
        phone: '+251 911 234 567',
        city: 'Adama',
        subject_ids: [math.id],
        grade_from: 5,
        grade_to: 10,
        languages: ['Afaan Oromoo', 'Amharic'],
        education: 'BSc Mathematics',
        years_of_experience: 4,
        hourly_rate: 18.5,
        hourly_rate_etb: null,
        availability: everyDay('16:00', '19:00').reduce<Record<string, { start: string; end: string }[]>>(
          (week, w) => ({ ...week, [w.weekday]: [{ start: w.start, end: w.end }] }),
          {},
        ),
        bio: 'I help students understand algebra step by step, with practice after each lesson.',
        teaching_style: 'Patient, with worked examples.',
      },
    });
    expect(applied.statusCode, applied.body).toBe(201);
    const token = await verifyLinkToken(t.app, email);
    const verified = await t.app.inject({
      method: 'POST',
      url: '/api/accounts/verify-email/',
      payload: { token },
    });
    expect(verified.statusCode).toBe(200);
    // Approving publishes, and a published profile has a photo (decision 265; the upload has its own tests).
    await t.app.db.execute(
      sql`update tutors set profile_image = '/media/tutors/lensa.webp'
           where id = (select tutor_id from tutor_applications where id = ${applied.json().id as string})`,
    );
    const admin = await createUser(t.app, 'admin');
    const decided = await t.app.inject({
      method: 'POST',
      url: `/api/admin/tutor-applications/${applied.json().id}/decision/`,
      headers: authHeader((await loginAs(t.app, admin)).access),
      payload: { decision: 'approve', reason: '', checks: [{ kind: 'identity' }] },
    });
    expect(decided.statusCode, decided.body).toBe(200);
    await nextFreeIdle(t.app.db);
    const res = await t.app.inject({ method: 'GET', url: '/api/tutors/search/?language=afaan%20oromoo' });
    const [tutor] = tutorSearchResultSchema.parse(res.json()).results;
    expect(tutor).toMatchObject({ full_name: 'Lensa Guta', languages: ['Afaan Oromoo', 'Amharic'] });
    expect(tutor!.next_free).not.toBeNull();
  });
});
