import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reportMessages } from '@tibeb/domain/reports/contracts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { adminAuth, insertBooking, insertFamily, insertRefund, insertTutor } from './reports.fixtures.ts';
import { resolveRange, weekdayCounts } from './reports.service.ts';

// 2026-01-05 and 2026-02-02 are Mondays; 13:00 UTC is 16:00 EAT.
const at = (iso: string) => new Date(iso);

describe('admin reports', () => {
  let t: TestApp;
  let admin: { authorization: string };
  let abebe: { id: number };
  beforeAll(async () => {
    t = await createTestApp();
    admin = (await adminAuth(t.database.db, t.config.jwtSecret)).headers;
    // Abebe offers Mondays 14:00–18:00 (4 h); Sara offers nothing.
    abebe = await insertTutor(t.database.db, 'Abebe Report', [['mon', '14:00', '18:00']]);
    const sara = await insertTutor(t.database.db, 'Sara Report');
    const paid = await insertBooking(t.database.db, {
      tutorId: abebe.id,
      subject: 'Mathematics',
      starts: [at('2026-01-05T13:00:00Z'), at('2026-01-12T13:00:00Z')],
      payment: { cents: 4000, paidAt: at('2026-01-02T10:00:00Z') },
    });
    await insertRefund(t.database.db, paid.payment!.id, 1500, at('2026-02-03T10:00:00Z'));
    await insertBooking(t.database.db, {
      tutorId: sara.id,
      subject: 'Physics',
      starts: [at('2026-02-02T13:00:00Z')],
      minutes: 90,
      payment: { cents: 300000, currency: 'ETB', paidAt: at('2026-01-31T22:30:00Z') }, // 1 February in EAT
    });
    await insertBooking(t.database.db, {
      tutorId: abebe.id,
      subject: 'Mathematics',
      starts: [at('2026-02-09T13:00:00Z')],
      sessionStatus: 'cancelled',
      reservationStatus: 'cancelled',
      cancelledAt: at('2026-02-05T09:00:00Z'),
    });
    await insertFamily(t.database.db, at('2026-01-20T09:00:00Z'));
    await insertFamily(t.database.db, at('2026-01-21T09:00:00Z'));
    await insertFamily(t.database.db, at('2026-03-01T09:00:00Z'));
  });
  afterAll(() => t.close());

  const get = (url: string, headers = admin) => t.app.inject({ method: 'GET', url, headers });

  it('answers each table for the range, months in East Africa Time', async () => {
    const res = await get('/api/admin/reports/?from=2026-01-01&to=2026-02-28');
    expect(res.statusCode).toBe(200);
    const r = res.json();
    expect([r.from, r.to]).toEqual(['2026-01-01', '2026-02-28']);
    expect(r.revenue).toEqual([
      { month: '2026-01', currency: 'ETB', paid_cents: 0, refunded_cents: 0, net_cents: 0, payments: 0 },
      {
        month: '2026-02',
        currency: 'ETB',
        paid_cents: 300000,
        refunded_cents: 0,
        net_cents: 300000,
        payments: 1,
      },
      {
        month: '2026-01',
        currency: 'USD',
        paid_cents: 4000,
        refunded_cents: 0,
        net_cents: 4000,
        payments: 1,
      },
      {
        month: '2026-02',
        currency: 'USD',
        paid_cents: 0,
        refunded_cents: 1500,
        net_cents: -1500,
        payments: 0,
      },
    ]);
    expect(r.sessions_by_subject).toEqual([
      { subject: 'Mathematics', sessions: 2, hours: 2 },
      { subject: 'Physics', sessions: 1, hours: 1.5 },
    ]);
    const abebeRow = r.utilisation.find((u: { tutor_id: number }) => u.tutor_id === abebe.id);
    // 8 Mondays in January and February 2026, 4 h each = 32 h offered; 2 h booked (the cancelled one does not count).
    expect(abebeRow).toMatchObject({ booked_hours: 2, offered_hours: 32, utilisation: 0.063 });
    expect(
      r.utilisation.find((u: { tutor_name: string }) => u.tutor_name === 'Sara Report').utilisation,
    ).toBeNull();
    expect(r.new_families).toEqual([
      { month: '2026-01', families: 2 },
      { month: '2026-02', families: 0 },
    ]);
    expect(r.cancellations).toEqual([
      { month: '2026-01', sessions_cancelled: 0, reservations_cancelled: 0 },
      { month: '2026-02', sessions_cancelled: 1, reservations_cancelled: 1 },
    ]);
  });

  it('narrows to the range: nothing from outside it', async () => {
    const r = (await get('/api/admin/reports/?from=2026-03-01&to=2026-03-31')).json();
    expect(r.revenue).toEqual([]);
    expect(r.sessions_by_subject).toEqual([]);
    expect(r.new_families).toEqual([{ month: '2026-03', families: 1 }]);
  });

  it('exports each table as CSV with decimals and a file name', async () => {
    const res = await get('/api/admin/reports/export/?table=revenue&from=2026-01-01&to=2026-02-28');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toBe(
      'attachment; filename="revenue-2026-01-01-2026-02-28.csv"',
    );
    expect(res.body.split('\r\n')).toEqual([
      'month,currency,paid,refunded,net,payments',
      '2026-01,ETB,0.00,0.00,0.00,0',
      '2026-02,ETB,3000.00,0.00,3000.00,1',
      '2026-01,USD,40.00,0.00,40.00,1',
      '2026-02,USD,0.00,15.00,-15.00,0',
      '',
    ]);
    const util = await get('/api/admin/reports/export/?table=utilisation&from=2026-01-01&to=2026-02-28');
    expect(util.body).toContain('Abebe Report,2,32,6.3');
  });

  it('answers bad ranges and unknown tables with 400 and field errors', async () => {
    const order = await get('/api/admin/reports/?from=2026-03-01&to=2026-02-01');
    expect(order.statusCode).toBe(400);
    expect(order.json().errors.to).toEqual([reportMessages.rangeOrder]);
    const long = await get('/api/admin/reports/?from=2020-01-01&to=2026-01-01');
    expect(long.json().errors.to).toEqual([reportMessages.rangeTooLong]);
    const bad = await get('/api/admin/reports/?from=2026-02-30');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.from).toEqual([reportMessages.dateInvalid]);
    const table = await get('/api/admin/reports/export/?table=secrets');
    expect(table.statusCode).toBe(400);
    expect(table.json().errors.table).toEqual([reportMessages.tableUnknown]);
  });

  it('is for admin-level roles only', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/reports/' })).statusCode).toBe(401);
    const tutor = (await adminAuth(t.database.db, t.config.jwtSecret, 'tutor')).headers;
    expect((await get('/api/admin/reports/', tutor)).statusCode).toBe(403);
    expect((await get('/api/admin/reports/export/?table=revenue', tutor)).statusCode).toBe(403);
  });

  it('defaults to the last twelve months, and counts weekdays of a range', () => {
    expect(resolveRange({}, new Date('2026-11-23T22:00:00Z'))).toEqual({
      from: '2025-12-01',
      to: '2026-11-24',
    });
    expect(weekdayCounts('2026-01-01', '2026-01-31').mon).toBe(4);
  });
});
