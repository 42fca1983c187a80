import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renewalMessages, type RenewalOffer } from '@tibeb/domain/family/contracts';
import { reservations, tutors } from '../../../platform/db/schema/index.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import {
  createUser,
  linkedFamilyBooking,
  linkFamily,
  mondayAhead,
  setSessionStart,
} from '../lifecycle/test/fixtures.ts';
import { bookingPayload } from '../reservations/test/booking-app.ts';
import { createSubject, createTutor } from '../reservations/test-fixtures.repository.ts';

/**
 * A renewal keeps the hourly rate its booking was bought at (issue 32 item 4, decision 251): a price change
 * after it was bought applies to new bookings only. The offer shown before payment and the renewal held agree.
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

const rateOf = async (id: string) =>
  (
    await t.app.db
      .select({ rate: reservations.hourlyRateCents, amount: reservations.amountCents })
      .from(reservations)
      .where(eq(reservations.id, id))
  )[0]!;

let week = 3;
/** A paid booking whose last paid session starts in 3 days: offered its renewal. */
async function dueForRenewal() {
  const booked = await linkedFamilyBooking(t.app, { date: mondayAhead((week += 1)) });
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

describe('renewal price', () => {
  it('a booking stores the hourly rate it was bought at', async () => {
    const { summary } = await dueForRenewal();
    expect(await rateOf(summary.id)).toMatchObject({ rate: 2000 });
  });

  it('renews at the bought rate after the tutor’s rate went up: offer and held renewal agree', async () => {
    const { family, summary, tutor } = await dueForRenewal();
    await t.app.db.update(tutors).set({ hourlyRateCents: 2600 }).where(eq(tutors.id, tutor.id));

    const offers = (await get('/api/student/renewals/', family.headers)).json() as RenewalOffer[];
    const offer = offers.find((o) => o.reservation_id === summary.id)!;
    expect(offer).toMatchObject({ problem: null, currency: 'USD', amount_cents: 8000, price_notice: null });

    const created = await post(`/api/student/renewals/${summary.id}/`, { currency: 'USD' }, family.headers);
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ amount_cents: offer.amount_cents });
    expect(await rateOf(created.json().id)).toEqual({ rate: 2000, amount: 8000 });
  });

  it('a booking whose bought rate is not known renews at today’s rate, without a notice', async () => {
    const { family, summary, tutor } = await dueForRenewal();
    await t.app.db.update(reservations).set({ hourlyRateCents: null }).where(eq(reservations.id, summary.id));
    await t.app.db.update(tutors).set({ hourlyRateCents: 2600 }).where(eq(tutors.id, tutor.id));
    const offers = (await get('/api/student/renewals/', family.headers)).json() as RenewalOffer[];
    const offer = offers.find((o) => o.reservation_id === summary.id)!;
    expect(offer).toMatchObject({ problem: null, amount_cents: 10400 });
    const created = await post(`/api/student/renewals/${summary.id}/`, { currency: 'USD' }, family.headers);
    expect(created.json()).toMatchObject({ amount_cents: 10400 });
  });

  it('by subject: bought at the subject’s price, renewed at it, not at the tutor’s own rate', async () => {
    const subject = await createSubject(t.app.db, { pricePerHourCents: 2500 });
    await createTutor(t.app.db, { subjectId: subject.id, hourlyRateCents: 3000 });
    const family = await createUser(t.app.db, t.config.jwtSecret, 'student');
    const book = await post(
      '/api/reservations/reservations/',
      bookingPayload(null, { subject: subject.slug, email: family.email, date: mondayAhead((week += 1)) }),
    );
    expect(book.statusCode).toBe(201);
    const created = book.json() as { id: string; amount: number; amount_cents: number };
    expect(created.amount_cents).toBe(10000);
    const checkout = await post('/api/payments/create-checkout-session/', {
      reservation_id: created.id,
      full_name: 'Almaz Tesfaye',
      email: family.email,
      amount: created.amount,
    });
    const paymentId = /checkout\/([0-9a-f-]{36})\/$/.exec(checkout.json().checkout_url)?.[1];
    expect((await post(`/api/payments/demo/checkout/${paymentId}/pay/`, {})).statusCode).toBe(303);
    await linkFamily(t.app.db, created.id, family.id);
    const summary = (await get(`/api/reservations/reservations/${created.id}/`)).json() as {
      sessions: { id: string }[];
    };
    await setSessionStart(t.app.db, summary.sessions[3]!.id, new Date(Date.now() + 3 * 24 * HOUR));
    for (const [i, s] of summary.sessions.slice(0, 3).entries())
      await setSessionStart(t.app.db, s.id, new Date(Date.now() - (10 - i) * 24 * HOUR));

    const offers = (await get('/api/student/renewals/', family.headers)).json() as RenewalOffer[];
    const offer = offers.find((o) => o.reservation_id === created.id)!;
    expect(offer).toMatchObject({ problem: null, amount_cents: 10000, price_notice: null });
    const renewal = await post(`/api/student/renewals/${created.id}/`, { currency: 'USD' }, family.headers);
    expect(renewal.statusCode).toBe(201);
    expect(renewal.json()).toMatchObject({ amount_cents: 10000 });
  });

  it('the notice text is the one the family area translates', () => {
    expect(renewalMessages.priceDiffers).toMatch(/before you pay/);
  });
});
