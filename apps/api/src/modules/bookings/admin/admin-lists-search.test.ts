import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../../platform/db/client.ts';
import { payments } from '../../../platform/db/schema/index.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { bearer } from '../../catalog/test/fixtures.ts';
import { insertReservation, insertTutorRow } from './test/fixtures.repository.ts';

type Page = {
  count: number;
  results: { id: string; family_name?: string; full_name?: string; tutor_name?: string }[];
  totals?: { currency: string; payments: number; paid_cents: number }[];
};

/**
 * The admin lists at the growth sizes (decision 243): substring searches read trigram indexes (pg_trgm, loaded by
 * both engines) and still find any substring with `%` and `_` taken literally; the counts and totals kept per
 * database snapshot stay exact after every write; a date range's kept page too.
 */
describe('admin lists: trigram searches and kept counts', () => {
  let t: TestApp;
  let admin: { authorization: string };
  let tutor: number;
  const day = 86_400_000;
  const march = new Date(Date.UTC(2032, 2, 10, 7, 0));

  beforeAll(async () => {
    t = await createTestApp();
    admin = await bearer(t.config.jwtSecret, 'admin', t.app.db);
    tutor = await insertTutorRow(t.app.db, 'Selamawit Trigram');
    const rows: [string, string, string, number][] = [
      ['Abebe 100% Kebede', 'abebe@example.com', 'Liya Kebede', 0],
      ['Almaz Girma', 'almaz_girma@example.com', 'Dawit Girma', 1],
      ['Almaz Gxrma', 'almazxgxrma@example.com', 'Hanna Gxrma', 2],
      ['Tsion Haile', 'tsion@example.com', 'Yonas Haile', 40],
    ];
    for (const [family, email, student, offset] of rows) {
      await insertReservation(t.app.db, {
        tutorId: tutor,
        family,
        email,
        student,
        starts: [new Date(march.getTime() + offset * day)],
        withPayment: true,
      });
    }
  });
  afterAll(() => t.close());

  const get = async (url: string) => {
    const res = await t.app.inject({ method: 'GET', url, headers: admin });
    expect(res.statusCode).toBe(200);
    return res.json() as Page;
  };
  const q = (text: string) => encodeURIComponent(text);

  it('loads pg_trgm, and each search is planned on its trigram index', async () => {
    const [ext] = await queryRows<{ n: number }>(
      t.app.db,
      sql`select count(*)::int as n from pg_extension where extname = 'pg_trgm'`,
    );
    expect(ext!.n).toBe(1);
    const plans: [string, string][] = [
      [
        `select id from reservations r where r.full_name ilike '%irm%' or r.student_full_name ilike '%irm%'`,
        'reservations_search_idx',
      ],
      [
        `select id from users u where lower(u.username) like '%irm%' or lower(u.email) like '%irm%'
           or lower(u.first_name || ' ' || u.last_name) like '%irm%'`,
        'users_search_idx',
      ],
      [
        `select id from tutors t where t.full_name ilike '%irm%' or t.subject ilike '%irm%'`,
        'tutors_admin_search_idx',
      ],
      [
        `select id from tutors t order by t.review_average desc, t.review_count desc, t.full_name asc, t.id asc limit 20`,
        'tutors_admin_order_idx',
      ],
    ];
    // A few test rows are cheaper to read whole: with sequential scans off, the plan shows the index is usable.
    for (const [query, index] of plans) {
      const plan = await t.app.db.transaction(async (tx) => {
        await tx.execute(sql`set local enable_seqscan = off`);
        const rows = await queryRows<{ 'QUERY PLAN': string }>(tx, sql.raw(`explain ${query}`));
        return rows.map((r) => r['QUERY PLAN']).join('\n');
      });
      expect(plan, query).toContain(index);
    }
  });

  it('reservations: any substring of a searched column, case-insensitive; % and _ are literal', async () => {
    const names = async (text: string) =>
      (await get(`/api/admin/reservations/?q=${q(text)}`)).results.map((r) => r.family_name).sort();
    expect(await names('IRM')).toEqual(['Almaz Girma']);
    expect(await names('liya keb')).toEqual(['Abebe 100% Kebede']);
    expect(await names('almaz')).toEqual(['Almaz Girma', 'Almaz Gxrma']);
    expect(await names('0%')).toEqual(['Abebe 100% Kebede']);
    expect(await names('%')).toEqual(['Abebe 100% Kebede']);
    // `_` would match any one character: taken literally, only the e-mail with an underscore matches.
    expect(await names('almaz_')).toEqual(['Almaz Girma']);
    expect(await names('zz')).toEqual([]);
  });

  it('reservations: the kept count and the kept date-range page change with every write', async () => {
    const url = '/api/admin/reservations/?from=2032-03-01&to=2032-03-31&page_size=2';
    const before = await get(url);
    expect(before.count).toBe(3);
    expect((await get('/api/admin/reservations/')).count).toBe(4);
    const added = await insertReservation(t.app.db, {
      tutorId: tutor,
      family: 'Meron Added',
      student: 'Kidist Added',
      starts: [new Date(march.getTime() + 5 * day)],
    });
    const after = await get(url);
    expect(after.count).toBe(4);
    // The newest reservation heads the range's first page at once.
    expect(after.results[0]!.id).toBe(added.id);
    expect((await get('/api/admin/reservations/')).count).toBe(5);
    expect((await get(`${url}&page=3`)).results).toEqual([]);
    // Outside the range, nothing.
    expect((await get('/api/admin/reservations/?from=2032-05-01&to=2032-05-31')).count).toBe(0);
  });

  it('payments: by family, student or tutor substring, id or provider session id; totals stay exact', async () => {
    const families = async (text: string) =>
      (await get(`/api/admin/payments/ledger/?q=${q(text)}`)).results.map((r) => r.full_name).sort();
    expect(await families('gxr')).toEqual(['Almaz Gxrma']);
    expect(await families('yonas')).toEqual(['Tsion Haile']);
    expect(await families('100%')).toEqual(['Abebe 100% Kebede']);
    expect(await families('almaz_')).toEqual(['Almaz Girma']);
    expect(await families('amawit trig')).toHaveLength(4);
    const [one] = await t.app.db
      .select({ id: payments.id, session: payments.providerSessionId })
      .from(payments)
      .limit(1);
    expect(
      (await get(`/api/admin/payments/ledger/?q=${one!.id.toUpperCase()}`)).results.map((r) => r.id),
    ).toEqual([one!.id]);
    expect((await get(`/api/admin/payments/ledger/?q=${q(one!.session)}`)).results.map((r) => r.id)).toEqual([
      one!.id,
    ]);

    const totals = async () => (await get('/api/admin/payments/ledger/')).totals!;
    const before = await totals();
    await insertReservation(t.app.db, {
      tutorId: tutor,
      family: 'Paid Later',
      student: 'Student Later',
      starts: [new Date(march.getTime() + 9 * day)],
      withPayment: true,
    });
    const after = await totals();
    const usd = (list: typeof before) => list.find((x) => x.currency === 'USD')!;
    expect(usd(after).payments).toBe(usd(before).payments + 1);
    expect(usd(after).paid_cents).toBe(usd(before).paid_cents + 2000);
    const past = await get('/api/admin/payments/ledger/?page=50');
    expect(past.results).toEqual([]);
    expect(past.count).toBe(usd(after).payments);
  });
});
