import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../../platform/db/client.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { createUser, linkedFamilyBooking, mondayAhead, setSessionStart } from '../lifecycle/test/fixtures.ts';
import { postTransaction, tutorBalances } from './ledger.repository.ts';
import { completeEndedSessions } from '../lifecycle/completion.service.ts';
import { recordChargeback } from './chargeback.service.ts';
import { lessonTime, tutorEarnings } from './earnings.service.ts';

/** Issue 27 item 3: every lifecycle event posts balanced entries, and a tutor's balance follows. */
let t: TestApp;
let admin: Awaited<ReturnType<typeof createUser>>;
beforeAll(async () => {
  t = await createTestApp();
  admin = await createUser(t.app.db, t.config.jwtSecret, 'admin');
});
afterAll(() => t.close());

let week = 1;
const booking = () => linkedFamilyBooking(t.app, { date: mondayAhead((week += 1)) });

const post = (url: string, payload: object, headers: Record<string, string>) =>
  t.app.inject({ method: 'POST', url, payload, headers });

/** Sums per account for a reservation's transactions (debit positive). */
async function accounts(reservationId: string) {
  const rows = await queryRows<{ account: string; sum: string }>(
    t.app.db,
    sql`select e.account, sum(e.amount_cents) as sum from ledger_entries e join ledger_transactions x on x.id = e.transaction_id
         where x.reservation_id = ${reservationId} group by e.account`,
  );
  return Object.fromEntries(rows.map((r) => [r.account, Number(r.sum)]));
}

async function everyTransactionBalances() {
  const bad = await queryRows(
    t.app.db,
    sql`select transaction_id, currency from ledger_entries group by transaction_id, currency having sum(amount_cents) <> 0`,
  );
  expect(bad).toEqual([]);
}

const DAY = 86_400_000;

describe('the ledger through a booking’s life', () => {
  it('payment, attendance, no-show: prepaid becomes the tutor’s (85 %) and the platform’s (15 %), pending then available', async () => {
    const { tutor, summary } = await booking();
    // 4 sessions × $20.
    expect(await accounts(summary.id)).toEqual({ family_payments: 8000, family_prepaid: -8000 });

    const first = summary.sessions[0]!.id;
    const second = summary.sessions[1]!.id;
    await setSessionStart(t.app.db, first, new Date(Date.now() - 2 * 3_600_000));
    await setSessionStart(t.app.db, second, new Date(Date.now() - 26 * 3_600_000));
    const held = await post(
      `/api/bookings/sessions/${first}/attendance/`,
      { status: 'attended' },
      tutor.account.headers,
    );
    expect(held.statusCode).toBe(200);
    // Marked again (a correction to no-show): still one earning.
    expect(
      (
        await post(
          `/api/bookings/sessions/${first}/attendance/`,
          { status: 'no_show' },
          tutor.account.headers,
        )
      ).statusCode,
    ).toBe(200);
    expect(
      (
        await post(
          `/api/bookings/sessions/${second}/attendance/`,
          { status: 'no_show' },
          tutor.account.headers,
        )
      ).statusCode,
    ).toBe(200);

    expect(await accounts(summary.id)).toEqual({
      family_payments: 8000,
      family_prepaid: -4000,
      tutor_payable: -3400,
      platform_commission: -600,
    });
    const now = new Date();
    expect(await tutorBalances(t.app.db, tutor.id, now)).toEqual([
      { currency: 'USD', pendingCents: 3400, availableCents: 0, inTransitCents: 0, paidCents: 0 },
    ]);
    expect((await tutorBalances(t.app.db, tutor.id, new Date(now.getTime() + 4 * DAY)))[0]).toMatchObject({
      pendingCents: 0,
      availableCents: 3400,
    });

    const earnings = await t.app.inject({ url: '/api/tutor/earnings/', headers: tutor.account.headers });
    expect(earnings.statusCode).toBe(200);
    expect(earnings.json()).toMatchObject({
      balances: [{ currency: 'USD', pending_cents: 3400, available_cents: 0 }],
      commission_percent: 15,
      dispute_window_days: 3,
    });
    expect(earnings.json().entries).toHaveLength(2);
    expect(earnings.json().entries[0]).toMatchObject({
      kind: 'session_earned',
      amount_cents: 1700,
      state: 'pending',
    });
    const csv = await t.app.inject({
      url: '/api/tutor/earnings/statement.csv',
      headers: tutor.account.headers,
    });
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body).toMatch(/Lesson with Liya Tesfaye, [A-Z][a-z]{2} \d{1,2} [A-Z][a-z]{2} \d\d:\d\d/);
    expect(earnings.json().entries[0].description).toMatch(/^Lesson with Liya Tesfaye, [A-Z][a-z]{2} \d/);
    expect(csv.body).toContain('total earned,USD,34.00');
    // The services take `now`: after the window the same entries are available.
    const later = await tutorEarnings(
      t.app.db,
      tutor.id,
      earnings.json().month,
      new Date(now.getTime() + 4 * DAY),
    );
    expect(later.balances[0]).toMatchObject({ pending_cents: 0, available_cents: 3400 });
    expect(later.entries.map((e) => e.state)).toEqual(['available', 'available']);
    expect(lessonTime(new Date('2026-12-01T13:00:00Z'))).toBe('Tue 1 Dec 16:00');
    await everyTransactionBalances();
  });

  it('the completion job earns a lesson nobody marked; cancelling with credit and with a refund post their own lines', async () => {
    const { tutor, family, summary } = await booking();
    await setSessionStart(t.app.db, summary.sessions[0]!.id, new Date(Date.now() - 3 * 3_600_000));
    expect(await completeEndedSessions(t.app.db)).toBeGreaterThanOrEqual(1);
    const credit = await post(
      `/api/bookings/sessions/${summary.sessions[2]!.id}/cancel/`,
      { scope: 'one', outcome: 'credit' },
      family.headers,
    );
    expect(credit.statusCode).toBe(200);
    const refund = await post(
      `/api/bookings/sessions/${summary.sessions[3]!.id}/cancel/`,
      { scope: 'one', outcome: 'refund' },
      admin.headers,
    );
    expect(refund.statusCode).toBe(200);
    expect(await accounts(summary.id)).toEqual({
      family_payments: 8000,
      family_prepaid: -2000,
      tutor_payable: -1700,
      platform_commission: -300,
      family_credit: -2000,
      refunds: -2000,
    });
    expect((await tutorBalances(t.app.db, tutor.id))[0]!.pendingCents).toBe(1700);
    await everyTransactionBalances();
  });

  it('a refund after a payout reverses the earning and the tutor’s balance goes below zero; a per-tutor commission applies', async () => {
    const { tutor, summary } = await booking();
    const set = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/tutors/${tutor.id}/`,
      headers: admin.headers,
      payload: { commission_percent: 10 },
    });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().commission_percent).toBe(10);
    // Audited like every tutor edit; the tutor's own profile does not show it.
    const [edit] = await queryRows<{
      before: { commission_percent: unknown };
      after: { commission_percent: unknown };
    }>(
      t.app.db,
      sql`select before, after from audit_log where action = 'tutor.update' and entity_id = ${String(tutor.id)}
           order by created_at desc limit 1`,
    );
    expect(edit).toMatchObject({ before: { commission_percent: null }, after: { commission_percent: 10 } });
    const own = await t.app.inject({ url: '/api/tutor/profile/', headers: tutor.account.headers });
    expect(own.json()).not.toHaveProperty('commission_percent');
    const tooPrecise = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/tutors/${tutor.id}/`,
      headers: admin.headers,
      payload: { commission_percent: 10.001 },
    });
    expect(tooPrecise.statusCode).toBe(400);
    for (const s of summary.sessions) {
      await setSessionStart(
        t.app.db,
        s.id,
        new Date(Date.now() - 10 * DAY + summary.sessions.indexOf(s) * 3_600_000),
      );
      await post(`/api/bookings/sessions/${s.id}/attendance/`, { status: 'attended' }, tutor.account.headers);
    }
    expect(await accounts(summary.id)).toMatchObject({ tutor_payable: -7200, platform_commission: -800 });
    // The tutor is paid everything (as a payout run would post it).
    await postTransaction(t.app.db, {
      kind: 'payout',
      idempotencyKey: `payout:test-${tutor.id}`,
      tutorId: tutor.id,
      lines: [
        { account: 'tutor_payable', amountCents: 7200, currency: 'USD', tutorId: tutor.id },
        { account: 'payouts_in_transit', amountCents: -7200, currency: 'USD', tutorId: tutor.id },
      ],
    });
    const payment = (
      await queryRows<{ id: string }>(
        t.app.db,
        sql`select id from payments where reservation_id = ${summary.id} and status = 'paid'`,
      )
    )[0]!;
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/admin/payments/${payment.id}/refund/`,
      headers: admin.headers,
      payload: { amount: 20, reason: 'Goodwill' },
    });
    expect(res.statusCode, res.body).toBe(200);
    // Once the earnings are past their window, the reversal shows as a negative balance that carries forward.
    const balance = (await tutorBalances(t.app.db, tutor.id, new Date(Date.now() + 4 * DAY)))[0]!;
    expect(balance.availableCents).toBe(-1800);
    expect(await accounts(summary.id)).toMatchObject({ refunds: -2000, platform_commission: -600 });
    const earnings = await t.app.inject({ url: '/api/tutor/earnings/', headers: tutor.account.headers });
    expect(earnings.json().commission_percent).toBe(10);
    expect(earnings.json().entries.map((e: { kind: string }) => e.kind)).toContain('refund');
    await everyTransactionBalances();
  });

  it('a chargeback reverses the whole payment once, keeps the sessions and writes a booking event', async () => {
    const { tutor, summary } = await booking();
    await setSessionStart(t.app.db, summary.sessions[0]!.id, new Date(Date.now() - 2 * 3_600_000));
    await post(
      `/api/bookings/sessions/${summary.sessions[0]!.id}/attendance/`,
      { status: 'attended' },
      tutor.account.headers,
    );
    const payment = (
      await queryRows<{ id: string }>(
        t.app.db,
        sql`select id from payments where reservation_id = ${summary.id} and status = 'paid'`,
      )
    )[0]!;
    const args = {
      provider: 'stripe',
      eventId: `evt_dp_${payment.id}`,
      paymentId: payment.id,
      amountCents: 8000,
    };
    expect(await recordChargeback(t.app.db, args)).toBe('chargeback');
    // The same event again, and the same dispute under another event id: nothing more.
    expect(await recordChargeback(t.app.db, args)).toBe('duplicate');
    expect(await recordChargeback(t.app.db, { ...args, eventId: `${args.eventId}-again` })).toBe('ignored');
    expect(await accounts(summary.id)).toEqual({
      family_payments: 8000,
      family_prepaid: 0,
      tutor_payable: 0,
      platform_commission: 0,
      refunds: -8000,
    });
    const [row] = await queryRows<{ status: string; scheduled: number; events: number }>(
      t.app.db,
      sql`select r.status,
                 (select count(*)::int from sessions s where s.reservation_id = r.id and s.status <> 'cancelled') as scheduled,
                 (select count(*)::int from booking_events b where b.reservation_id = r.id and b.action = 'payment.chargeback') as events
            from reservations r where r.id = ${summary.id}`,
    );
    expect(row).toMatchObject({ status: 'confirmed', scheduled: 4, events: 1 });
    expect((await tutorBalances(t.app.db, tutor.id))[0]).toMatchObject({
      pendingCents: 0,
      availableCents: 0,
    });
    await everyTransactionBalances();
  });

  it('the default commission and dispute window come from the settings’ `earnings` block', async () => {
    const base = (await t.app.inject({ url: '/api/admin/settings/', headers: admin.headers })).json();
    const put = (earnings: object) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/admin/settings/',
        headers: admin.headers,
        payload: { contact: base.contact, site: base.site, earnings },
      });
    expect(
      (await put({ commission_percent: 120, dispute_window_days: 3, payout_minimum_etb: 500 })).statusCode,
    ).toBe(400);
    const ok = await put({ commission_percent: 20, dispute_window_days: 0, payout_minimum_etb: 100 });
    expect(ok.json().earnings).toEqual({
      commission_percent: 20,
      dispute_window_days: 0,
      payout_minimum_etb: 100,
    });
    const { tutor, summary } = await booking();
    await setSessionStart(t.app.db, summary.sessions[0]!.id, new Date(Date.now() - 2 * 3_600_000));
    await post(
      `/api/bookings/sessions/${summary.sessions[0]!.id}/attendance/`,
      { status: 'attended' },
      tutor.account.headers,
    );
    expect((await tutorBalances(t.app.db, tutor.id))[0]).toMatchObject({
      availableCents: 1600,
      pendingCents: 0,
    });
    await put({ commission_percent: 15, dispute_window_days: 3, payout_minimum_etb: 500 });
  });

  it('the earnings API: a tutor account without a profile gets 404; other roles 403; a bad month 400', async () => {
    const lone = await createUser(t.app.db, t.config.jwtSecret, 'tutor');
    const res = await t.app.inject({ url: '/api/tutor/earnings/', headers: lone.headers });
    expect(res.statusCode).toBe(404);
    expect(res.json().detail).toBeTruthy();
    expect((await t.app.inject({ url: '/api/tutor/earnings/', headers: admin.headers })).statusCode).toBe(
      403,
    );
    const { tutor } = await booking();
    const bad = await t.app.inject({
      url: '/api/tutor/earnings/?month=2026-13',
      headers: tutor.account.headers,
    });
    expect(bad.statusCode).toBe(400);
    const empty = await t.app.inject({
      url: '/api/tutor/earnings/?month=2020-01',
      headers: tutor.account.headers,
    });
    expect(empty.json()).toMatchObject({ month: '2020-01', entries: [], month_totals: [] });
  });
});
