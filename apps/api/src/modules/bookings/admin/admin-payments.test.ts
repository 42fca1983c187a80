import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminPaymentListMessages } from '@tibeb/domain/admin/payments';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { refunds } from '../../../platform/db/schema/index.ts';
import { adminAuth, insertBooking, insertTutor } from '../../reporting/reports.fixtures.ts';

describe('admin payments list', () => {
  let t: TestApp;
  let admin: { authorization: string };
  beforeAll(async () => {
    t = await createTestApp();
    admin = (await adminAuth(t.database.db, t.config.jwtSecret)).headers;
    const tutor = await insertTutor(t.database.db, 'Meron Ledger');
    const book = (
      fullName: string,
      cents: number,
      paidAt: string,
      extra: {
        currency?: string;
        status?: 'paid' | 'partially_refunded' | 'pending';
        refundedCents?: number;
      } = {},
    ) =>
      insertBooking(t.database.db, {
        tutorId: tutor.id,
        subject: 'Chemistry',
        fullName,
        email: `${fullName.split(' ')[0]!.toLowerCase()}@example.com`,
        starts: [new Date(Date.parse(paidAt) + 3 * 86_400_000)],
        payment: { cents, paidAt: new Date(paidAt), ...extra },
      });
    await book('Hana Tesfaye', 8000, '2026-03-02T10:00:00Z');
    const dawit = await book('Dawit Alemu', 6000, '2026-03-05T10:00:00Z', {
      status: 'partially_refunded',
      refundedCents: 2000,
    });
    // Two refunds, one late in the evening UTC (the next morning in EAT), and a failed attempt the CSV leaves out.
    await t.database.db.insert(refunds).values([
      {
        paymentId: dawit.payment!.id,
        amountCents: 1000,
        reason: '=HYPERLINK("x")',
        createdAt: new Date('2026-03-06T08:00:00Z'),
      },
      {
        paymentId: dawit.payment!.id,
        amountCents: 1000,
        reason: 'Tutor sick, week 2',
        createdAt: new Date('2026-03-07T22:30:00Z'),
      },
      {
        paymentId: dawit.payment!.id,
        amountCents: 500,
        status: 'failed',
        reason: 'Card closed',
        createdAt: new Date('2026-03-07T09:00:00Z'),
      },
    ]);
    await book('Selam Bekele', 500000, '2026-03-06T10:00:00Z', { currency: 'ETB' });
    await book('=cmd Pending', 4000, '2026-03-07T10:00:00Z', { status: 'pending' });
  });
  afterAll(() => t.close());

  const get = (query: string) =>
    t.app.inject({ method: 'GET', url: `/api/admin/payments/ledger/${query}`, headers: admin });

  it('lists newest first with totals per currency over every match', async () => {
    const res = await get('?page_size=2');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.count).toBe(4);
    expect(body.results.map((p: { full_name: string }) => p.full_name)).toEqual([
      '=cmd Pending',
      'Selam Bekele',
    ]);
    expect(body.totals).toEqual([
      { currency: 'ETB', payments: 1, paid_cents: 500000, refunded_cents: 0, net_cents: 500000 },
      { currency: 'USD', payments: 3, paid_cents: 14000, refunded_cents: 2000, net_cents: 12000 },
    ]);
    const dawit = (await get('?q=dawit')).json().results[0];
    expect(dawit).toMatchObject({
      status: 'partially_refunded',
      refundable_cents: 4000,
      tutor_name: 'Meron Ledger',
    });
    expect((await get('?q=pending')).json().results[0].refundable_cents).toBe(0);
  });

  it('filters by status, currency, search and dates', async () => {
    expect((await get('?status=partially_refunded')).json().count).toBe(1);
    expect((await get('?currency=etb')).json().results[0].full_name).toBe('Selam Bekele');
    expect((await get('?q=HANA')).json().count).toBe(1);
    expect((await get('?from=2026-03-05&to=2026-03-06')).json().count).toBe(2);
    expect((await get('?q=100%25')).json().count).toBe(0);
  });

  it('exports the filtered list as CSV, with formulas defused', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/admin/payments/ledger/export/?currency=USD',
      headers: admin,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    const lines = res.body.trim().split('\r\n');
    expect(lines[0]).toBe(
      'id,created_at (EAT),paid_at (EAT),status,provider,currency,amount,refunded,refunded_at (EAT),' +
        'refund_reason,family,email,tutor,subject,reservation_id',
    );
    expect(lines).toHaveLength(4);
    const dawit = lines.find((l) => l.includes('Dawit'))!;
    // Paid 10:00 UTC = 13:00 EAT; the refunds' dates in EAT in order, their reasons formula-safe; no failed one.
    expect(dawit).toContain(',2026-03-05 13:00,partially_refunded,demo,USD,60.00,20.00,');
    expect(dawit).toContain(
      ',2026-03-06 11:00 | 2026-03-08 01:30,"\'=HYPERLINK(""x"") | Tutor sick, week 2",Dawit Alemu,',
    );
    expect(dawit).not.toContain('Card closed');
    expect(dawit).not.toMatch(/\d{4}-\d\d-\d\dT/);
    expect(lines.find((l) => l.includes('cmd'))).toContain(",'=cmd Pending,");
  });

  it('answers bad filters with 400 and field errors', async () => {
    const res = await get('?status=lost&currency=dollars&from=2026-13-01&page=0');
    expect(res.statusCode).toBe(400);
    const errors = res.json().errors;
    expect(errors.currency).toEqual([adminPaymentListMessages.currency]);
    expect(errors.from).toEqual([adminPaymentListMessages.dateInvalid]);
    expect(errors.page).toEqual([adminPaymentListMessages.page]);
    expect(errors.status).toBeDefined();
    const order = await get('?from=2026-03-05&to=2026-03-01');
    expect(order.json().errors.to).toEqual([adminPaymentListMessages.rangeOrder]);
  });

  it('is for admin-level roles only', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/payments/ledger/' })).statusCode).toBe(401);
    const tutor = (await adminAuth(t.database.db, t.config.jwtSecret, 'tutor')).headers;
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/admin/payments/ledger/export/',
      headers: tutor,
    });
    expect(res.statusCode).toBe(403);
  });
});
