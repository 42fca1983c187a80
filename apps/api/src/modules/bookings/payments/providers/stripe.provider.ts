import Stripe from 'stripe';
import {
  WebhookSignatureError,
  type CheckoutSession,
  type CreateCheckoutInput,
  type PaymentProvider,
  type ProviderEvent,
  type RefundInput,
  type RetrievedCheckout,
} from './payment.provider.ts';

export type StripeClientFactory = (secretKey: string) => Stripe;

const defaultFactory: StripeClientFactory = (secretKey) => new Stripe(secretKey, { maxNetworkRetries: 2 });
let clientFactory: StripeClientFactory = defaultFactory;

/**
 * Tests only: make the app's Stripe client talk to a local fake of Stripe's API
 * (`new Stripe(key, { host: '127.0.0.1', port, protocol: 'http' })`). Pass null to restore the real one.
 */
export function setStripeClientFactory(factory: StripeClientFactory | null) {
  clientFactory = factory ?? defaultFactory;
}

export function createStripeClient(secretKey: string): Stripe {
  return clientFactory(secretKey);
}

/** Stripe hosted Checkout (DESIGN §1.8): line items from the reservation, one idempotency key per reservation. */
export class StripePaymentProvider implements PaymentProvider {
  readonly name = 'stripe' as const;
  readonly client: Stripe;
  private readonly webhookSecret: string | undefined;

  constructor(client: Stripe, webhookSecret: string | undefined) {
    this.client = client;
    this.webhookSecret = webhookSecret;
  }

  async createCheckoutSession(input: CreateCheckoutInput): Promise<CheckoutSession> {
    const session = await this.client.checkout.sessions.create(
      {
        mode: 'payment',
        client_reference_id: input.reservationId,
        customer_email: input.customerEmail,
        line_items: input.lineItems.map((item) => ({
          quantity: item.quantity,
          price_data: {
            currency: input.currency.toLowerCase(),
            unit_amount: item.unitAmountCents,
            product_data: { name: item.name, description: item.description },
          },
        })),
        metadata: { reservation_id: input.reservationId, payment_id: input.paymentId },
        payment_intent_data: {
          metadata: { reservation_id: input.reservationId, payment_id: input.paymentId },
        },
        success_url: input.successUrl,
        cancel_url: input.cancelUrl,
        expires_at: Math.floor(input.expiresAt.getTime() / 1000),
      },
      { idempotencyKey: input.idempotencyKey },
    );
    if (!session.url) throw new Error('Stripe answered a checkout session without a URL');
    return { sessionId: session.id, url: session.url };
  }

  async retrieveCheckoutSession(sessionId: string): Promise<RetrievedCheckout | null> {
    const session = await this.client.checkout.sessions.retrieve(sessionId);
    return {
      sessionId: session.id,
      status: (session.status ?? 'open') as RetrievedCheckout['status'],
      paid: session.payment_status === 'paid' || session.payment_status === 'no_payment_required',
      providerPaymentId: paymentIntentId(session.payment_intent),
    };
  }

  async refund(input: RefundInput): Promise<{ refundId: string }> {
    if (!input.providerPaymentId) throw new Error('A Stripe refund needs the payment intent');
    const refund = await this.client.refunds.create(
      { payment_intent: input.providerPaymentId, amount: input.amountCents },
      { idempotencyKey: input.idempotencyKey },
    );
    return { refundId: refund.id };
  }

  /** Verifies the signature over the exact bytes received and reduces the event to what we act on. */
  parseWebhook(rawBody: Buffer, signature: string | undefined): ProviderEvent {
    if (!this.webhookSecret || !signature) throw new WebhookSignatureError('missing signature or secret');
    let event: Stripe.Event;
    try {
      event = this.client.webhooks.constructEvent(rawBody, signature, this.webhookSecret);
    } catch (err) {
      throw new WebhookSignatureError((err as Error).message);
    }
    const base = { eventId: event.id, type: event.type };
    switch (event.type) {
      case 'checkout.session.completed':
      case 'checkout.session.async_payment_succeeded': {
        const session = event.data.object;
        // A delayed payment method completes the session unpaid; its async_payment_succeeded event follows.
        if (session.payment_status === 'unpaid') return { kind: 'ignored', ...base };
        return {
          kind: 'checkout.completed',
          ...base,
          sessionId: session.id,
          providerPaymentId: paymentIntentId(session.payment_intent),
        };
      }
      case 'checkout.session.expired':
        return { kind: 'checkout.expired', ...base, sessionId: event.data.object.id };
      case 'checkout.session.async_payment_failed':
        return { kind: 'checkout.failed', ...base, sessionId: event.data.object.id };
      case 'charge.dispute.created': {
        // A chargeback (decision 228): the ledger reverses the payment; the booking keeps its sessions.
        const dispute = event.data.object;
        return {
          kind: 'charge.disputed',
          ...base,
          disputeId: dispute.id,
          providerPaymentId: paymentIntentId(dispute.payment_intent),
          amountCents: dispute.amount,
          currency: dispute.currency.toUpperCase(),
        };
      }
      default:
        return { kind: 'ignored', ...base };
    }
  }
}

function paymentIntentId(value: string | Stripe.PaymentIntent | null | undefined): string | null {
  if (!value) return null;
  return typeof value === 'string' ? value : value.id;
}
