import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { payments, reservations } from '../../../platform/db/schema/index.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { bearer } from '../../catalog/test/fixtures.ts';
import { insertReservation, insertTutorRow } from './test/fixtures.repository.ts';

const day = 86_400_000;
type Page = { count: number; results: { id: string }[]; totals?: { payments: number }[] };

/**
 * The admin reservations and payments lists read one page through an index (decision 241): the pages walk every
 * row once in a stable order (created_at, newest first, then id: rows written in the same instant too), the count
 * and the totals cover every match, and a page past the end is empty.
 */
describe('admin reservations and payments: pages in a stable order', () => {
  let t: TestApp;
  let admin: { authorization: string };
  let tutor: number;
  const base = new Date(Date.UTC(2031, 2, 3, 7, 0));

  beforeAll(async () => {
    t = await createTestApp();
    admin = await bearer(t.config.jwtSecret, 'admin', t.app.db);
    tutor = await insertTutorRow(t.app.db, 'Paging Tutor');
    for (let i = 0; i < 7; i += 1) {
      await insertReservation(t.app.db, {
        tutorId: tutor,
        family: `Paging Family ${i}`,
        student: `Paging Student ${i}`,
        starts: [new Date(base.getTime() + i * day)],
        withPayment: true,
      });
    }
    // Four of them written in the same instant: the id decides their order.
    const same = new Date('2031-01-01T00:00:00Z');
    const rows = await t.app.db.select({ id: reservations.id }).from(reservations);
    for (const r of rows.slice(0, 4)) {
      await t.app.db.update(reservations).set({ createdAt: same }).where(eq(reservations.id, r.id));
      await t.app.db.update(payments).set({ createdAt: same }).where(eq(payments.reservationId, r.id));
    }
  });
  afterAll(() => t.close());

  const get = async (url: string) => {
    const res = await t.app.inject({ method: 'GET', url, headers: admin });
    return { status: res.statusCode, body: res.json() as Page };
  };

  for (const [name, url] of [
    ['reservations', '/api/admin/reservations/'],
    ['payments', '/api/admin/payments/ledger/'],
  ] as const) {
    it(`${name}: the pages cut the whole list in pieces, each row once, the same again`, async () => {
      const whole = (await get(`${url}?page_size=100`)).body;
      expect(whole.count).toBe(7);
      const ids = whole.results.map((r) => r.id);
      expect(new Set(ids).size).toBe(7);
      for (const size of [1, 2, 3]) {
        const seen: string[] = [];
        for (let page = 1; page <= Math.ceil(7 / size); page += 1) {
          const { status, body } = await get(`${url}?page=${page}&page_size=${size}`);
          expect(status).toBe(200);
          expect(body.count).toBe(7);
          seen.push(...body.results.map((r) => r.id));
        }
        expect(seen, `page size ${size}`).toEqual(ids);
      }
      const past = (await get(`${url}?page=50&page_size=3`)).body;
      expect(past.count).toBe(7);
      expect(past.results).toEqual([]);
    });
  }

  it('payments: the totals count every match whatever the page, and the search still reads the names', async () => {
    const page = (await get('/api/admin/payments/ledger/?page=3&page_size=2')).body;
    expect(page.totals?.[0]?.payments).toBe(7);
    const found = (await get('/api/admin/payments/ledger/?q=paging%20family%203')).body;
    expect(found.count).toBe(1);
    expect(found.results).toHaveLength(1);
  });

  it('reservations: a session date range reads the sessions of that range only', async () => {
    const third = new Date(base.getTime() + 2 * day).toISOString().slice(0, 10);
    const { body } = await get(`/api/admin/reservations/?from=${third}&to=${third}`);
    expect(body.count).toBe(1);
    expect((body.results[0] as unknown as { student_name: string }).student_name).toBe('Paging Student 2');
  });

  it('refuses a page or page size out of bounds with 400', async () => {
    for (const url of ['/api/admin/reservations/', '/api/admin/payments/ledger/']) {
      for (const query of ['page=0', 'page=x', 'page_size=0', 'page_size=101', 'page=100001']) {
        const res = await t.app.inject({ method: 'GET', url: `${url}?${query}`, headers: admin });
        expect(res.statusCode, `${url}?${query}`).toBe(400);
      }
    }
  });
});
