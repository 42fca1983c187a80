import { expect } from 'vitest';
import type { TestApp } from '../../../../test/harness.ts';
import {
  createSubject,
  createTutor as createBookableTutor,
} from '../../reservations/test-fixtures.repository.ts';
import type { FakeChapaServer } from './fake-chapa-server.ts';
import { futureMonday } from './fixtures.ts';

export const secretKey = 'CHASECK_TEST-tibeb-fake-key';
export const webhookSecret = 'chapa-webhook-secret-hash-1234';

type ChapaSuite = { t: TestApp; fake: FakeChapaServer; admin: { authorization: string } };

/**
 * The Chapa suites' steps (booking in birr, opening and paying the checkout, Chapa's webhook), on the suite's app
 * as `current` answers it once its beforeAll has started it.
 */
export function chapaBooking(current: () => ChapaSuite) {
  /** A subject whose birr rate the admin sets through the API, and a tutor of it with weekday windows. */
  async function subjectWithBirr(etbPerHour: number | null) {
    const { t, admin } = current();
    const subject = await createSubject(t.app.db, { pricePerHourCents: 2000 });
    if (etbPerHour !== null) {
      const res = await t.app.inject({
        method: 'PATCH',
        url: `/api/admin/subjects/${subject.id}/`,
        headers: { authorization: admin.authorization },
        payload: { price_per_hour_etb: etbPerHour },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ price_per_hour: 20, price_per_hour_etb: etbPerHour });
    }
    const tutor = await createBookableTutor(t.app.db, { subjectId: subject.id, hourlyRateCents: 2500 });
    return { subject, tutor };
  }

  let weeks = 2;
  const bookingPayload = (tutorId: number, extra: Record<string, unknown> = {}) => ({
    tutor: tutorId,
    // A Monday at 16:00 EAT after the previous booking's 4 weeks.
    date: futureMonday((weeks += 5))
      .toISOString()
      .slice(0, 10),
    time: '16:00',
    duration_hours: 1.5,
    full_name: 'Hana Tesfaye',
    email: `hana.${Math.random().toString(36).slice(2, 8)}@example.com`,
    phone: '+251 911 000 000',
    student_full_name: 'Liya Tesfaye',
    student_grade: 'Grade 7',
    ...extra,
  });

  async function bookInBirr(etbPerHour = 750) {
    const { t } = current();
    const { tutor } = await subjectWithBirr(etbPerHour);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/reservations/reservations/',
      payload: bookingPayload(tutor.id, { currency: 'ETB' }),
    });
    expect(res.statusCode).toBe(201);
    return res.json() as {
      id: string;
      amount: number;
      amount_cents: number;
      currency: string;
      email?: string;
    };
  }

  async function openChapaCheckout(etbPerHour = 750) {
    const { t } = current();
    const reservation = await bookInBirr(etbPerHour);
    const summary = (
      await t.app.inject({ method: 'GET', url: `/api/reservations/reservations/${reservation.id}/` })
    ).json() as { full_name: string; email: string; amount: number };
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/payments/create-checkout-session/',
      payload: {
        full_name: summary.full_name,
        email: summary.email,
        amount: summary.amount,
        reservation_id: reservation.id,
      },
    });
    expect(res.statusCode).toBe(200);
    const body = res.json() as { checkout_url: string; session_id: string; provider: string };
    return { reservation, email: summary.email, ...body };
  }

  /** The family pays on Chapa and comes back to the payment page, whose status call confirms the booking. */
  async function payOnChapa(c: { session_id: string }) {
    const { t, fake } = current();
    fake.pay(c.session_id);
    await t.app.inject({ method: 'GET', url: `/api/payments/status/?session_id=${c.session_id}` });
  }

  const sessionsOf = async (reservationId: string) =>
    (
      (
        await current().t.app.inject({
          method: 'GET',
          url: `/api/reservations/reservations/${reservationId}/`,
        })
      ).json() as {
        sessions: { id: string }[];
      }
    ).sessions;

  const postWebhook = (body: string, signature: string | undefined) =>
    current().t.app.inject({
      method: 'POST',
      url: '/api/payments/webhook/chapa/',
      headers: {
        'content-type': 'application/json',
        ...(signature === undefined ? {} : { 'x-chapa-signature': signature }),
      },
      payload: body,
    });

  return {
    subjectWithBirr,
    bookingPayload,
    bookInBirr,
    openChapaCheckout,
    payOnChapa,
    sessionsOf,
    postWebhook,
  };
}
