import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { ConfigError, loadConfig } from '../../../platform/config.ts';
import { queryRows } from '../../../platform/db/client.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import {
  createSubject,
  createTutor as createBookableTutor,
} from '../reservations/test-fixtures.repository.ts';
import { ChapaPaymentProvider } from './providers/chapa.provider.ts';
import { startChapaTestApp } from './test/chapa-test-app.ts';
import type { FakeChapaServer } from './test/fake-chapa-server.ts';
import {
  createHeldReservation,
  createTutor,
  futureMonday,
  readMail,
  readPayments,
  readReservation,
  requestCheckout,
} from './test/fixtures.ts';

const secretKey = 'CHASECK_TEST-tibeb-fake-key';
const webhookSecret = 'chapa-webhook-secret-hash-1234';

/**
 * Payment in birr through Chapa (issue 18 §3, decision 170), against a local server that answers as Chapa's
 * API does: the booking priced from the subject's ETB rate, the hosted checkout, the signed webhook (replayed,
 * forged), the verify on return, refunds in birr, and birr refused where it is not offered.
 */
describe('Chapa: booking and paying in birr', () => {
  let t: TestApp;
  let fake: FakeChapaServer;
  let admin: { authorization: string };
  let close: () => Promise<void>;

  beforeAll(async () => {
    ({ t, fake, admin, close } = await startChapaTestApp({ secretKey, webhookSecret }));
  });
  afterAll(() => close());
  afterEach(() => {
    fake.requests.length = 0;
    fake.outage = 0;
  });

  /** A subject whose birr rate the admin sets through the API, and a tutor of it with weekday windows. */
  async function subjectWithBirr(etbPerHour: number | null) {
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
    fake.pay(c.session_id);
    await t.app.inject({ method: 'GET', url: `/api/payments/status/?session_id=${c.session_id}` });
  }

  const sessionsOf = async (reservationId: string) =>
    (
      (
        await t.app.inject({ method: 'GET', url: `/api/reservations/reservations/${reservationId}/` })
      ).json() as {
        sessions: { id: string }[];
      }
    ).sessions;

  const postWebhook = (body: string, signature: string | undefined) =>
    t.app.inject({
      method: 'POST',
      url: '/api/payments/webhook/chapa/',
      headers: {
        'content-type': 'application/json',
        ...(signature === undefined ? {} : { 'x-chapa-signature': signature }),
      },
      payload: body,
    });

  async function eventsFor(txRef: string) {
    return queryRows<{ event_id: string }>(
      t.app.db,
      sql`select event_id from webhook_events where provider = 'chapa' and event_id like ${`%${txRef}%`}`,
    );
  }

  it("prices birr from the subject's ETB rate, shows both currencies, and books in the chosen one", async () => {
    const { tutor } = await subjectWithBirr(750);
    const preview = await t.app.inject({
      method: 'POST',
      url: '/api/reservations/preview/',
      payload: bookingPayload(tutor.id, { currency: 'ETB' }),
    });
    expect(preview.statusCode).toBe(200);
    // 750 birr/hr × 1.5 h × 4 weekly sessions; dollars from the tutor's own rate (25 × 1.5 × 4).
    expect(preview.json()).toMatchObject({
      currency: 'ETB',
      amount: 4500,
      amount_cents: 450000,
      currency_options: [
        { currency: 'USD', hourly_rate_cents: 2500, amount_cents: 15000 },
        { currency: 'ETB', hourly_rate_cents: 75000, amount_cents: 450000 },
      ],
    });

    const usd = await t.app.inject({
      method: 'POST',
      url: '/api/reservations/reservations/',
      payload: bookingPayload(tutor.id),
    });
    expect(usd.json()).toMatchObject({ currency: 'USD', amount_cents: 15000 });

    const etb = await t.app.inject({
      method: 'POST',
      url: '/api/reservations/reservations/',
      // The client's own idea of the price is never read: the server prices it.
      payload: bookingPayload(tutor.id, { currency: 'etb', amount: 1 }),
    });
    expect(etb.statusCode).toBe(201);
    expect(etb.json()).toMatchObject({ currency: 'ETB', amount: 4500, amount_cents: 450000 });
    const summary = await t.app.inject({
      method: 'GET',
      url: `/api/reservations/reservations/${etb.json().id}/`,
    });
    expect(summary.json()).toMatchObject({ currency: 'ETB', amount_charged_cents: 450000 });
  });

  it('refuses birr for a subject without an ETB rate, and an unknown currency (400, nothing booked)', async () => {
    const { tutor } = await subjectWithBirr(null);
    const preview = await t.app.inject({
      method: 'POST',
      url: '/api/reservations/preview/',
      payload: bookingPayload(tutor.id),
    });
    expect(preview.json().currency_options).toEqual([
      { currency: 'USD', hourly_rate_cents: 2500, amount_cents: 15000 },
    ]);
    const etb = await t.app.inject({
      method: 'POST',
      url: '/api/reservations/reservations/',
      payload: bookingPayload(tutor.id, { currency: 'ETB' }),
    });
    expect(etb.statusCode).toBe(400);
    expect(etb.json()).toMatchObject({
      detail: 'Payment in birr is not offered for this subject yet. Please pay in US dollars.',
      errors: {
        currency: ['Payment in birr is not offered for this subject yet. Please pay in US dollars.'],
      },
    });
    for (const currency of ['EUR', 5, ['ETB']]) {
      const bad = await t.app.inject({
        method: 'POST',
        url: '/api/reservations/reservations/',
        payload: bookingPayload(tutor.id, { currency }),
      });
      expect(bad.statusCode).toBe(400);
    }
  });

  it("opens Chapa's hosted checkout for the reservation's birr amount, once per payment", async () => {
    const c = await openChapaCheckout(750);
    expect(c.provider).toBe('chapa');
    expect(c.session_id).toMatch(/^tb-[0-9a-f]{32}$/);
    const tx = fake.transactions.get(c.session_id)!;
    expect(c.checkout_url).toBe(`${fake.origin}/checkout/payment/${tx.token}`);
    const init = fake.requests.find((r) => r.path === '/v1/transaction/initialize')!;
    expect(init.headers.authorization).toBe(`Bearer ${secretKey}`);
    expect(init.body).toMatchObject({
      amount: '4500.00',
      currency: 'ETB',
      email: c.email,
      first_name: 'Hana',
      last_name: 'Tesfaye',
      tx_ref: c.session_id,
      return_url: `http://localhost:3000/payment-success?session_id=${c.session_id}`,
      callback_url: 'http://localhost:3000/api/payments/webhook/chapa/',
      customization: { title: 'Tibeb Tutoring' },
    });

    // A second click reuses the open checkout: Chapa is not asked again.
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/payments/create-checkout-session/',
      payload: { full_name: 'Hana Tesfaye', email: c.email, amount: 4500, reservation_id: c.reservation.id },
    });
    expect(again.json()).toMatchObject({ checkout_url: c.checkout_url, session_id: c.session_id });
    expect(fake.requests.filter((r) => r.path === '/v1/transaction/initialize')).toHaveLength(1);

    // The amount is compared in the reservation's currency: a dollar amount is refused.
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/payments/create-checkout-session/',
      payload: { full_name: 'Hana Tesfaye', email: c.email, amount: 60, reservation_id: c.reservation.id },
    });
    expect(wrong.statusCode).toBe(400);
  });

  it('confirms on the signed webhook after asking Chapa; a replay changes nothing and e-mails once', async () => {
    const c = await openChapaCheckout();
    fake.pay(c.session_id);
    const body = fake.webhookBody(c.session_id);
    const first = await postWebhook(body, fake.sign(body));
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ received: true });
    // The webhook was only a cue: Chapa's verify was asked.
    expect(fake.requests.some((r) => r.path === `/v1/transaction/verify/${c.session_id}`)).toBe(true);

    const { reservation, sessions } = await readReservation(t.app.db, c.reservation.id);
    expect(reservation.status).toBe('confirmed');
    expect(sessions.every((s) => s.status === 'scheduled')).toBe(true);
    const [payment] = await readPayments(t.app.db, c.reservation.id);
    expect(payment).toMatchObject({
      provider: 'chapa',
      status: 'paid',
      amountCents: 450000,
      currency: 'ETB',
      providerPaymentId: fake.transactions.get(c.session_id)!.reference,
    });
    const mails = await readMail(t.app.mailer, c.email);
    expect(mails.filter((m) => /Receipt for your payment/.test(m))).toHaveLength(1);
    expect(mails.find((m) => /Receipt for your payment/.test(m))).toContain('ETB 4,500.00');

    for (let i = 0; i < 3; i++) {
      const replay = await postWebhook(body, fake.sign(body));
      expect(replay.statusCode).toBe(200);
    }
    const [after] = await readPayments(t.app.db, c.reservation.id);
    expect(after!.paidAt?.getTime()).toBe(payment!.paidAt?.getTime());
    expect(after!.updatedAt.getTime()).toBe(payment!.updatedAt.getTime());
    expect(await eventsFor(c.session_id)).toHaveLength(1);
    expect(
      (await readMail(t.app.mailer, c.email)).filter((m) => /Receipt for your payment/.test(m)),
    ).toHaveLength(1);
  });

  it('refuses a forged webhook (no, wrong or stale signature) and changes nothing', async () => {
    const c = await openChapaCheckout();
    const body = fake.webhookBody(c.session_id, { status: 'success', event: 'charge.success' });
    const tampered = body.replace('"amount":"4500.00"', '"amount":"1.00"');
    const attempts = [
      await postWebhook(body, undefined),
      await postWebhook(body, 'nonsense'),
      await postWebhook(body, fake.sign(body, 'someone-elses-secret-hash')),
      await postWebhook(tampered, fake.sign(body)),
      await postWebhook(body, fake.sign(webhookSecret)),
    ];
    for (const res of attempts) {
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ detail: 'Invalid webhook signature.' });
    }
    // Even a correctly signed claim of success is not believed while Chapa says the transaction is pending.
    const signedLie = await postWebhook(body, fake.sign(body));
    expect(signedLie.statusCode).toBe(200);
    const { reservation } = await readReservation(t.app.db, c.reservation.id);
    expect(reservation.status).toBe('pending_payment');
    const [payment] = await readPayments(t.app.db, c.reservation.id);
    expect(payment).toMatchObject({ status: 'pending', paidAt: null });
    expect(await eventsFor(c.session_id)).toHaveLength(0);
  });

  it('confirms on the return from Chapa before any webhook (verify), and reports the truth before paying', async () => {
    const c = await openChapaCheckout();
    const status = (id: string) =>
      t.app.inject({ method: 'GET', url: `/api/payments/status/?session_id=${encodeURIComponent(id)}` });
    const before = await status(c.session_id);
    expect(before.json()).toMatchObject({ status: 'pending', provider: 'chapa' });

    fake.pay(c.session_id);
    const after = await status(c.session_id);
    expect(after.statusCode).toBe(200);
    expect(after.json()).toMatchObject({
      status: 'paid',
      provider: 'chapa',
      reservation: { status: 'confirmed', currency: 'ETB', amount_cents: 450000 },
    });
    // The webhook arriving afterwards finds the work done.
    const body = fake.webhookBody(c.session_id);
    expect((await postWebhook(body, fake.sign(body))).statusCode).toBe(200);
    expect(
      (await readMail(t.app.mailer, c.email)).filter((m) => /Receipt for your payment/.test(m)),
    ).toHaveLength(1);
  });

  it('does not confirm when Chapa reports another amount or currency than the payment', async () => {
    const c = await openChapaCheckout();
    const tx = fake.pay(c.session_id);
    tx.amount = '45.00';
    const body = fake.webhookBody(c.session_id);
    expect((await postWebhook(body, fake.sign(body))).statusCode).toBe(200);
    expect((await readReservation(t.app.db, c.reservation.id)).reservation.status).toBe('pending_payment');
    tx.amount = '4500.00';
    tx.currency = 'USD';
    await t.app.inject({ method: 'GET', url: `/api/payments/status/?session_id=${c.session_id}` });
    expect((await readReservation(t.app.db, c.reservation.id)).reservation.status).toBe('pending_payment');
  });

  it("confirms on Chapa's callback (GET with the references) only through verify", async () => {
    const c = await openChapaCheckout();
    const callback = (q: string) => t.app.inject({ method: 'GET', url: `/api/payments/webhook/chapa/?${q}` });
    expect((await callback(`trx_ref=${c.session_id}&status=success`)).statusCode).toBe(200);
    expect((await readReservation(t.app.db, c.reservation.id)).reservation.status).toBe('pending_payment');
    fake.pay(c.session_id);
    expect((await callback(`trx_ref=${c.session_id}&ref_id=x&status=success`)).statusCode).toBe(200);
    expect((await readReservation(t.app.db, c.reservation.id)).reservation.status).toBe('confirmed');
    expect((await callback('status=success')).statusCode).toBe(400);
    expect((await callback('trx_ref=unknown-ref')).statusCode).toBe(200);
  });

  it('refunds in birr through Chapa with an idempotency reference, recorded and totalled in ETB', async () => {
    const c = await openChapaCheckout();
    await payOnChapa(c);
    const [payment] = await readPayments(t.app.db, c.reservation.id);

    const refund = await t.app.inject({
      method: 'POST',
      url: `/api/admin/payments/${payment!.id}/refund/`,
      headers: { authorization: admin.authorization },
      payload: { amount: 1125, reason: 'One session cancelled' },
    });
    expect(refund.statusCode).toBe(200);
    expect(refund.json()).toMatchObject({
      amount: 1125,
      amount_cents: 112500,
      payment_status: 'partially_refunded',
      refunded_cents: 112500,
    });
    const sent = fake.requests.find((r) => r.path === `/v1/refund/${c.session_id}`)!;
    expect(sent.headers.authorization).toBe(`Bearer ${secretKey}`);
    expect(sent.body).toMatchObject({ amount: '1125.00' });
    expect(String(sent.body.reference)).toMatch(/^tibeb-refund-/);
    expect(fake.transactions.get(c.session_id)!.refunded_cents).toBe(112500);

    const rows = await queryRows<{ currency: string; amount_cents: number; status: string }>(
      t.app.db,
      sql`select currency, amount_cents, status from refunds where payment_id = ${payment!.id}`,
    );
    expect(rows).toEqual([{ currency: 'ETB', amount_cents: 112500, status: 'succeeded' }]);

    const ledger = await t.app.inject({
      method: 'GET',
      url: `/api/admin/payments/ledger/?q=${payment!.id}`,
      headers: { authorization: admin.authorization },
    });
    expect(ledger.json().totals).toEqual([
      {
        currency: 'ETB',
        payments: 1,
        paid_cents: 450000,
        refunded_cents: 112500,
        net_cents: 337500,
      },
    ]);
    expect(ledger.json().results[0]).toMatchObject({ currency: 'ETB', refundable_cents: 337500 });
  });

  it("a cancelled session's refund goes back through Chapa, in birr (the lifecycle's refunds)", async () => {
    const c = await openChapaCheckout();
    await payOnChapa(c);
    const sessions = await sessionsOf(c.reservation.id);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/bookings/sessions/${sessions[1]!.id}/cancel/`,
      headers: { authorization: admin.authorization },
      payload: { outcome: 'refund', reason: 'Tutor ill' },
    });
    expect(res.statusCode).toBe(200);
    // One session of four: a quarter of ETB 4,500.00, sent to Chapa with the refund's own reference.
    await expect
      .poll(() => fake.requests.filter((r) => r.path === `/v1/refund/${c.session_id}`).length)
      .toBe(1);
    const sent = fake.requests.find((r) => r.path === `/v1/refund/${c.session_id}`)!;
    expect(sent.body).toMatchObject({ amount: '1125.00' });
    const [payment] = await readPayments(t.app.db, c.reservation.id);
    await expect
      .poll(async () =>
        queryRows<{ currency: string; amount_cents: number; status: string }>(
          t.app.db,
          sql`select currency, amount_cents, status from refunds where payment_id = ${payment!.id}`,
        ),
      )
      .toEqual([{ currency: 'ETB', amount_cents: 112500, status: 'succeeded' }]);
  });

  it('a session cancelled for credit is credit in birr, spent on a birr booking and never on a dollar one', async () => {
    const c = await openChapaCheckout();
    await payOnChapa(c);
    const sessions = await sessionsOf(c.reservation.id);
    const cancelled = await t.app.inject({
      method: 'POST',
      url: `/api/bookings/sessions/${sessions[2]!.id}/cancel/`,
      headers: { authorization: admin.authorization },
      payload: { outcome: 'credit' },
    });
    expect(cancelled.statusCode).toBe(200);
    const ledger = await queryRows<{ currency: string; amount_cents: number }>(
      t.app.db,
      sql`select currency, amount_cents from credit_ledger where family_email = ${c.email.toLowerCase()}`,
    );
    expect(ledger).toEqual([{ currency: 'ETB', amount_cents: 112500 }]);

    const checkoutIn = async (currency: 'USD' | 'ETB') => {
      const { tutor } = await subjectWithBirr(750);
      const booked = await t.app.inject({
        method: 'POST',
        url: '/api/reservations/reservations/',
        payload: bookingPayload(tutor.id, { currency, email: c.email }),
      });
      const r = booked.json() as { id: string; amount: number };
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/payments/create-checkout-session/',
        payload: { full_name: 'Hana Tesfaye', email: c.email, amount: r.amount, reservation_id: r.id },
      });
      expect(res.statusCode).toBe(200);
      return (await readPayments(t.app.db, r.id))[0]!;
    };
    // Dollars: the birr credit is not touched ($25 × 1.5 h × 4).
    expect(await checkoutIn('USD')).toMatchObject({ currency: 'USD', amountCents: 15000 });
    // Birr: ETB 4,500.00 less the ETB 1,125.00 credit.
    expect(await checkoutIn('ETB')).toMatchObject({
      currency: 'ETB',
      amountCents: 337500,
      provider: 'chapa',
    });
  });

  it("keeps birr out of the admin overview's dollar revenue", async () => {
    const revenue = async () =>
      (
        await t.app.inject({
          method: 'GET',
          url: '/api/admin/dashboard/',
          headers: { authorization: admin.authorization },
        })
      ).json().revenue_cents as number;
    const before = await revenue();
    const c = await openChapaCheckout();
    await payOnChapa(c);
    expect((await readPayments(t.app.db, c.reservation.id))[0]!.status).toBe('paid');
    expect(await revenue()).toBe(before);
  });

  it('answers 503 when Chapa is down (nothing charged, the next click opens a fresh checkout)', async () => {
    const reservation = await bookInBirr();
    const summary = (
      await t.app.inject({ method: 'GET', url: `/api/reservations/reservations/${reservation.id}/` })
    ).json() as { full_name: string; email: string; amount: number };
    const body = {
      full_name: summary.full_name,
      email: summary.email,
      amount: summary.amount,
      reservation_id: reservation.id,
    };
    fake.outage = 1;
    const down = await t.app.inject({
      method: 'POST',
      url: '/api/payments/create-checkout-session/',
      payload: body,
    });
    expect(down.statusCode).toBe(503);
    expect(down.json().detail).toMatch(/not answering/i);
    const up = await t.app.inject({
      method: 'POST',
      url: '/api/payments/create-checkout-session/',
      payload: body,
    });
    expect(up.statusCode).toBe(200);
    expect(up.json().provider).toBe('chapa');
    const payments = await readPayments(t.app.db, reservation.id);
    expect(payments.map((p) => p.status).sort()).toEqual(['failed', 'pending']);

    // A webhook while Chapa's verify is down: 503, so that Chapa sends it again; nothing changes meanwhile.
    const txRef = up.json().session_id as string;
    fake.pay(txRef);
    const webhook = fake.webhookBody(txRef);
    fake.outage = 1;
    expect((await postWebhook(webhook, fake.sign(webhook))).statusCode).toBe(503);
    expect((await readReservation(t.app.db, reservation.id)).reservation.status).toBe('pending_payment');
    expect((await postWebhook(webhook, fake.sign(webhook))).statusCode).toBe(200);
    expect((await readReservation(t.app.db, reservation.id)).reservation.status).toBe('confirmed');
  });

  it('a reused tx_ref (another request opened it) answers the saved checkout instead of a second one', async () => {
    const provider = new ChapaPaymentProvider({
      secretKey,
      webhookSecret,
      baseUrl: fake.baseUrl,
      publicUrl: 'http://localhost:3000',
    });
    const input = {
      paymentId: '00000000-0000-4000-8000-00000000abcd',
      reservationId: '00000000-0000-4000-8000-00000000dcba',
      currency: 'ETB',
      customerEmail: 'hana@example.com',
      lineItems: [
        { name: 'Tutoring: Mathematics with Abebe', description: '', unitAmountCents: 100, quantity: 2 },
      ],
      expiresAt: new Date(Date.now() + 3_600_000),
      successUrl: 'http://localhost:3000/payment-success?session_id={CHECKOUT_SESSION_ID}',
      cancelUrl: 'http://localhost:3000/payment-cancel',
      idempotencyKey: 'tibeb-checkout-x',
    };
    await expect(provider.createCheckoutSession(input)).resolves.toMatchObject({
      sessionId: ChapaPaymentProvider.txRef(input.paymentId),
    });
    await expect(provider.createCheckoutSession(input)).rejects.toThrow(/used before/);
    await expect(provider.retrieveCheckoutSession('tb-unknown')).resolves.toBeNull();
  });

  it('bad input on the webhook and callback answers 4xx, never 500', async () => {
    const notJson = 'not json at all';
    const bad = [
      await postWebhook(notJson, fake.sign(notJson)),
      await postWebhook('{"event":"charge.success"}', fake.sign('{"event":"charge.success"}')),
      await postWebhook('{"tx_ref":{"$gt":""}}', fake.sign('{"tx_ref":{"$gt":""}}')),
      await postWebhook('', fake.sign('')),
      await t.app.inject({
        method: 'GET',
        url: `/api/payments/webhook/chapa/?trx_ref=${'x'.repeat(500)}`,
      }),
    ];
    for (const res of bad) expect(res.statusCode).toBeGreaterThanOrEqual(400);
    for (const res of bad) expect(res.statusCode).toBeLessThan(500);
    const unknown = '{"event":"charge.success","tx_ref":"tb-not-ours","status":"success"}';
    expect((await postWebhook(unknown, fake.sign(unknown))).statusCode).toBe(200);
  });
});

describe('Chapa not configured', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('refuses birr at booking and at checkout, and offers dollars only', async () => {
    const subject = await createSubject(t.app.db);
    const tutor = await createBookableTutor(t.app.db, { subjectId: subject.id });
    const payload = {
      tutor: tutor.id,
      date: futureMonday(3).toISOString().slice(0, 10),
      time: '16:00',
      full_name: 'Hana Tesfaye',
      email: 'hana.nochapa@example.com',
      phone: '+251 911 000 000',
      student_full_name: 'Liya',
      student_grade: 'Grade 7',
      currency: 'ETB',
    };
    const preview = await t.app.inject({ method: 'POST', url: '/api/reservations/preview/', payload });
    expect(preview.statusCode).toBe(400);
    expect(preview.json().detail).toBe(
      'Payment in birr is not available right now. Please pay in US dollars.',
    );
    const usd = await t.app.inject({
      method: 'POST',
      url: '/api/reservations/preview/',
      payload: { ...payload, currency: undefined },
    });
    expect(usd.json().currency_options.map((o: { currency: string }) => o.currency)).toEqual(['USD']);
    const booked = await t.app.inject({ method: 'POST', url: '/api/reservations/reservations/', payload });
    expect(booked.statusCode).toBe(400);

    // A birr reservation left from when Chapa was on cannot be paid now: 409, nothing opened.
    const other = await createTutor(t.app.db);
    const { reservation } = await createHeldReservation(t.app.db, {
      tutorId: other.id,
      firstStart: futureMonday(4),
    });
    await queryRows(t.app.db, sql`update reservations set currency = 'ETB' where id = ${reservation.id}`);
    const checkout = await requestCheckout(t.app, reservation);
    expect(checkout.statusCode).toBe(409);
    expect(await readPayments(t.app.db, reservation.id)).toHaveLength(0);
    const hook = await t.app.inject({
      method: 'POST',
      url: '/api/payments/webhook/chapa/',
      headers: { 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(hook.statusCode).toBe(400);
  });

  it('CHAPA_SECRET_KEY needs the webhook secret; the base URL defaults to Chapa and can point elsewhere', () => {
    expect(() => loadConfig({ NODE_ENV: 'test', CHAPA_SECRET_KEY: secretKey })).toThrow(ConfigError);
    expect(() =>
      loadConfig({ NODE_ENV: 'test', CHAPA_SECRET_KEY: secretKey, CHAPA_WEBHOOK_SECRET: 'short' }),
    ).toThrow(ConfigError);
    expect(
      loadConfig({ NODE_ENV: 'test', CHAPA_SECRET_KEY: secretKey, CHAPA_WEBHOOK_SECRET: webhookSecret })
        .chapa,
    ).toEqual({ secretKey, webhookSecret, baseUrl: 'https://api.chapa.co/v1' });
    expect(
      loadConfig({
        NODE_ENV: 'test',
        CHAPA_SECRET_KEY: secretKey,
        CHAPA_WEBHOOK_SECRET: webhookSecret,
        CHAPA_BASE_URL: 'http://127.0.0.1:4302/v1/',
      }).chapa?.baseUrl,
    ).toBe('http://127.0.0.1:4302/v1');
    expect(() => loadConfig({ NODE_ENV: 'test', CHAPA_BASE_URL: 'ftp://example.com' })).toThrow(ConfigError);
    expect(loadConfig({ NODE_ENV: 'test' }).chapa).toBeUndefined();
    const production = {
      NODE_ENV: 'production',
      JWT_SECRET: 'a-production-secret-of-at-least-32-characters',
      PUBLIC_URL: 'https://tibeb.example',
      PAYMENTS_DEMO: '1',
      CHAPA_SECRET_KEY: secretKey,
      CHAPA_WEBHOOK_SECRET: webhookSecret,
    };
    expect(loadConfig(production).chapa?.baseUrl).toBe('https://api.chapa.co/v1');
    expect(() => loadConfig({ ...production, CHAPA_BASE_URL: 'http://127.0.0.1:4302/v1' })).toThrow(
      /CHAPA_BASE_URL: must be an https address in production/,
    );
  });
});
