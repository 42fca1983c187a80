import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkoutEvent, FakeStripeServer } from '../test/fake-stripe-server.ts';
import { WebhookSignatureError } from './payment.provider.ts';
import { StripePaymentProvider } from './stripe.provider.ts';

describe('the Stripe provider against a local fake of the Stripe API', () => {
  let fake: FakeStripeServer;
  let provider: StripePaymentProvider;
  const secret = 'whsec_test_secret';

  beforeAll(async () => {
    fake = await new FakeStripeServer().start();
    provider = new StripePaymentProvider(fake.client(), secret);
  });
  afterAll(() => fake.stop());

  const input = {
    paymentId: '11111111-1111-4111-8111-111111111111',
    reservationId: '22222222-2222-4222-8222-222222222222',
    currency: 'USD',
    customerEmail: 'hana@example.com',
    lineItems: [
      { name: 'Tutoring: Mathematics', description: '4 weekly sessions', unitAmountCents: 2000, quantity: 4 },
    ],
    expiresAt: new Date(Date.now() + 45 * 60_000),
    successUrl: 'http://localhost:3000/payment-success?session_id={CHECKOUT_SESSION_ID}',
    cancelUrl: 'http://localhost:3000/payment-cancel',
    idempotencyKey: 'tibeb-checkout-22222222-2222-4222-8222-222222222222',
  };

  it('creates a hosted Checkout Session with line items, the reservation reference, URLs and an idempotency key', async () => {
    const session = await provider.createCheckoutSession(input);
    expect(session.sessionId).toMatch(/^cs_test_/);
    expect(session.url).toBe(`https://checkout.stripe.test/c/pay/${session.sessionId}`);

    const request = fake.requests.find((r) => r.method === 'POST' && r.path === '/v1/checkout/sessions')!;
    expect(request.headers['idempotency-key']).toBe(input.idempotencyKey);
    expect(request.headers.authorization).toBe('Bearer sk_test_fake');
    expect(request.form).toMatchObject({
      mode: 'payment',
      client_reference_id: input.reservationId,
      customer_email: 'hana@example.com',
      success_url: 'http://localhost:3000/payment-success?session_id={CHECKOUT_SESSION_ID}',
      cancel_url: 'http://localhost:3000/payment-cancel',
      'line_items[0][quantity]': '4',
      'line_items[0][price_data][unit_amount]': '2000',
      'line_items[0][price_data][currency]': 'usd',
      'line_items[0][price_data][product_data][name]': 'Tutoring: Mathematics',
      'metadata[reservation_id]': input.reservationId,
      expires_at: String(Math.floor(input.expiresAt.getTime() / 1000)),
    });
    expect(fake.sessions.get(session.sessionId)!.amount_total).toBe(8000);

    // The same key answers the same session, as Stripe does for a retried request.
    const again = await provider.createCheckoutSession(input);
    expect(again.sessionId).toBe(session.sessionId);
  });

  it('retrieves a session and refunds a payment intent with an idempotency key', async () => {
    const { sessionId } = await provider.createCheckoutSession({ ...input, idempotencyKey: 'k2' });
    expect(await provider.retrieveCheckoutSession(sessionId)).toMatchObject({ status: 'open', paid: false });
    const paid = fake.completeSession(sessionId);
    expect(await provider.retrieveCheckoutSession(sessionId)).toEqual({
      sessionId,
      status: 'complete',
      paid: true,
      providerPaymentId: paid.payment_intent,
    });

    const refund = await provider.refund({
      providerSessionId: sessionId,
      providerPaymentId: paid.payment_intent,
      amountCents: 2000,
      idempotencyKey: 'refund-1',
    });
    expect(refund.refundId).toMatch(/^re_test_/);
    const request = fake.requests.find((r) => r.path === '/v1/refunds')!;
    expect(request.form).toEqual({ payment_intent: paid.payment_intent, amount: '2000' });
    expect(request.headers['idempotency-key']).toBe('refund-1');
  });

  it('verifies webhook signatures made with the SDK’s test-header helper and refuses bad ones', async () => {
    const { sessionId } = await provider.createCheckoutSession({ ...input, idempotencyKey: 'k3' });
    const payload = checkoutEvent('checkout.session.completed', fake.completeSession(sessionId), 'evt_good');
    const header = provider.client.webhooks.generateTestHeaderString({ payload, secret });
    expect(provider.parseWebhook(Buffer.from(payload), header)).toMatchObject({
      kind: 'checkout.completed',
      eventId: 'evt_good',
      sessionId,
    });

    const forged = provider.client.webhooks.generateTestHeaderString({ payload, secret: 'whsec_wrong' });
    expect(() => provider.parseWebhook(Buffer.from(payload), forged)).toThrow(WebhookSignatureError);
    // One changed byte breaks the signature.
    expect(() => provider.parseWebhook(Buffer.from(payload.replace('evt_good', 'evt_gooe')), header)).toThrow(
      WebhookSignatureError,
    );
    expect(() => provider.parseWebhook(Buffer.from(payload), undefined)).toThrow(WebhookSignatureError);

    const expired = checkoutEvent('checkout.session.expired', fake.sessions.get(sessionId)!, 'evt_exp');
    const expiredHeader = provider.client.webhooks.generateTestHeaderString({ payload: expired, secret });
    expect(provider.parseWebhook(Buffer.from(expired), expiredHeader)).toMatchObject({
      kind: 'checkout.expired',
    });
  });
});
