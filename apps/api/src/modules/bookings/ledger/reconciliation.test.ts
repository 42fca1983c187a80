import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { adminLedgerMessages, reconciliationIssues as issues } from '@tibeb/domain/ledger/admin-ledger';
import type { Db } from '../../../platform/db/client.ts';
import { payoutRuns, payouts } from '../../../platform/db/schema/ledger.ts';
import { refunds } from '../../../platform/db/schema/payments.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { adminAuth, insertBooking, insertTutor } from '../../reporting/reports.fixtures.ts';
import { postTransaction } from './ledger.repository.ts';
import { eatMonth, moneyMonths, reconcile } from './reconciliation.service.ts';

const usd = (account: 'family_payments' | 'family_prepaid' | 'refunds', cents: number) => ({
  account,
  amountCents: cents,
  currency: 'USD',
});

async function insertPayout(
  db: Db,
  tutorId: number,
  p: { cents: number; currency: string; status: 'pending' | 'processing' | 'paid' | 'failed' },
) {
  const [run] = await db.insert(payoutRuns).values({ rail: 'manual' }).returning();
  const [row] = await db
    .insert(payouts)
    .values({
      runId: run!.id,
      tutorId,
      currency: p.currency,
      amountCents: p.cents,
      payoutAmountCents: p.cents,
      status: p.status,
      rail: 'manual',
      method: { kind: 'bank' },
    })
    .returning();
  return row!;
}

async function insertRefundRow(
  db: Db,
  paymentId: string,
  cents: number,
  status: 'pending' | 'succeeded' | 'failed',
) {
  const [row] = await db
    .insert(refunds)
    .values({ paymentId, amountCents: cents, currency: 'USD', status })
    .returning();
  return row!;
}

describe('money report and reconciliation', () => {
  let t: TestApp;
  let admin: { authorization: string };
  const ids: Record<string, string> = {};
  beforeAll(async () => {
    t = await createTestApp();
    const db = t.database.db;
    admin = (await adminAuth(db, t.config.jwtSecret)).headers;
    const abebe = (await insertTutor(db, 'Abebe Kebede')).id;
    const sara = (await insertTutor(db, 'Sara Tadesse')).id;
    let hour = 0;
    // Each booking's lesson at its own hour (a tutor's sessions never overlap).
    const lesson = () => [new Date(Date.UTC(2026, 2, 10, 6 + hour++))];
    // Demo data: a payment made before the ledger existed, without a transaction.
    const demo = await insertBooking(db, {
      tutorId: abebe,
      subject: 'Math',
      starts: lesson(),
      payment: { cents: 5000, paidAt: new Date('2025-01-05T10:00:00Z') },
    });
    await insertRefundRow(db, demo.payment!.id, 1000, 'succeeded');
    // The ledger starts here (its first transaction is written now); everything below is after it.
    await postTransaction(db, {
      kind: 'session_earned',
      idempotencyKey: 'earn:etb',
      tutorId: sara,
      occurredAt: new Date('2026-02-20T10:00:00Z'),
      lines: [
        { account: 'family_prepaid', amountCents: 10000, currency: 'ETB' },
        { account: 'tutor_payable', amountCents: -8500, currency: 'ETB', tutorId: sara },
        { account: 'platform_commission', amountCents: -1500, currency: 'ETB' },
      ],
    });
    const paidAt = new Date(Date.now() + 60_000);
    const book = () =>
      insertBooking(db, {
        tutorId: abebe,
        subject: 'Math',
        starts: lesson(),
        payment: { cents: 8000, paidAt },
      });
    const good = await book();
    const missing = await book();
    const short = await book();
    const unpaid = await insertBooking(db, {
      tutorId: abebe,
      subject: 'Math',
      starts: lesson(),
      payment: { cents: 8000, paidAt, status: 'pending' },
    });
    Object.assign(ids, {
      good: good.payment!.id,
      missing: missing.payment!.id,
      short: short.payment!.id,
      unpaid: unpaid.payment!.id,
    });
    const pay = (key: string, paymentId: string, reservationId: string, cents: number, at: string) =>
      postTransaction(db, {
        kind: 'payment',
        idempotencyKey: key,
        tutorId: abebe,
        paymentId,
        reservationId,
        occurredAt: new Date(at),
        lines: [usd('family_payments', cents), usd('family_prepaid', -cents)],
      });
    await pay('payment:good', ids.good!, good.reservation.id, 8000, '2026-03-02T10:00:00Z');
    // A mismatch: the ledger received 70.00 for a payment of 80.00.
    await pay('payment:short', ids.short!, short.reservation.id, 7000, '2026-03-03T10:00:00Z');
    // A payment that never succeeded, recorded as received.
    await pay('payment:unpaid', ids.unpaid!, unpaid.reservation.id, 8000, '2026-03-04T10:00:00Z');
    await postTransaction(db, {
      kind: 'session_earned',
      idempotencyKey: 'earn:usd',
      tutorId: abebe,
      reservationId: good.reservation.id,
      occurredAt: new Date('2026-03-10T15:00:00Z'),
      lines: [
        usd('family_prepaid', 4000),
        { account: 'tutor_payable', amountCents: -3400, currency: 'USD', tutorId: abebe },
        { account: 'platform_commission', amountCents: -600, currency: 'USD' },
      ],
    });
    const refunded = await insertRefundRow(db, ids.good!, 2000, 'succeeded');
    const unrecorded = await insertRefundRow(db, ids.good!, 500, 'succeeded');
    ids.refunded = refunded.id;
    ids.unrecorded = unrecorded.id;
    await postTransaction(db, {
      kind: 'refund',
      idempotencyKey: `refund:${refunded.id}`,
      tutorId: abebe,
      paymentId: ids.good,
      refundId: refunded.id,
      reservationId: good.reservation.id,
      occurredAt: new Date('2026-03-20T10:00:00Z'),
      lines: [usd('family_prepaid', 2000), usd('refunds', -2000)],
    });
    // Payouts: one paid (sent and confirmed), one in transit, one "paid" the ledger never confirmed.
    const sent = (
      payout: { id: string; amountCents: number; currency: string },
      tutorId: number,
      at: string,
    ) =>
      postTransaction(db, {
        kind: 'payout',
        idempotencyKey: `payout:${payout.id}:1`,
        tutorId,
        payoutId: payout.id,
        occurredAt: new Date(at),
        lines: [
          { account: 'tutor_payable', amountCents: payout.amountCents, currency: payout.currency, tutorId },
          {
            account: 'payouts_in_transit',
            amountCents: -payout.amountCents,
            currency: payout.currency,
            tutorId,
          },
        ],
      });
    const confirmed = (
      payout: { id: string; amountCents: number; currency: string },
      tutorId: number,
      at: string,
    ) =>
      postTransaction(db, {
        kind: 'payout_paid',
        idempotencyKey: `payout-paid:${payout.id}:1`,
        tutorId,
        payoutId: payout.id,
        occurredAt: new Date(at),
        lines: [
          {
            account: 'payouts_in_transit',
            amountCents: payout.amountCents,
            currency: payout.currency,
            tutorId,
          },
          { account: 'payouts_paid', amountCents: -payout.amountCents, currency: payout.currency },
        ],
      });
    const paid = await insertPayout(db, abebe, { cents: 3000, currency: 'USD', status: 'paid' });
    await sent(paid, abebe, '2026-04-05T10:00:00Z');
    await confirmed(paid, abebe, '2026-04-06T10:00:00Z');
    const inTransit = await insertPayout(db, sara, { cents: 1000, currency: 'ETB', status: 'processing' });
    await sent(inTransit, sara, '2026-04-05T10:00:00Z');
    const unconfirmed = await insertPayout(db, abebe, { cents: 400, currency: 'USD', status: 'paid' });
    await sent(unconfirmed, abebe, '2026-04-07T10:00:00Z');
    ids.unconfirmed = unconfirmed.id;
    // A transaction written without entries (only a direct insert can do that).
    await db.execute(
      sql`insert into ledger_transactions (kind, idempotency_key, occurred_at)
          values ('adjustment', 'empty', '2026-04-08T10:00:00Z')`,
    );
  });
  afterAll(() => t.close());

  const get = (query = '', headers: Record<string, string> = admin) =>
    t.app.inject({ method: 'GET', url: `/api/admin/reports/money/${query}`, headers });

  it('sums the ledger per currency and month (EAT), carrying what tutors are owed', async () => {
    const res = await get('?from=2026-03&to=2026-04');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.from).toBe('2026-03');
    expect(body.to).toBe('2026-04');
    expect(body.months).toEqual([
      // ETB: earned in February (before the range), so only its payable appears; a payout in transit is still owed.
      {
        month: '2026-03',
        currency: 'ETB',
        revenue_cents: 0,
        refunds_cents: 0,
        commission_cents: 0,
        tutors_earned_cents: 0,
        tutors_paid_cents: 0,
        tutors_payable_cents: 8500,
      },
      {
        month: '2026-03',
        currency: 'USD',
        revenue_cents: 23000,
        refunds_cents: 2000,
        commission_cents: 600,
        tutors_earned_cents: 3400,
        tutors_paid_cents: 0,
        tutors_payable_cents: 3400,
      },
      {
        month: '2026-04',
        currency: 'ETB',
        revenue_cents: 0,
        refunds_cents: 0,
        commission_cents: 0,
        tutors_earned_cents: 0,
        tutors_paid_cents: 0,
        tutors_payable_cents: 8500,
      },
      {
        month: '2026-04',
        currency: 'USD',
        revenue_cents: 0,
        refunds_cents: 0,
        commission_cents: 0,
        tutors_earned_cents: 0,
        tutors_paid_cents: 3000,
        // 34.00 earned, 30.00 paid, 4.00 sent and not confirmed: still owed.
        tutors_payable_cents: 400,
      },
    ]);
  });

  it('ties payments, refunds and payouts to the ledger and lists what does not match', async () => {
    const { reconciliation } = (await get()).json();
    const problems = reconciliation.problems as { kind: string; id: string; issue: string }[];
    expect(problems.map((p) => [p.kind, p.id, p.issue]).sort()).toEqual(
      [
        ['payment', ids.missing, issues.paymentMissing],
        ['payment', ids.short, issues.paymentAmount],
        ['payment', ids.unpaid, issues.paymentNotCollected],
        ['refund', ids.unrecorded, issues.refundMissing],
        ['payout', ids.unconfirmed, issues.payoutPaidMissing],
        ['transaction', expect.any(String), issues.transactionEmpty],
      ].sort(),
    );
    expect(reconciliation.problems.find((p: { id: string }) => p.id === ids.short)).toMatchObject({
      amount_cents: 8000,
      ledger_amount_cents: 7000,
      currency: 'USD',
      reservation_id: expect.any(String),
    });
    // Demo data before the ledger: counted apart, not a problem.
    expect(reconciliation.before_ledger).toEqual({
      payments: 1,
      refunds: 1,
      totals: [{ currency: 'USD', paid_cents: 5000, refunded_cents: 1000 }],
    });
    expect(reconciliation.ledger_started_at).toEqual(expect.any(String));
    // 4 payments + 2 refunds + 3 payouts + 11 transactions (the demo payment and refund are not checked).
    expect(reconciliation.checked).toBe(4 + 2 + 3 + 11);
  });

  it('defaults to the twelve months up to this one and refuses bad months', async () => {
    const body = (await get()).json();
    expect(body.to).toBe(eatMonth(new Date()));
    expect(body.months.every((m: { month: string }) => m.month >= body.from && m.month <= body.to)).toBe(
      true,
    );
    expect((await get('?from=2026-13')).json().errors.from).toEqual([adminLedgerMessages.monthInvalid]);
    expect((await get('?from=2026-05&to=2026-04')).json().errors.to).toEqual([
      adminLedgerMessages.monthOrder,
    ]);
    expect((await get('?from=2024-01&to=2026-01')).json().errors.to).toEqual([
      adminLedgerMessages.monthRange,
    ]);
    expect((await get('?from=2024-02&to=2026-01')).statusCode).toBe(200);
  });

  it('is for admins only', async () => {
    expect((await get('', {})).statusCode).toBe(401);
    const tutor = await adminAuth(t.database.db, t.config.jwtSecret, 'tutor');
    expect((await get('', tutor.headers)).statusCode).toBe(403);
  });
});

describe('reconcile (the rules on what was read)', () => {
  const empty = {
    startedAt: new Date('2026-01-01T00:00:00Z'),
    payments: [],
    refunds: [],
    returnedByRefund: [],
    returnedBySession: [],
    payouts: [],
    unbalanced: [],
    transactions: 0,
  };

  it('reports a transaction whose entries do not add up', () => {
    const r = reconcile({
      ...empty,
      transactions: 2,
      unbalanced: [{ id: 't1', reservation_id: null, currency: 'USD', total: '5', entries: '1' }],
    });
    expect(r.checked).toBe(2);
    expect(r.problems).toEqual([
      {
        kind: 'transaction',
        id: 't1',
        reservation_id: null,
        amount_cents: 5,
        currency: 'USD',
        ledger_amount_cents: 5,
        issue: issues.transactionUnbalanced,
      },
    ]);
  });

  it("ties a lesson's cancellation refunds to its one transaction, together", () => {
    const refund = (id: string, cents: number) => ({
      id,
      payment_id: 'p',
      reservation_id: 'r',
      status: 'succeeded',
      amount_cents: cents,
      currency: 'USD',
      session_id: 's1',
      created_at: '2026-02-01T00:00:00Z',
    });
    const both = [refund('f1', 3000), refund('f2', 1000)];
    const ok = reconcile({
      ...empty,
      refunds: both,
      returnedBySession: [{ key: 's1', currency: 'USD', transactions: 1, returned: 4000 }],
    });
    expect(ok.problems).toEqual([]);
    expect(ok.checked).toBe(2);
    const off = reconcile({
      ...empty,
      refunds: both,
      returnedBySession: [{ key: 's1', currency: 'USD', transactions: 1, returned: 3000 }],
    });
    expect(off.problems).toMatchObject([
      { kind: 'refund', id: 'f1', amount_cents: 4000, ledger_amount_cents: 3000, issue: issues.refundAmount },
    ]);
  });

  it('reports a failed refund the ledger returned, and payouts out of step with their status', () => {
    const r = reconcile({
      ...empty,
      refunds: [
        {
          id: 'f1',
          payment_id: 'p',
          reservation_id: 'r',
          status: 'failed',
          amount_cents: 500,
          currency: 'USD',
          session_id: null,
          created_at: '2026-02-01T00:00:00Z',
        },
      ],
      returnedByRefund: [{ key: 'f1', currency: 'USD', transactions: 1, returned: 500 }],
      payouts: [
        { id: 'a', status: 'failed', amount_cents: 100, currency: 'ETB', sent: 1, in_transit: 100, paid: 0 },
        { id: 'b', status: 'pending', amount_cents: 100, currency: 'ETB', sent: 0, in_transit: 0, paid: 0 },
        {
          id: 'c',
          status: 'processing',
          amount_cents: 100,
          currency: 'ETB',
          sent: 1,
          in_transit: 100,
          paid: 0,
        },
        { id: 'd', status: 'paid', amount_cents: 100, currency: 'ETB', sent: 1, in_transit: 100, paid: 100 },
        { id: 'e', status: 'paid', amount_cents: 100, currency: 'ETB', sent: 1, in_transit: 0, paid: 90 },
        { id: 'g', status: 'failed', amount_cents: 100, currency: 'ETB', sent: 2, in_transit: 0, paid: 0 },
      ],
    });
    expect(r.problems.map((p) => [p.id, p.issue])).toEqual([
      ['f1', issues.refundFailed],
      ['a', issues.payoutFailedNotReturned],
      ['b', issues.payoutMissing],
      ['d', issues.payoutStillInTransit],
      ['e', issues.payoutPaidAmount],
    ]);
  });

  it('counts everything as before the ledger when nothing was posted yet', () => {
    const r = reconcile({
      ...empty,
      startedAt: null,
      payments: [
        {
          id: 'p',
          reservation_id: 'r',
          status: 'paid',
          amount_cents: '700',
          currency: 'ETB',
          paid_at: '2026-03-01T00:00:00Z',
          transactions: '0',
          ledger_cents: '0',
        },
      ],
    });
    expect(r.problems).toEqual([]);
    expect(r.before_ledger).toEqual({
      payments: 1,
      refunds: 0,
      totals: [{ currency: 'ETB', paid_cents: 700, refunded_cents: 0 }],
    });
    expect(r.ledger_started_at).toBeNull();
  });
});

describe('moneyMonths', () => {
  it('gives a currency only from the month it first appears, with zeros where nothing moved', () => {
    const row = { revenue: 0, refunds: 0, commission: 0, earned: 0, paid: 0 };
    const months = moneyMonths(
      [
        { month: '2026-01', currency: 'USD', ...row, revenue: '100', payable_change: '50' },
        { month: '2026-03', currency: 'ETB', ...row, earned: 10, payable_change: 10 },
      ],
      '2026-02',
      '2026-03',
    );
    expect(months.map((m) => [m.month, m.currency, m.revenue_cents, m.tutors_payable_cents])).toEqual([
      ['2026-02', 'USD', 0, 50],
      ['2026-03', 'ETB', 0, 10],
      ['2026-03', 'USD', 0, 50],
    ]);
  });
});
