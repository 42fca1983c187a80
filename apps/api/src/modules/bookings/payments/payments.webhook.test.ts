import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { setStripeClientFactory } from './providers/stripe.provider.ts';
import { checkoutEvent, FakeStripeServer } from './test/fake-stripe-server.ts';
import {
  createHeldReservation,
  createTutor,
  futureMonday,
  readMail,
  readPayments,
  readReservation,
  requestCheckout,
} from './test/fixtures.ts';

/** The app with the Stripe provider, its SDK pointed at a local fake of Stripe's API. */
describe('Stripe checkout and webhook', () => {
  let t: TestApp;
  let fake: FakeStripeServer;
  const webhookSecret = 'whsec_app_test';

  beforeAll(async () => {
    fake = await new FakeStripeServer().start();
    setStripeClientFactory((key) => fake.client(key));
    t = await createTestApp({ stripe: { secretKey: 'sk_test_app', webhookSecret }, paymentsDemo: false });
  });
  afterAll(async () => {
    await t.close();
    await fake.stop();
    setStripeClientFactory(null);
  });
  afterEach(() => {
    fake.requests.length = 0;
  });

  async function openCheckout(weeksAhead: number) {
    const tutor = await createTutor(t.app.db);
    const { reservation } = await createHeldReservation(t.app.db, {
      tutorId: tutor.id,
      firstStart: futureMonday(weeksAhead),
    });
    const res = await requestCheckout(t.app, reservation);
    expect(res.statusCode).toBe(200);
    return {
      tutor,
      reservation,
      ...(res.json() as { checkout_url: string; session_id: string; provider: string }),
    };
  }

  const post = (payload: string, signature: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/payments/webhook/stripe/',
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      payload,
    });
  const sign = (payload: string, secret = webhookSecret) =>
    fake.client().webhooks.generateTestHeaderString({ payload, secret });

  it("answers Stripe's checkout URL, with the reservation's line items and a 30-minute-or-later expiry", async () => {
    const c = await openCheckout(1);
    expect(c.provider).toBe('stripe');
    expect(c.checkout_url).toBe(`https://checkout.stripe.test/c/pay/${c.session_id}`);
    const request = fake.requests.find((r) => r.path === '/v1/checkout/sessions')!;
    expect(request.form).toMatchObject({
      client_reference_id: c.reservation.id,
      success_url: 'http://localhost:3000/payment-success?session_id={CHECKOUT_SESSION_ID}',
      // The cancel address carries the reservation, so leaving Stripe's page releases its hold at once.
      cancel_url: `http://localhost:3000/payment-cancel?reservation_id=${c.reservation.id}`,
      'line_items[0][quantity]': '4',
      'line_items[0][price_data][unit_amount]': '2000',
    });
    // One key per checkout row, written before the provider is called (outside any transaction): a retry of
    // the same row gets the same Stripe session.
    const [row] = await readPayments(t.app.db, c.reservation.id);
    expect(request.headers['idempotency-key']).toBe(`tibeb-checkout-${row!.id}`);
    expect(row!.idempotencyKey).toBe(`tibeb-checkout-${row!.id}`);
    expect(Number(request.form.expires_at) * 1000).toBeGreaterThanOrEqual(Date.now() + 30 * 60_000);
  });

  it('a good signature confirms; the same event five times confirms once and e-mails once', async () => {
    const c = await openCheckout(2);
    const payload = checkoutEvent(
      'checkout.session.completed',
      fake.completeSession(c.session_id),
      'evt_same',
    );
    const header = sign(payload);
    for (let i = 0; i < 5; i += 1) {
      const res = await post(payload, header);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ received: true });
    }
    const { reservation, sessions } = await readReservation(t.app.db, c.reservation.id);
    expect(reservation.status).toBe('confirmed');
    expect(sessions.every((s) => s.status === 'scheduled')).toBe(true);
    const [payment] = await readPayments(t.app.db, c.reservation.id);
    expect(payment).toMatchObject({
      status: 'paid',
      providerPaymentId: fake.sessions.get(c.session_id)!.payment_intent,
    });
    const mails = await readMail(t.app.mailer, c.reservation.email);
    expect(mails.filter((m) => m.includes('are confirmed'))).toHaveLength(1);
    expect(mails.filter((m) => m.includes('Payment receipt'))).toHaveLength(1);
  });

  it('the same payment reported by two different events still confirms once', async () => {
    const c = await openCheckout(3);
    const session = fake.completeSession(c.session_id);
    for (const id of ['evt_a', 'evt_b']) {
      const payload = checkoutEvent('checkout.session.completed', session, id);
      expect((await post(payload, sign(payload))).statusCode).toBe(200);
    }
    const mails = await readMail(t.app.mailer, c.reservation.email);
    expect(mails.filter((m) => m.includes('are confirmed'))).toHaveLength(1);
  });

  it('a bad signature is refused with 400 and changes nothing', async () => {
    const c = await openCheckout(4);
    const payload = checkoutEvent(
      'checkout.session.completed',
      fake.completeSession(c.session_id),
      'evt_forged',
    );
    const forged = await post(payload, sign(payload, 'whsec_attacker'));
    expect(forged.statusCode).toBe(400);
    expect(forged.json()).toEqual({ detail: 'Invalid webhook signature.', code: 'bad_signature' });
    const unsigned = await t.app.inject({
      method: 'POST',
      url: '/api/payments/webhook/stripe/',
      headers: { 'content-type': 'application/json' },
      payload,
    });
    expect(unsigned.statusCode).toBe(400);
    // Re-serialised JSON is not the signed bytes.
    const reformatted = JSON.stringify(JSON.parse(payload), null, 2);
    expect((await post(reformatted, sign(payload))).statusCode).toBe(400);

    const { reservation, sessions } = await readReservation(t.app.db, c.reservation.id);
    expect(reservation.status).toBe('pending_payment');
    expect(sessions.every((s) => s.status === 'held')).toBe(true);
    expect((await readPayments(t.app.db, c.reservation.id))[0]!.status).toBe('pending');
    expect(await t.app.mailer.readOutbox(c.reservation.email)).toHaveLength(0);

    // The genuine event, after the forged one with the same id, still counts.
    expect((await post(payload, sign(payload))).statusCode).toBe(200);
    expect((await readReservation(t.app.db, c.reservation.id)).reservation.status).toBe('confirmed');
  });

  it('checkout.session.expired releases the hold', async () => {
    const c = await openCheckout(5);
    const session = fake.sessions.get(c.session_id)!;
    session.status = 'expired';
    const payload = checkoutEvent('checkout.session.expired', session);
    expect((await post(payload, sign(payload))).statusCode).toBe(200);
    const { reservation, sessions } = await readReservation(t.app.db, c.reservation.id);
    expect(reservation.status).toBe('expired');
    expect(sessions.every((s) => s.status === 'expired')).toBe(true);
    expect((await readPayments(t.app.db, c.reservation.id))[0]!.status).toBe('expired');
  });

  it('the status endpoint asks Stripe when the webhook has not arrived yet', async () => {
    const c = await openCheckout(6);
    const pending = await t.app.inject({
      method: 'GET',
      url: `/api/payments/status/?session_id=${c.session_id}`,
    });
    expect(pending.json()).toMatchObject({ status: 'pending', reservation: { status: 'pending_payment' } });
    fake.completeSession(c.session_id);
    const paid = await t.app.inject({
      method: 'GET',
      url: `/api/payments/status/?session_id=${c.session_id}`,
    });
    expect(paid.json()).toMatchObject({ status: 'paid', reservation: { status: 'confirmed' } });
    expect(paid.json().reservation.sessions.every((s: { status: string }) => s.status === 'scheduled')).toBe(
      true,
    );
    expect(
      fake.requests.some((r) => r.method === 'GET' && r.path === `/v1/checkout/sessions/${c.session_id}`),
    ).toBe(true);
  });

  it('does not serve the demo checkout when Stripe is configured', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/payments/demo/checkout/00000000-0000-4000-8000-000000000000/',
    });
    expect(res.statusCode).toBe(404);
  });
});
