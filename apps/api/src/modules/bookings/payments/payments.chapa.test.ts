import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../../platform/db/client.ts';
import type { TestApp } from '../../../test/harness.ts';
import { ChapaPaymentProvider } from './providers/chapa.provider.ts';
import { chapaBooking, secretKey, webhookSecret } from './test/chapa-booking.ts';
import { startChapaTestApp } from './test/chapa-test-app.ts';
import type { FakeChapaServer } from './test/fake-chapa-server.ts';
import { readMail, readPayments, readReservation } from './test/fixtures.ts';

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
  const { subjectWithBirr, bookingPayload, bookInBirr, openChapaCheckout, postWebhook } = chapaBooking(
    () => ({
      t,
      fake,
      admin,
    }),
  );

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
      expect(res.json()).toEqual({ detail: 'Invalid webhook signature.', code: 'bad_signature' });
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
