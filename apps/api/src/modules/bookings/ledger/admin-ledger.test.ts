import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminLedgerCsvColumns, adminLedgerMessages } from '@tibeb/domain/ledger/admin-ledger';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { adminAuth, insertTutor } from '../../reporting/reports.fixtures.ts';
import { postTransaction } from './ledger.repository.ts';

describe('admin ledger', () => {
  let t: TestApp;
  let admin: { authorization: string };
  let tutorA: number;
  let tutorB: number;
  beforeAll(async () => {
    t = await createTestApp();
    const db = t.database.db;
    admin = (await adminAuth(db, t.config.jwtSecret)).headers;
    tutorA = (await insertTutor(db, 'Abebe Kebede')).id;
    tutorB = (await insertTutor(db, 'Sara Tadesse')).id;
    await postTransaction(db, {
      kind: 'payment',
      idempotencyKey: 'payment:a',
      tutorId: tutorA,
      reservationId: '11111111-1111-4111-8111-111111111111',
      paymentId: '22222222-2222-4222-8222-222222222222',
      memo: '=HYPERLINK("x")',
      occurredAt: new Date('2026-03-02T10:00:00Z'),
      lines: [
        { account: 'family_payments', amountCents: 8000, currency: 'USD' },
        { account: 'family_prepaid', amountCents: -8000, currency: 'USD' },
      ],
    });
    await postTransaction(db, {
      kind: 'session_earned',
      idempotencyKey: 'earn:a',
      tutorId: tutorA,
      sessionId: '33333333-3333-4333-8333-333333333333',
      memo: 'Lesson held',
      occurredAt: new Date('2026-03-10T15:00:00Z'),
      lines: [
        { account: 'family_prepaid', amountCents: 4000, currency: 'USD' },
        {
          account: 'tutor_payable',
          amountCents: -3400,
          currency: 'USD',
          tutorId: tutorA,
          availableAt: new Date('2026-03-13T15:00:00Z'),
        },
        { account: 'platform_commission', amountCents: -600, currency: 'USD' },
      ],
    });
    // 21:30 UTC on 31 March is 00:30 on 1 April in Addis Ababa.
    await postTransaction(db, {
      kind: 'session_earned',
      idempotencyKey: 'earn:b',
      tutorId: tutorB,
      occurredAt: new Date('2026-03-31T21:30:00Z'),
      lines: [
        { account: 'family_prepaid', amountCents: 100000, currency: 'ETB' },
        { account: 'tutor_payable', amountCents: -85000, currency: 'ETB', tutorId: tutorB },
        { account: 'platform_commission', amountCents: -15000, currency: 'ETB' },
      ],
    });
  });
  afterAll(() => t.close());

  const get = (query = '', headers: Record<string, string> = admin) =>
    t.app.inject({ method: 'GET', url: `/api/admin/ledger/${query}`, headers });

  it('lists transactions newest first with their entries, debits first, and the tutor', async () => {
    const res = await get();
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ count: 3, page: 1, page_size: 50 });
    expect(body.results.map((r: { kind: string }) => r.kind)).toEqual([
      'session_earned',
      'session_earned',
      'payment',
    ]);
    expect(body.results[1]).toEqual({
      id: expect.any(String),
      kind: 'session_earned',
      occurred_at: '2026-03-10T15:00:00.000Z',
      memo: 'Lesson held',
      tutor: { id: tutorA, name: 'Abebe Kebede' },
      reservation_id: null,
      session_id: '33333333-3333-4333-8333-333333333333',
      payment_id: null,
      refund_id: null,
      payout_id: null,
      entries: [
        {
          account: 'family_prepaid',
          tutor_id: null,
          currency: 'USD',
          amount_cents: 4000,
          available_at: null,
        },
        {
          account: 'platform_commission',
          tutor_id: null,
          currency: 'USD',
          amount_cents: -600,
          available_at: null,
        },
        {
          account: 'tutor_payable',
          tutor_id: tutorA,
          currency: 'USD',
          amount_cents: -3400,
          available_at: '2026-03-13T15:00:00.000Z',
        },
      ],
    });
    expect(body.results[2]).toMatchObject({
      payment_id: '22222222-2222-4222-8222-222222222222',
      reservation_id: '11111111-1111-4111-8111-111111111111',
    });
  });

  it('filters by tutor, kind and dates in East Africa Time', async () => {
    expect((await get(`?tutor=${tutorA}`)).json().count).toBe(2);
    expect((await get(`?tutor=${tutorB}`)).json().results[0].tutor.name).toBe('Sara Tadesse');
    expect((await get('?kind=payment')).json().count).toBe(1);
    expect((await get('?kind=payout')).json()).toMatchObject({ count: 0, results: [] });
    const april = (await get('?from=2026-04-01')).json();
    expect(april.results.map((r: { tutor: { id: number } }) => r.tutor.id)).toEqual([tutorB]);
    expect((await get('?from=2026-03-01&to=2026-03-31')).json().count).toBe(2);
    expect(
      (await get(`?tutor=${tutorA}&kind=session_earned&from=2026-03-10&to=2026-03-10`)).json().count,
    ).toBe(1);
  });

  it('pages by 50', async () => {
    const db = t.database.db;
    for (let i = 0; i < 50; i++) {
      await postTransaction(db, {
        kind: 'adjustment',
        idempotencyKey: `adjust:${i}`,
        occurredAt: new Date(Date.UTC(2025, 0, 1, 0, i)),
        lines: [
          { account: 'family_credit', amountCents: -1, currency: 'USD' },
          { account: 'family_prepaid', amountCents: 1, currency: 'USD' },
        ],
      });
    }
    const first = (await get('?kind=adjustment')).json();
    expect(first.count).toBe(50);
    expect(first.results).toHaveLength(50);
    const all = (await get()).json();
    expect(all.count).toBe(53);
    expect(all.results).toHaveLength(50);
    const second = (await get('?page=2')).json();
    expect(second.results).toHaveLength(3);
    // The oldest adjustment is last.
    expect(second.results[2].occurred_at).toBe('2025-01-01T00:00:00.000Z');
    // Past the end: nothing, with the count (kept per database snapshot, decision 244: a write shows at once).
    expect((await get('?page=3')).json()).toMatchObject({ count: 53, page: 3, results: [] });
    await postTransaction(db, {
      kind: 'adjustment',
      idempotencyKey: 'adjust:late',
      occurredAt: new Date(Date.UTC(2024, 0, 1)),
      lines: [
        { account: 'family_credit', amountCents: -1, currency: 'USD' },
        { account: 'family_prepaid', amountCents: 1, currency: 'USD' },
      ],
    });
    expect((await get('?page=2')).json()).toMatchObject({ count: 54, results: { length: 4 } });
    expect((await get('?kind=adjustment')).json().count).toBe(51);
  });

  it('counts a large match exactly, and a write shows at once (decision 244)', async () => {
    const db = t.database.db;
    // 1,200 adjustments in one statement, each balanced (the entries' trigger checks at the commit).
    await db.transaction(async (tx) => {
      await tx.execute(sql`insert into ledger_transactions (kind, idempotency_key, occurred_at)
        select 'adjustment', 'bulk:' || n, timestamptz '2023-01-01' + n * interval '1 minute'
          from generate_series(1, 1200) n`);
      await tx.execute(sql`insert into ledger_entries (transaction_id, account, amount_cents, currency)
        select t.id, a.account, a.amount, 'USD' from ledger_transactions t
          cross join (values ('family_credit', -1), ('family_prepaid', 1)) as a(account, amount)
         where t.idempotency_key like 'bulk:%'`);
    });
    const all = (await get()).json().count as number;
    expect((await get('?kind=adjustment')).json().count).toBe(1251);
    expect((await get('?from=2023-01-01&to=2023-01-01')).json().count).toBe(1200);
    await postTransaction(db, {
      kind: 'adjustment',
      idempotencyKey: 'adjust:after-bulk',
      occurredAt: new Date('2023-01-01T12:00:00Z'),
      lines: [
        { account: 'family_credit', amountCents: -1, currency: 'USD' },
        { account: 'family_prepaid', amountCents: 1, currency: 'USD' },
      ],
    });
    expect((await get()).json().count).toBe(all + 1);
    expect((await get('?kind=adjustment')).json().count).toBe(1252);
    const last = (await get(`?page=${Math.ceil((all + 1) / 50)}`)).json();
    expect(last.results).toHaveLength((all + 1) % 50 || 50);
  });

  it('answers 400 with field messages for bad filters', async () => {
    const kind = await get('?kind=gift');
    expect(kind.statusCode).toBe(400);
    expect(kind.json().errors.kind).toEqual([adminLedgerMessages.kind]);
    expect((await get('?from=2026-02-30')).json().errors.from).toEqual([adminLedgerMessages.dateInvalid]);
    expect((await get('?from=2026-03-05&to=2026-03-01')).json().errors.to).toEqual([
      adminLedgerMessages.rangeOrder,
    ]);
    expect((await get('?tutor=abc')).statusCode).toBe(400);
    expect((await get('?page=0')).json().errors.page).toEqual([adminLedgerMessages.page]);
  });

  it('is for admins only', async () => {
    expect((await get('', {})).statusCode).toBe(401);
    const tutor = await adminAuth(t.database.db, t.config.jwtSecret, 'tutor');
    expect((await get('', tutor.headers)).statusCode).toBe(403);
    const csv = await t.app.inject({
      method: 'GET',
      url: '/api/admin/ledger/export/',
      headers: tutor.headers,
    });
    expect(csv.statusCode).toBe(403);
  });

  it('exports one row per entry as CSV, filtered, with formulas defused', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/admin/ledger/export/?tutor=${tutorA}`,
      headers: admin,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toContain('ledger.csv');
    const lines = res.body.trim().split('\r\n');
    expect(lines[0]).toBe(adminLedgerCsvColumns.join(','));
    // The earning's three entries and the payment's two.
    expect(lines).toHaveLength(6);
    const payable = lines.find((l) => l.includes(',tutor_payable,'))!.split(',');
    const col = (name: (typeof adminLedgerCsvColumns)[number]) => adminLedgerCsvColumns.indexOf(name);
    expect(payable[col('tutor')]).toBe('Abebe Kebede');
    expect(payable[col('entry_tutor_id')]).toBe(String(tutorA));
    expect(payable[col('debit')]).toBe('');
    expect(payable[col('credit')]).toBe('34.00');
    expect(payable[col('available_at')]).toBe('2026-03-13T15:00:00.000Z');
    const received = lines.find((l) => l.includes(',family_payments,'))!;
    expect(received).toContain(',80.00,,');
    expect(received).toContain(`"'=HYPERLINK(""x"")"`);
  });
});
