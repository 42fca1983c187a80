/**
 * What the payments service needs from a payment provider (DESIGN §1.8). Card payments in dollars: `stripe`
 * (hosted Checkout, signed webhooks) or `demo` (a checkout page served by this app); birr: `chapa` (issue 18).
 */
export type ProviderName = 'stripe' | 'demo' | 'chapa';

export type CheckoutLineItem = {
  name: string;
  description: string;
  unitAmountCents: number;
  quantity: number;
};

export type CreateCheckoutInput = {
  /** Our payment row's id, chosen before the provider is called (the demo page's address uses it). */
  paymentId: string;
  reservationId: string;
  currency: string;
  customerEmail: string;
  /** The payer's name (Chapa's first and last name fields). */
  customerName?: string;
  lineItems: CheckoutLineItem[];
  expiresAt: Date;
  successUrl: string;
  cancelUrl: string;
  /** One key per reservation: a retried request returns the same checkout instead of a second one. */
  idempotencyKey: string;
};

export type CheckoutSession = { sessionId: string; url: string };

export type RetrievedCheckout = {
  sessionId: string;
  /** complete + paid: the money is taken; expired: it never will be. */
  status: 'open' | 'complete' | 'expired';
  paid: boolean;
  providerPaymentId: string | null;
  /** What the provider says was charged, when it says (Chapa's verify): compared with our amount. */
  amountCents?: number | null;
  currency?: string | null;
};

export type RefundInput = {
  providerSessionId: string;
  providerPaymentId: string | null;
  amountCents: number;
  idempotencyKey: string;
};

/** A verified provider event, reduced to what the service acts on. */
export type ProviderEvent =
  | {
      kind: 'checkout.completed';
      eventId: string;
      type: string;
      sessionId: string;
      providerPaymentId: string | null;
    }
  | { kind: 'checkout.expired' | 'checkout.failed'; eventId: string; type: string; sessionId: string }
  | { kind: 'ignored'; eventId: string; type: string }
  /** A chargeback opened by the family's bank (Stripe `charge.dispute.created`; decision 228). */
  | {
      kind: 'charge.disputed';
      eventId: string;
      type: string;
      disputeId: string;
      providerPaymentId: string | null;
      amountCents: number;
      currency: string;
    };

export interface PaymentProvider {
  readonly name: ProviderName;
  createCheckoutSession(input: CreateCheckoutInput): Promise<CheckoutSession>;
  /** The provider's view of a checkout, so the success page can tell the truth before a webhook arrives. */
  retrieveCheckoutSession(sessionId: string): Promise<RetrievedCheckout | null>;
  refund(input: RefundInput): Promise<{ refundId: string }>;
}

export class WebhookSignatureError extends Error {}

/**
 * The provider refused to open a checkout because its reference is already in use (Chapa refuses a second
 * initialize with one tx_ref): another request opened it, or is opening it right now.
 */
export class CheckoutAlreadyOpenedError extends Error {}
