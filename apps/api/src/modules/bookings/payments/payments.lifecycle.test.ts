import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reservations } from '../../../platform/db/schema/index.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { findUserByEmail } from '../../accounts/accounts.repository.ts';
import { expireLapsedHolds } from '../lifecycle/hold-expiry.service.ts';
import {
  createAdmin,
  createHeldReservation,
  createScheduledSession,
  createTutor,
  futureMonday,
  readMail,
  readPayments,
  readReservation,
  setHoldExpiry,
} from './test/fixtures.ts';

/** The whole lifecycle through the demo provider (DESIGN §1.4, §1.8), on the engine the suite runs on. */
describe('payments lifecycle (demo provider)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const checkout = (body: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: '/api/payments/create-checkout-session/', payload: body });

  async function openCheckout(weeksAhead: number, opts: { withTutorEmail?: boolean } = {}) {
    const tutor = await createTutor(t.app.db, { withEmail: opts.withTutorEmail });
    const { reservation, sessions } = await createHeldReservation(t.app.db, {
      tutorId: tutor.id,
      firstStart: futureMonday(weeksAhead),
    });
    const res = await checkout({
      full_name: reservation.fullName,
      email: reservation.email,
      amount: reservation.amountCents / 100,
      reservation_id: reservation.id,
    });
    expect(res.statusCode).toBe(200);
    const body = res.json() as { checkout_url: string; session_id: string; provider: string };
    const paymentId = body.checkout_url.match(/checkout\/([0-9a-f-]{36})\/$/)![1]!;
    return { tutor, reservation, sessions, ...body, paymentId };
  }

  it('pays: reservation confirmed, sessions scheduled, e-mails sent, success status from the server', async () => {
    const c = await openCheckout(1);
    expect(c.provider).toBe('demo');
    expect(c.checkout_url).toBe(`http://localhost:3000/api/payments/demo/checkout/${c.paymentId}/`);

    const page = await t.app.inject({ method: 'GET', url: `/api/payments/demo/checkout/${c.paymentId}/` });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('Demo payment — no card is charged');
    expect(page.body).toContain('$80.00');
    expect(page.body).not.toContain('<script');

    const before = await t.app.inject({
      method: 'GET',
      url: `/api/payments/status/?session_id=${c.session_id}`,
    });
    expect(before.json().status).toBe('pending');

    const pay = await t.app.inject({
      method: 'POST',
      url: `/api/payments/demo/checkout/${c.paymentId}/pay/`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    expect(pay.statusCode).toBe(303);
    expect(pay.headers.location).toBe(`/payment-success?session_id=${c.session_id}`);

    const { reservation, sessions } = await readReservation(t.app.db, c.reservation.id);
    expect(reservation.status).toBe('confirmed');
    // A new family account is made for the e-mail, unverified and without a password, and the booking is
    // linked to it (decision 262): nobody can sign in to it before the family sets a password through the
    // e-mailed link (issue 12 §5).
    const account = await findUserByEmail(t.app.db, c.reservation.email);
    expect(account).toMatchObject({ role: 'student', emailVerifiedAt: null, passwordHash: null });
    expect(reservation.familyUserId).toBe(account!.id);
    expect(sessions.map((s) => s.status)).toEqual(['scheduled', 'scheduled', 'scheduled', 'scheduled']);
    const [payment] = await readPayments(t.app.db, c.reservation.id);
    expect(payment!.status).toBe('paid');

    const status = await t.app.inject({
      method: 'GET',
      url: `/api/payments/status/?session_id=${c.session_id}`,
    });
    expect(status.statusCode).toBe(200);
    const body = status.json();
    expect(body.status).toBe('paid');
    expect(body.reservation.status).toBe('confirmed');
    expect(body.reservation.sessions).toHaveLength(4);
    expect(body.reservation.sessions[0]).toMatchObject({ time: '16:00', status: 'scheduled' });
    expect(body.reservation.amount).toBe(80);

    const family = await readMail(t.app.mailer, c.reservation.email);
    expect(family).toHaveLength(3);
    const all = family.join('\n');
    expect(all).toContain('are confirmed');
    expect(all).toContain('16:00–17:00 EAT');
    expect(all).toMatch(/Subject: Payment receipt [0-9A-F]{8} — Tibeb Tutoring/);
    expect(all).toContain('Amount paid: $80.00 (USD)');
    expect(all).toMatch(/Subject: Set your Tibeb Tutoring password/);
    expect(all).toMatch(/http:\/\/localhost:3000\/reset-password\?token=[\w-]+/);
    const tutorMail = await readMail(t.app.mailer, c.tutor.email!);
    expect(tutorMail).toHaveLength(1);
    expect(tutorMail[0]).toContain('New booking');

    // Pressing Pay again (back button) changes nothing and sends nothing.
    const again = await t.app.inject({
      method: 'POST',
      url: `/api/payments/demo/checkout/${c.paymentId}/pay/`,
    });
    expect(again.statusCode).toBe(303);
    expect(await t.app.mailer.readOutbox(c.reservation.email)).toHaveLength(3);
  });

  it('reuses the pending checkout instead of opening a second one', async () => {
    const c = await openCheckout(2);
    const again = await checkout({
      full_name: c.reservation.fullName,
      email: c.reservation.email,
      amount: c.reservation.amountCents / 100,
      reservation_id: c.reservation.id,
    });
    expect(again.json().checkout_url).toBe(c.checkout_url);
    expect(await readPayments(t.app.db, c.reservation.id)).toHaveLength(1);
  });

  it('answers 400 with field errors for missing details, and for an amount that differs', async () => {
    const missing = await checkout({ full_name: '', amount: 10 });
    expect(missing.statusCode).toBe(400);
    expect(Object.keys(missing.json().errors)).toEqual(
      expect.arrayContaining(['full_name', 'email', 'reservation_id']),
    );

    const tutor = await createTutor(t.app.db);
    const { reservation } = await createHeldReservation(t.app.db, {
      tutorId: tutor.id,
      firstStart: futureMonday(3),
    });
    const wrong = await checkout({
      full_name: 'Hana',
      email: reservation.email,
      amount: reservation.amountCents / 100 - 0.01,
      reservation_id: reservation.id,
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().detail).toBe('The amount does not match the reservation.');
    expect(await readPayments(t.app.db, reservation.id)).toHaveLength(0);
  });

  it('answers 404 for an unknown reservation and 409 for one not awaiting payment', async () => {
    const unknown = await checkout({
      full_name: 'Hana',
      email: 'h@example.com',
      amount: 80,
      reservation_id: '00000000-0000-4000-8000-000000000000',
    });
    expect(unknown.statusCode).toBe(404);

    const c = await openCheckout(4);
    // Cancelled (here by hand): no longer awaiting payment. (A paid one leads to its success page: decision 248.)
    await t.app.db
      .update(reservations)
      .set({ status: 'cancelled' })
      .where(eq(reservations.id, c.reservation.id));
    const cancelled = await checkout({
      full_name: 'Hana',
      email: c.reservation.email,
      amount: c.reservation.amountCents / 100,
      reservation_id: c.reservation.id,
    });
    expect(cancelled.statusCode).toBe(409);
    expect(cancelled.json().detail).toBe('This reservation is no longer awaiting payment.');
  });

  it('cancel releases the hold at once and the checkout can no longer be paid', async () => {
    const c = await openCheckout(5);
    const first = c.sessions[0]!.startsAt;
    const bookedUrl = `/api/reservations/booked/?tutor_id=${c.tutor.id}&year=${first.getUTCFullYear()}&month=${first.getUTCMonth() + 1}`;
    const bookedDates = async () =>
      Object.keys((await t.app.inject({ method: 'GET', url: bookedUrl })).json().booked);
    const day = first.toISOString().slice(0, 10);
    expect(await bookedDates()).toContain(day);
    const cancel = await t.app.inject({
      method: 'POST',
      url: `/api/payments/demo/checkout/${c.paymentId}/cancel/`,
    });
    expect(cancel.statusCode).toBe(303);
    expect(cancel.headers.location).toBe(`/payment-cancel?reservation_id=${c.reservation.id}`);
    const { reservation, sessions } = await readReservation(t.app.db, c.reservation.id);
    expect(reservation.status).toBe('cancelled');
    expect(sessions.every((s) => s.status === 'cancelled')).toBe(true);
    expect((await readPayments(t.app.db, c.reservation.id))[0]!.status).toBe('cancelled');
    // The tutor's cached month shows the time free again at once.
    expect(await bookedDates()).not.toContain(day);

    // The freed time can be booked by another family at once.
    await expect(createScheduledSession(t.app.db, c.tutor.id, c.sessions[0]!.startsAt)).resolves.toBeTruthy();

    const late = await t.app.inject({
      method: 'POST',
      url: `/api/payments/demo/checkout/${c.paymentId}/pay/`,
    });
    expect(late.statusCode).toBe(409);
    const status = await t.app.inject({
      method: 'GET',
      url: `/api/payments/status/?session_id=${c.session_id}`,
    });
    expect(status.json().status).toBe('cancelled');
    expect(await t.app.mailer.readOutbox(c.reservation.email)).toHaveLength(0);
  });

  it('the job expires lapsed holds (and only those); a late payment re-checks and credits a clash', async () => {
    const c = await openCheckout(6);
    const fresh = await openCheckout(7);
    await setHoldExpiry(t.app.db, c.reservation.id, new Date(Date.now() - 60_000));

    const run = await expireLapsedHolds({ db: t.app.db, onSessionsChanged: () => {} });
    expect(run.reservations).toBe(1);
    const lapsed = await readReservation(t.app.db, c.reservation.id);
    expect(lapsed.reservation.status).toBe('expired');
    expect(lapsed.sessions.every((s) => s.status === 'expired')).toBe(true);
    expect((await readReservation(t.app.db, fresh.reservation.id)).reservation.status).toBe(
      'pending_payment',
    );
    // The checkout itself stays payable until its own expiry (at least 30 minutes, as Stripe's).
    expect((await readPayments(t.app.db, c.reservation.id))[0]!.status).toBe('pending');

    // Someone else books the second week meanwhile.
    await createScheduledSession(t.app.db, c.tutor.id, c.sessions[1]!.startsAt);

    const pay = await t.app.inject({
      method: 'POST',
      url: `/api/payments/demo/checkout/${c.paymentId}/pay/`,
    });
    expect(pay.statusCode).toBe(303);
    const after = await readReservation(t.app.db, c.reservation.id);
    expect(after.reservation.status).toBe('confirmed');
    expect(after.sessions.map((s) => s.status)).toEqual(['scheduled', 'skipped', 'scheduled', 'scheduled']);
    expect(after.sessions[1]!.skipReason).toMatch(/booked by someone else/);
    expect(after.reservation.creditCents).toBe(2000);

    const status = await t.app.inject({
      method: 'GET',
      url: `/api/payments/status/?session_id=${c.session_id}`,
    });
    const body = status.json();
    expect(body.reservation.sessions).toHaveLength(3);
    expect(body.reservation.skipped).toEqual([
      expect.objectContaining({ time: '16:00', reason: expect.stringMatching(/booked by someone else/) }),
    ]);
    expect(body.reservation.credit_cents).toBe(2000);
    const mail = (await readMail(t.app.mailer, c.reservation.email)).join('\n');
    expect(mail).toMatch(/\(skipped: Skipped after a late payment/);
    expect(mail).toContain('$20.00, is recorded as a credit');
  });

  it('several instances running the job at once release each lapsed hold exactly once', async () => {
    const lapsed = [];
    for (let week = 20; week < 26; week += 1) {
      const c = await openCheckout(week);
      await setHoldExpiry(t.app.db, c.reservation.id, new Date(Date.now() - 60_000));
      lapsed.push(c);
    }
    const invalidated: number[] = [];
    const job = () =>
      expireLapsedHolds({ db: t.app.db, onSessionsChanged: (ids) => invalidated.push(...ids) });
    // On PostgreSQL each run has its own connection, so the three really overlap (SKIP LOCKED shares the rows).
    const runs = await Promise.all([job(), job(), job()]);
    expect(runs.reduce((sum, r) => sum + r.reservations, 0)).toBe(lapsed.length);
    expect(invalidated.sort()).toEqual(lapsed.map((c) => c.tutor.id).sort());
    for (const c of lapsed) {
      const after = await readReservation(t.app.db, c.reservation.id);
      expect(after.reservation.status).toBe('expired');
      expect(after.sessions.every((s) => s.status === 'expired')).toBe(true);
    }
  });

  it('the job expires pending checkouts past their own expiry', async () => {
    const c = await openCheckout(8);
    const later = new Date(Date.now() + 2 * 60 * 60_000);
    const run = await expireLapsedHolds({ db: t.app.db, onSessionsChanged: () => {} }, later);
    expect(run.payments).toBeGreaterThanOrEqual(1);
    expect((await readPayments(t.app.db, c.reservation.id))[0]!.status).toBe('expired');
    const late = await t.app.inject({
      method: 'POST',
      url: `/api/payments/demo/checkout/${c.paymentId}/pay/`,
    });
    expect(late.statusCode).toBe(409);
  });

  describe('refunds', () => {
    it('refunds in part, cancelling the given sessions, then the rest; refuses more than paid', async () => {
      const admin = await createAdmin(t.app.db, t.config.jwtSecret);
      const c = await openCheckout(10);
      await t.app.inject({ method: 'POST', url: `/api/payments/demo/checkout/${c.paymentId}/pay/` });

      const url = `/api/admin/payments/${c.paymentId}/refund/`;
      const partial = await t.app.inject({
        method: 'POST',
        url,
        headers: { authorization: admin.authorization },
        payload: { amount: 20, reason: 'Week 4 off', session_ids: [c.sessions[3]!.id] },
      });
      expect(partial.statusCode).toBe(200);
      expect(partial.json()).toMatchObject({
        amount: 20,
        payment_status: 'partially_refunded',
        refunded_cents: 2000,
        cancelled_session_ids: [c.sessions[3]!.id],
      });
      expect(partial.json().provider_refund_id).toMatch(/^demo_re_/);
      let state = await readReservation(t.app.db, c.reservation.id);
      expect(state.sessions.map((s) => s.status)).toEqual([
        'scheduled',
        'scheduled',
        'scheduled',
        'cancelled',
      ]);
      expect(state.reservation.status).toBe('confirmed');

      const tooMuch = await t.app.inject({
        method: 'POST',
        url,
        headers: { authorization: admin.authorization },
        payload: { amount: 60.01 },
      });
      expect(tooMuch.statusCode).toBe(400);
      expect(tooMuch.json().detail).toBe('The refund is more than the amount left on this payment.');

      const rest = await t.app.inject({
        method: 'POST',
        url,
        headers: { authorization: admin.authorization },
        payload: {},
      });
      expect(rest.statusCode).toBe(200);
      expect(rest.json()).toMatchObject({ amount: 60, payment_status: 'refunded', refunded_cents: 8000 });
      state = await readReservation(t.app.db, c.reservation.id);
      expect(state.sessions.every((s) => s.status === 'cancelled')).toBe(true);
      expect(state.reservation.status).toBe('cancelled');

      const none = await t.app.inject({
        method: 'POST',
        url,
        headers: { authorization: admin.authorization },
        payload: {},
      });
      expect(none.statusCode).toBe(409);
    });

    it('is for admins only', async () => {
      const student = await createAdmin(t.app.db, t.config.jwtSecret, 'student');
      const c = await openCheckout(12);
      const url = `/api/admin/payments/${c.paymentId}/refund/`;
      expect((await t.app.inject({ method: 'POST', url, payload: {} })).statusCode).toBe(401);
      const forbidden = await t.app.inject({
        method: 'POST',
        url,
        headers: { authorization: student.authorization },
        payload: {},
      });
      expect(forbidden.statusCode).toBe(403);
    });
  });

  it('answers bad input with 4xx, never 500', async () => {
    const responses = await Promise.all([
      t.app.inject({ method: 'GET', url: '/api/payments/status/' }),
      t.app.inject({ method: 'GET', url: '/api/payments/status/?session_id=nope' }),
      t.app.inject({ method: 'GET', url: '/api/payments/demo/checkout/not-a-uuid/' }),
      t.app.inject({
        method: 'POST',
        url: '/api/payments/demo/checkout/00000000-0000-4000-8000-000000000000/pay/',
      }),
      t.app.inject({ method: 'POST', url: '/api/payments/webhook/stripe/', payload: { id: 'evt' } }),
      checkout({ full_name: 'x', email: 'x@example.com', amount: -5, reservation_id: 'abc' }),
    ]);
    for (const res of responses) {
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
      expect(res.json()).toHaveProperty('detail');
    }
  });
});
