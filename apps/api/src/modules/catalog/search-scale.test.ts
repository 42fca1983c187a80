import { tutorSearchResultSchema } from '@tibeb/domain/tutors/search';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../platform/db/client.ts';
import { createTestApp, testEngine, type TestApp } from '../../test/harness.ts';
import { pageQuery, type Keyset } from './search.repository.ts';

const TUTORS = 20_000;

/**
 * Issue 28 "the directory at 20,000 published tutors" (decision 239), on PostgreSQL only (PGlite is the small
 * embedded engine; its planner is the same, its speed is not what the budget is about): the first page is
 * under 20 KB, and no page query reads every tutor (EXPLAIN shows no sequential scan of tutors).
 */
describe.runIf(testEngine === 'postgres')(`directory search at ${TUTORS} tutors (PostgreSQL)`, () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
    const db = t.app.db;
    await db.execute(sql`
      insert into subjects (name, slug, category, price_per_hour_cents)
      values ('Mathematics', 'mathematics', 'Mathematics', 2000), ('Languages', 'languages', 'Languages', 1800)`);
    // One statement for all of them: names, subjects, grades, prices, languages, ratings and next free times vary.
    await db.execute(sql`
      insert into tutors (full_name, subject, subject_id, grade_from, grade_to, bio, education, years_of_experience,
                          teaching_style, hourly_rate_cents, profile_image, languages, review_average, review_count,
                          next_free_at, next_free_due_at)
      select 'Tutor ' || g || ' ' || (array['Abebe','Hana','Meron','Dawit','Chaltu','Rahel'])[1 + g % 6],
             (array['math','Amharic','physics','Python','Tigrigna'])[1 + g % 5],
             (select id from subjects where slug = case when g % 2 = 0 then 'mathematics' else 'languages' end),
             1 + g % 6, 7 + g % 6,
             repeat('Patient teacher who explains every step and builds confidence. ', 4),
             'Addis Ababa University, BSc', g % 20, 'Examples first, then practice.',
             1000 + (g % 40) * 100, '/images/tutors/t' || g || '.svg',
             case g % 3 when 0 then array['Amharic','English'] when 1 then array['Afaan Oromoo','Amharic']
                        else array['Tigrigna','English'] end,
             round(((g % 41) / 10.0 + 1)::numeric, 2) - case when g % 41 = 40 then 0.10 else 0 end,
             g % 30,
             case when g % 4 = 0 then null else now() + ((g % 1000) || ' minutes')::interval end,
             now() + interval '1 hour'
        from generate_series(1, ${TUTORS}) as g`);
    await db.execute(sql`
      insert into tutor_availability (tutor_id, weekday, start_time, end_time)
      select id, (array['mon','tue','wed','thu','fri','sat','sun'])[1 + id % 7], '16:00', '20:00' from tutors`);
    await db.execute(sql`analyze tutors`);
    await db.execute(sql`analyze tutor_availability`);
  }, 60_000);
  afterAll(() => t?.close());

  it('answers the first page in under 20 KB, with the total of all 20,000', async () => {
    const started = performance.now();
    const res = await t.app.inject({ method: 'GET', url: '/api/tutors/search/' });
    const elapsed = performance.now() - started;
    expect(res.statusCode).toBe(200);
    const bytes = Buffer.byteLength(res.body);
    expect(bytes).toBeLessThan(20 * 1024);
    const body = tutorSearchResultSchema.parse(res.json());
    expect(body.total).toBe(TUTORS);
    expect(body.results).toHaveLength(12);
    expect(body.next_cursor).not.toBeNull();
    // A cold first answer includes the count; the budget (p99 < 50 ms at 50 connections) is for the cached path.
    expect(elapsed).toBeLessThan(2_000);
    const next = await t.app.inject({ method: 'GET', url: `/api/tutors/search/?cursor=${body.next_cursor}` });
    expect(next.statusCode).toBe(200);
    const second = tutorSearchResultSchema.parse(next.json());
    expect(second.results.map((r) => r.id)).not.toContain(body.results[0]!.id);
  });

  const plans: [string, Parameters<typeof pageQuery>][] = [
    ['rating, first page', [{}, 'rating', null, 13]],
    ['rating, a later page', [{}, 'rating', { sort: 'rating', rating: '3.00', reviews: 10, id: 5000 }, 13]],
    ['price', [{}, 'price', { sort: 'price', cents: 2500, id: 100 } as Keyset, 13]],
    [
      'next free',
      [{}, 'next_free', { sort: 'next_free', at: new Date().toISOString(), id: 1 } as Keyset, 13],
    ],
    ['a grade and a price range', [{ grade: 8, minCents: 1500, maxCents: 3000 }, 'rating', null, 13]],
    ['a language', [{ language: 'tigrigna' }, 'price', null, 13]],
    ['a category', [{ category: 'Mathematics' }, 'rating', null, 13]],
  ];
  for (const [name, args] of plans) {
    it(`reads no page by scanning every tutor: ${name}`, async () => {
      const rows = await queryRows<{ 'QUERY PLAN': string }>(
        t.app.db,
        sql`explain (analyze, buffers) ${pageQuery(...args)}`,
      );
      const plan = rows.map((r) => r['QUERY PLAN']).join('\n');
      expect(plan, plan).not.toMatch(/Seq Scan on tutors/);
      const ms = Number(/Execution Time: ([\d.]+) ms/.exec(plan)?.[1]);
      expect(ms, plan).toBeLessThan(50);
    });
  }
});
