import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reportTutorLimitMessage } from '@tibeb/domain/reports/contracts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { adminAuth, insertBooking, insertTutor } from './reports.fixtures.ts';
import { snapshotCached } from './reports.cache.ts';

// Mondays of January 2026 at 13:00 UTC (16:00 EAT).
const monday = (n: number) => new Date(Date.UTC(2026, 0, 5 + 7 * n, 13, 0));
const range = 'from=2026-01-01&to=2026-01-31';

/**
 * The reports at the growth sizes (decision 241): the per-tutor tables hold the busiest `tutor_limit` tutors
 * (the CSV every one), and a report is computed again only when the data changed.
 */
describe('admin reports: the per-tutor tables bounded, results kept while the data is the same', () => {
  let t: TestApp;
  let admin: { authorization: string };
  const names = ['Report Tutor A', 'Report Tutor B', 'Report Tutor C', 'Report Tutor D'];

  beforeAll(async () => {
    t = await createTestApp();
    admin = (await adminAuth(t.database.db, t.config.jwtSecret)).headers;
    // A: 3 sessions, B: 2, C: 1, D: none (but offers Mondays).
    for (const [i, name] of names.entries()) {
      const tutor = await insertTutor(t.database.db, name, [['mon', '09:00', '17:00']]);
      const count = 3 - i;
      if (count > 0)
        await insertBooking(t.database.db, {
          tutorId: tutor.id,
          subject: 'Mathematics',
          starts: Array.from({ length: count }, (_, k) => monday(k)),
        });
    }
  });
  afterAll(() => t.close());

  const get = (url: string) => t.app.inject({ method: 'GET', url, headers: admin });
  const tutorNames = (rows: { tutor_name: string }[]) => rows.map((r) => r.tutor_name);

  it('holds the busiest tutors first, at most tutor_limit of them, and says how many there are', async () => {
    const all = (await get(`/api/admin/reports/?${range}`)).json();
    expect(all.tutors_total).toBe(4);
    expect(tutorNames(all.sessions_by_tutor)).toEqual(names);
    expect(all.sessions_by_tutor.map((r: { sessions: number }) => r.sessions)).toEqual([3, 2, 1, 0]);

    const two = (await get(`/api/admin/reports/?${range}&tutor_limit=2`)).json();
    expect(two.tutors_total).toBe(4);
    expect(tutorNames(two.sessions_by_tutor)).toEqual(names.slice(0, 2));
    expect(tutorNames(two.utilisation)).toEqual(names.slice(0, 2));
    // Offered hours of the shown tutors: 4 Mondays of 8 hours in January 2026.
    expect(two.utilisation[0]).toMatchObject({ booked_hours: 3, offered_hours: 32 });
    // The other tables do not depend on the limit.
    expect(two.sessions_by_subject).toEqual(all.sessions_by_subject);
  });

  it('exports every tutor in the CSV, whatever the screen shows', async () => {
    const csv = await get(`/api/admin/reports/export/?table=sessions_by_tutor&${range}`);
    expect(csv.statusCode).toBe(200);
    const lines = csv.body.trim().split('\r\n');
    expect(lines).toHaveLength(1 + names.length);
  });

  it('refuses a bad tutor limit with 400 and the field message', async () => {
    for (const value of ['0', '-1', '1.5', 'x', '1001']) {
      const res = await get(`/api/admin/reports/?tutor_limit=${value}`);
      expect(res.statusCode, value).toBe(400);
      expect(res.json().errors.tutor_limit, value).toEqual([reportTutorLimitMessage]);
    }
  });

  it('answers a kept report while nothing changed, and a new one after a write', async () => {
    const before = (await get(`/api/admin/reports/?${range}`)).json();
    expect((await get(`/api/admin/reports/?${range}`)).json()).toEqual(before);
    const tutor = await insertTutor(t.database.db, 'Report Tutor E');
    await insertBooking(t.database.db, {
      tutorId: tutor.id,
      subject: 'Physics',
      starts: [monday(0), monday(1), monday(2), monday(3)],
    });
    const after = (await get(`/api/admin/reports/?${range}`)).json();
    expect(after.tutors_total).toBe(5);
    expect(after.sessions_by_tutor[0]).toMatchObject({ tutor_name: 'Report Tutor E', sessions: 4 });
  });

  it('computes once for requests at the same time, and keeps no failure', async () => {
    let runs = 0;
    const slow = () =>
      new Promise<number>((resolve) => {
        runs += 1;
        setTimeout(() => resolve(runs), 20);
      });
    // Inside one repeatable-read transaction the snapshot holds still, whatever other test files write to a
    // shared PostgreSQL meanwhile (a new snapshot there would rightly mean a new computation).
    const answers = await t.database.db.transaction(async (tx) => {
      await tx.execute(sql`set transaction isolation level repeatable read`);
      return Promise.all([1, 2, 3].map(() => snapshotCached(tx, 'test-key', slow)));
    });
    expect(answers).toEqual([1, 1, 1]);
    expect(runs).toBe(1);

    let attempts = 0;
    const failing = async () => {
      attempts += 1;
      if (attempts === 1) throw new Error('database away');
      return 'ok';
    };
    await expect(snapshotCached(t.database.db, 'failing-key', failing)).rejects.toThrow('database away');
    await expect(snapshotCached(t.database.db, 'failing-key', failing)).resolves.toBe('ok');
  });
});
