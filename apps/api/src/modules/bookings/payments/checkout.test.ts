import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { setStripeClientFactory } from './providers/stripe.provider.ts';
import { setProviderTimeoutMs } from './payments-deps.service.ts';
import { readPayments, readReservation } from './test/fixtures.ts';
import { createTutor as createBookableTutor } from '../reservations/test-fixtures.repository.ts';
import {
  createTutorWithAccount,
  createUser,
  linkFamily,
  mondayAhead,
  paidBooking,
  readCredit,
  setEmailVerified,
} from '../lifecycle/test/fixtures.ts';

const bookingPayload = (tutor: number, date: string, email: string, time = '10:00') => ({
  tutor,
  date,
  time,
  duration_hours: 1,
  full_name: 'Almaz Tesfaye',
  email,
  phone: '+251 911 000 000',
  student_full_name: 'Liya Tesfaye',
  student_age: 10,
});

describe('checkout with the demo provider: credit, cancel address, verified accounts', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const book = async (tutor: number, date: string, email: string, time?: string) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/reservations/reservations/',
      payload: bookingPayload(tutor, date, email, time),
    });
    expect(res.statusCode).toBe(201);
    return res.json() as { id: string; amount: number; amount_cents: number };
  };
  const checkout = (r: { id: string; amount: number }, email: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/payments/create-checkout-session/',
      payload: { reservation_id: r.id, amount: r.amount, full_name: 'Almaz Tesfaye', email },
    });
  const summary = async (id: string) =>
    (await t.app.inject({ method: 'GET', url: `/api/reservations/reservations/${id}/` })).json();

  /** A signed-in family with credit: its paid booking's first session (or the series) cancelled for credit. */
  const familyWithCredit = async (cancel: { scope?: 'series' } = {}) => {
    const tutor = await createTutorWithAccount(t.app.db, t.config.jwtSecret);
    const family = await createUser(t.app.db, t.config.jwtSecret, 'student');
    const first = await paidBooking(t.app, {
      tutorId: tutor.id,
      familyEmail: family.email,
      date: mondayAhead(2),
    });
    await linkFamily(t.app.db, first.id, family.id);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/bookings/sessions/${first.sessions[0]!.id}/cancel/`,
      payload: { outcome: 'credit', ...cancel },
      headers: family.headers,
    });
    expect(res.statusCode).toBe(200);
    return { tutor, family };
  };

  it('a booking without a price (made before prices were required) is refused, never confirmed as free', async () => {
    const tutor = await createBookableTutor(t.app.db);
    const email = `free.${randomUUID()}@example.test`;
    const held = await book(tutor.id, mondayAhead(3), email);
    await t.app.db.execute(sql`update reservations set amount_cents = 0 where id = ${held.id}`);
    const res = await checkout(held, email);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'no_price' });
    expect(await readPayments(t.app.db, held.id)).toEqual([]);
    expect((await summary(held.id)).status).toBe('pending_payment');
  });

  it('credit from a cancellation is spent first at the next checkout of the same family', async () => {
    const { tutor, family } = await familyWithCredit();

    // The next booking: $80, of which $20 is paid with the credit; the provider is asked for $60.
    const next = await book(tutor.id, mondayAhead(8), family.email.toUpperCase());
    const res = await checkout(next, family.email);
    expect(res.statusCode).toBe(200);
    const [payment] = await readPayments(t.app.db, next.id);
    expect(payment!.amountCents).toBe(6000);
    const page = await t.app.inject({ method: 'GET', url: new URL(res.json().checkout_url).pathname });
    expect(page.body).toContain('$60.00');
    expect(await summary(next.id)).toMatchObject({
      amount_cents: 8000,
      credit_applied_cents: 2000,
      amount_charged_cents: 6000,
    });
    const ledger = await readCredit(t.app.db, family.email);
    expect(ledger.reduce((n, c) => n + c.amountCents, 0)).toBe(0);
    // A second click reuses the checkout and spends nothing more.
    const again = await checkout(next, family.email);
    expect(again.json().checkout_url).toBe(res.json().checkout_url);
    expect((await readCredit(t.app.db, family.email)).length).toBe(2);
  });

  it('a booking fully covered by credit is confirmed without the provider', async () => {
    const { tutor, family } = await familyWithCredit({ scope: 'series' });
    const next = await book(tutor.id, mondayAhead(9), family.email);
    const res = await checkout(next, family.email);
    expect(res.statusCode).toBe(200);
    expect(res.json().provider).toBe('credit');
    expect(res.json().checkout_url).toContain('/payment-success?session_id=credit_');
    const after = await summary(next.id);
    expect(after.status).toBe('confirmed');
    expect(after.amount_charged_cents).toBe(0);
    expect(after.sessions.map((s: { status: string }) => s.status)).toEqual(Array(4).fill('scheduled'));
    const status = await t.app.inject({
      method: 'GET',
      url: `/api/payments/status/?session_id=${res.json().session_id}`,
    });
    expect(status.json().status).toBe('paid');
  });

  it('leaving the checkout (the cancel address) releases the hold at once; credit spent on it comes back', async () => {
    const tutor = await createBookableTutor(t.app.db);
    const email = `leaver-${randomUUID().slice(0, 8)}@example.com`;
    const r = await book(tutor.id, mondayAhead(3), email);
    expect((await checkout(r, email)).statusCode).toBe(200);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/payments/cancel/',
      payload: { reservation_id: r.id },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().status).toBe('cancelled');
    expect(res.json().sessions.every((s: { status: string }) => s.status === 'cancelled')).toBe(true);
    expect((await readPayments(t.app.db, r.id))[0]!.status).toBe('cancelled');
    // The same time can be booked again at once.
    await book(tutor.id, mondayAhead(3), `other-${randomUUID().slice(0, 8)}@example.com`);
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/payments/cancel/',
      payload: { reservation_id: r.id },
    });
    expect(again.statusCode).toBe(200);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/payments/cancel/',
          payload: { reservation_id: 'nope' },
        })
      ).statusCode,
    ).toBe(404);
  });

  it('a paid booking is linked only to a verified family account with its e-mail', async () => {
    const tutor = await createTutorWithAccount(t.app.db, t.config.jwtSecret);
    const verified = await createUser(t.app.db, t.config.jwtSecret, 'student');
    const linked = await paidBooking(t.app, {
      tutorId: tutor.id,
      familyEmail: verified.email,
      date: mondayAhead(4),
    });
    expect((await readReservation(t.app.db, linked.id)).reservation.familyUserId).toBe(verified.id);

    // A squatter signed up (with a password, before decision 220) with the family's address but never proved it.
    const squatted = `squatted-${randomUUID().slice(0, 8)}@example.com`;
    const squatter = await createUser(t.app.db, t.config.jwtSecret, 'student', {
      email: squatted,
      passwordHash: 'pre-220-sign-up',
    });
    await setEmailVerified(t.app.db, squatter.id, null);
    const booked = await paidBooking(t.app, {
      tutorId: tutor.id,
      familyEmail: squatted,
      date: mondayAhead(5),
      time: '15:00',
    });
    expect((await readReservation(t.app.db, booked.id)).reservation.familyUserId).toBeNull();
    const dashboard = await t.app.inject({
      method: 'GET',
      url: '/api/student/dashboard/',
      headers: squatter.headers,
    });
    expect(dashboard.body).not.toContain('Liya Tesfaye');
  });
});

describe('a provider that hangs or is down', () => {
  let t: TestApp;
  let server: http.Server;
  let port = 0;
  beforeAll(async () => {
    // Accepts connections and never answers, like a provider stuck behind a dead load balancer.
    server = http.createServer(() => {});
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
    setStripeClientFactory(
      (key) =>
        new Stripe(key, { host: '127.0.0.1', port, protocol: 'http', maxNetworkRetries: 0, timeout: 60_000 }),
    );
    setProviderTimeoutMs(1500);
    t = await createTestApp({
      stripe: { secretKey: 'sk_test_hang', webhookSecret: 'whsec_x' },
      paymentsDemo: false,
    });
  });
  afterAll(async () => {
    await t.close();
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
    setStripeClientFactory(null);
    setProviderTimeoutMs(null);
  });

  it('does not stall other requests, then answers 503 with a clear message and leaves no open checkout', async () => {
    const tutor = await createBookableTutor(t.app.db);
    const email = `slow-${randomUUID().slice(0, 8)}@example.com`;
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/reservations/reservations/',
      payload: bookingPayload(tutor.id, mondayAhead(3), email),
    });
    const r = created.json();
    const started = Date.now();
    const pending = t.app.inject({
      method: 'POST',
      url: '/api/payments/create-checkout-session/',
      payload: { reservation_id: r.id, amount: r.amount, full_name: 'Almaz', email },
    });
    await new Promise((resolve) => setTimeout(resolve, 200));
    // Meanwhile: a tutors read, and a booking of the same tutor (which needs the database's locks).
    const tutors = await t.app.inject({ method: 'GET', url: '/api/tutors/public/' });
    expect(tutors.statusCode).toBe(200);
    const other = await t.app.inject({
      method: 'POST',
      url: '/api/reservations/reservations/',
      payload: bookingPayload(tutor.id, mondayAhead(3), `x-${randomUUID()}@example.com`, '15:00'),
    });
    expect(other.statusCode).toBe(201);
    expect(Date.now() - started).toBeLessThan(1400);

    const res = await pending;
    expect(res.statusCode).toBe(503);
    expect(res.json().detail).toBe(
      'The payment provider is not answering right now. Nothing was charged; please try again in a few minutes.',
    );
    expect((await readPayments(t.app.db, r.id)).map((p) => p.status)).toEqual(['failed']);
    expect((await readReservation(t.app.db, r.id)).reservation.status).toBe('pending_payment');
  });

  it('a provider that refuses connections answers 503 too', async () => {
    setStripeClientFactory(
      (key) => new Stripe(key, { host: '127.0.0.1', port: 1, protocol: 'http', maxNetworkRetries: 0 }),
    );
    const tutor = await createBookableTutor(t.app.db);
    const email = `down-${randomUUID().slice(0, 8)}@example.com`;
    const r = (
      await t.app.inject({
        method: 'POST',
        url: '/api/reservations/reservations/',
        payload: bookingPayload(tutor.id, mondayAhead(4), email),
      })
    ).json();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/payments/create-checkout-session/',
      payload: { reservation_id: r.id, amount: r.amount, full_name: 'Almaz', email },
    });
    expect(res.statusCode).toBe(503);
  });
});
