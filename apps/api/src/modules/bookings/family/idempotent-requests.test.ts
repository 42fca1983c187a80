import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RenewalOffer } from '@tibeb/domain/family/contracts';
import { reservations, sessions } from '../../../platform/db/schema/index.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { readMail } from '../payments/test/fixtures.ts';
import {
  createUser,
  linkedFamilyBooking,
  mondayAhead,
  readCredit,
  readEvents,
  readSessions,
  setSessionStart,
} from '../lifecycle/test/fixtures.ts';
import { bookingPayload } from '../reservations/test/booking-app.ts';
import { createSubject, createTutor, setHoldExpiry } from '../reservations/test-fixtures.repository.ts';

/**
 * Every request a family can send twice answers the second time what it answered the first (issue 32 item 1,
 * decision 248): renew, confirm (book), pay, cancel, reschedule. Sent one after the other (a retry after a lost
 * answer) and at once (a double tap).
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const HOUR = 3_600_000;
const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers });
const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, payload, headers });

let week = 3;
const familyBooking = () => linkedFamilyBooking(t.app, { date: mondayAhead((week += 1)) });

/** A paid booking whose last paid session starts in 3 days: offered its renewal. */
async function dueForRenewal() {
  const booked = await familyBooking();
  const { summary, family } = booked;
  const cancel = await post(
    `/api/bookings/sessions/${summary.sessions[1]!.id}/cancel/`,
    { scope: 'series', outcome: 'credit' },
    family.headers,
  );
  expect(cancel.statusCode).toBe(200);
  await setSessionStart(t.app.db, summary.sessions[0]!.id, new Date(Date.now() + 3 * 24 * HOUR));
  return booked;
}

/** The unpaid renewals of a booking. */
const renewalsOf = (bookingId: string) =>
  t.app.db
    .select({ id: reservations.id })
    .from(reservations)
    .where(and(eq(reservations.renewsReservationId, bookingId), eq(reservations.status, 'pending_payment')));

describe('renew', () => {
  it('a second "Renew and pay" gives the same unpaid renewal (201), never a 404 or a second hold', async () => {
    const { family, summary } = await dueForRenewal();
    const url = `/api/student/renewals/${summary.id}/`;
    const first = await post(url, { currency: 'USD' }, family.headers);
    expect(first.statusCode).toBe(201);
    const again = await post(url, { currency: 'USD' }, family.headers);
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());
    expect(await renewalsOf(summary.id)).toHaveLength(1);

    // After a reload, the unpaid renewal is still offered, as made: "Renew and pay" leads to it again.
    const offers = (await get('/api/student/renewals/', family.headers)).json() as RenewalOffer[];
    expect(offers).toHaveLength(1);
    expect(offers[0]).toMatchObject({ reservation_id: summary.id, problem: null, amount_cents: 8000 });
    expect(offers[0]!.sessions.map((s) => s.status)).toEqual(Array(4).fill('planned'));

    // Another family still learns nothing of it.
    const other = await createUser(t.app.db, t.config.jwtSecret, 'student');
    expect((await post(url, {}, other.headers)).statusCode).toBe(404);
  });

  it('two taps at once make one renewal, and both answer it', async () => {
    const { family, summary } = await dueForRenewal();
    const url = `/api/student/renewals/${summary.id}/`;
    const [a, b] = await Promise.all([post(url, {}, family.headers), post(url, {}, family.headers)]);
    expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
    expect(a.json().id).toBe(b.json().id);
    expect(await renewalsOf(summary.id)).toHaveLength(1);
  });

  it('once the renewal is paid, or its hold lapsed, the rules are the old ones', async () => {
    const { family, summary } = await dueForRenewal();
    const url = `/api/student/renewals/${summary.id}/`;
    const created = (await post(url, {}, family.headers)).json() as { id: string };
    // Its hold lapses: offered afresh, and renewing makes a new one.
    await setHoldExpiry(t.app.db, created.id, new Date(Date.now() - 60_000));
    const fresh = await post(url, {}, family.headers);
    expect(fresh.statusCode).toBe(201);
    expect(fresh.json().id).not.toBe(created.id);
  });
});

describe('confirm (the booking form)', () => {
  it('the same booking sent twice holds once and answers the same reservation', async () => {
    const tutor = await createTutor(t.app.db);
    const payload = bookingPayload(tutor.id);
    const first = await post('/api/reservations/reservations/', payload);
    expect(first.statusCode).toBe(201);
    const again = await post('/api/reservations/reservations/', payload);
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());
    // Another family asking for the same time is refused as before.
    const other = await post('/api/reservations/reservations/', bookingPayload(tutor.id));
    expect(other.statusCode).toBe(409);
  });

  it('two taps at once, by tutor or by subject, hold once', async () => {
    const tutor = await createTutor(t.app.db);
    const payload = bookingPayload(tutor.id, { date: '2031-04-07' });
    const [a, b] = await Promise.all([
      post('/api/reservations/reservations/', payload),
      post('/api/reservations/reservations/', payload),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
    expect(a.json().id).toBe(b.json().id);

    const subject = await createSubject(t.app.db);
    await createTutor(t.app.db, { subjectId: subject.id, rating: 5 });
    await createTutor(t.app.db, { subjectId: subject.id, rating: 4 });
    const bySubject = bookingPayload(null, { subject: subject.slug });
    const [c, d] = await Promise.all([
      post('/api/reservations/reservations/', bySubject),
      post('/api/reservations/reservations/', bySubject),
    ]);
    expect([c.statusCode, d.statusCode]).toEqual([201, 201]);
    expect(c.json().id).toBe(d.json().id);
  });

  it('a different request of the same family is a new booking', async () => {
    const tutor = await createTutor(t.app.db);
    const payload = bookingPayload(tutor.id, { date: '2031-05-05' });
    const first = await post('/api/reservations/reservations/', payload);
    const later = await post('/api/reservations/reservations/', { ...payload, time: '15:00' });
    expect(later.statusCode).toBe(201);
    expect(later.json().id).not.toBe(first.json().id);
  });
});

describe('pay', () => {
  const checkout = (reservation: { id: string; amount: number }, email: string) =>
    post('/api/payments/create-checkout-session/', {
      reservation_id: reservation.id,
      full_name: 'Almaz Tesfaye',
      email,
      amount: reservation.amount,
    });

  it('a second pay opens no second checkout: the same address, and once paid its success page', async () => {
    const tutor = await createTutor(t.app.db);
    const payload = bookingPayload(tutor.id, { date: '2031-06-02' });
    const created = (await post('/api/reservations/reservations/', payload)).json() as {
      id: string;
      amount: number;
    };
    const [a, b] = await Promise.all([checkout(created, payload.email), checkout(created, payload.email)]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(b.json()).toEqual(a.json());
    const paymentId = /checkout\/([0-9a-f-]{36})\/$/.exec(a.json().checkout_url as string)?.[1];
    expect((await post(`/api/payments/demo/checkout/${paymentId}/pay/`, {})).statusCode).toBe(303);

    // Paid: the way back (or a late second tap) leads to the success page, not "not awaiting payment".
    const after = await checkout(created, payload.email);
    expect(after.statusCode).toBe(200);
    expect(after.json().checkout_url).toBe(
      `${t.config.publicUrl}/payment-success?session_id=${after.json().session_id}`,
    );
    const status = await get(`/api/payments/status/?session_id=${after.json().session_id}`);
    expect(status.json()).toMatchObject({ status: 'paid', reservation: { id: created.id } });
  });
});

describe('cancel and reschedule', () => {
  it('a second cancel answers the same summary and gives the credit once', async () => {
    const { family, summary } = await familyBooking();
    const url = `/api/bookings/sessions/${summary.sessions[2]!.id}/cancel/`;
    const body = { scope: 'series', outcome: 'credit' };
    const [a, b] = await Promise.all([post(url, body, family.headers), post(url, body, family.headers)]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(b.json()).toEqual(a.json());
    const again = await post(url, body, family.headers);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(a.json());
    // Two sessions of $20 credited once; one cancellation e-mail.
    expect((await readCredit(t.app.db, family.email)).reduce((n, c) => n + c.amountCents, 0)).toBe(4000);
    const mails = (await readMail(t.app.mailer, family.email)).filter((m) =>
      m.includes('Subject: Sessions cancelled'),
    );
    expect(mails).toHaveLength(1);
    // Someone else (a tutor, another family) still cannot.
    const other = await createUser(t.app.db, t.config.jwtSecret, 'student');
    expect((await post(url, body, other.headers)).statusCode).toBe(403);
  });

  it('a second identical move answers the same summary, with one event and one e-mail', async () => {
    const { family, summary } = await familyBooking();
    const session = summary.sessions[1]!;
    const url = `/api/bookings/sessions/${session.id}/reschedule/`;
    const body = { scope: 'one', date: session.date, time: '15:00' };
    const first = await post(url, body, family.headers);
    expect(first.statusCode).toBe(200);
    const again = await post(url, body, family.headers);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    const moved = (await readEvents(t.app.db, summary.id)).filter((e) => e.action === 'session_rescheduled');
    expect(moved).toHaveLength(1);
    expect((await readSessions(t.app.db, summary.id))[1]!.startsAt.toISOString()).toBe(
      first.json().sessions[1].start,
    );
  });
});

describe('the Idempotency-Key (the client’s key for one action)', () => {
  it('a retry with the same key is answered from the first answer; the same key with another body is a 422', async () => {
    const { family, summary } = await dueForRenewal();
    const url = `/api/student/renewals/${summary.id}/`;
    const headers = { ...family.headers, 'idempotency-key': `renew-${randomUUID()}` };
    const first = await post(url, { currency: 'USD' }, headers);
    expect(first.statusCode).toBe(201);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    const again = await post(url, { currency: 'USD' }, headers);
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    const other = await post(url, { currency: 'ETB' }, headers);
    expect(other.statusCode).toBe(422);
    expect(other.json()).toMatchObject({ code: 'idempotency_key_reused' });
    expect(await renewalsOf(summary.id)).toHaveLength(1);
  });

  it('the key is the user’s own: another family sending it is not answered from it', async () => {
    const { family, summary } = await familyBooking();
    const url = `/api/bookings/sessions/${summary.sessions[2]!.id}/cancel/`;
    const key = `cancel-${randomUUID()}`;
    const body = { scope: 'one', outcome: 'credit' };
    expect((await post(url, body, { ...family.headers, 'idempotency-key': key })).statusCode).toBe(200);
    const other = await createUser(t.app.db, t.config.jwtSecret, 'student');
    expect((await post(url, body, { ...other.headers, 'idempotency-key': key })).statusCode).toBe(403);
  });

  it('the booking form and its checkout, sent by a visitor with a key, answer and replay', async () => {
    const tutor = await createTutor(t.app.db);
    const payload = bookingPayload(tutor.id, { date: '2031-05-05' });
    const key = { 'idempotency-key': `book-${randomUUID()}` };
    const first = await post('/api/reservations/reservations/', payload, key);
    expect(first.statusCode).toBe(201);
    const again = await post('/api/reservations/reservations/', payload, key);
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
  });

  it('a malformed key is refused with a clear message', async () => {
    const { family, summary } = await familyBooking();
    const url = `/api/bookings/sessions/${summary.sessions[2]!.id}/cancel/`;
    const res = await post(
      url,
      { scope: 'one', outcome: 'credit' },
      { ...family.headers, 'idempotency-key': 'x' },
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'idempotency_key_invalid' });
  });
});

describe('review', () => {
  it('a review sent twice is one review, both answers alike', async () => {
    const { family, summary, tutor } = await familyBooking();
    await t.app.db
      .update(sessions)
      .set({ status: 'completed' })
      .where(eq(sessions.id, summary.sessions[0]!.id));
    const url = `/api/student/tutors/${tutor.id}/review/`;
    const body = { rating: 5, comment: 'Patient and clear.' };
    const put = () => t.app.inject({ method: 'PUT', url, payload: body, headers: family.headers });
    const [a, b] = await Promise.all([put(), put()]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(b.json().id).toBe(a.json().id);
    const published = await get(`/api/tutors/public/${tutor.id}/reviews/`);
    expect(published.json()).toMatchObject({ total: 1 });
  });
});
