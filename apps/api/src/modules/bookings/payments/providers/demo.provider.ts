import { randomUUID } from 'node:crypto';
import type {
  CheckoutSession,
  CreateCheckoutInput,
  PaymentProvider,
  RefundInput,
  RetrievedCheckout,
} from './payment.provider.ts';

/**
 * The demo provider (DESIGN §1.8): the "hosted checkout" is a page this app serves at
 * `/api/payments/demo/checkout/<payment id>/`; its Pay and Cancel buttons post back to the app and finish
 * through the same service functions as a provider's webhook. Nothing is charged; refunds are only recorded.
 */
export class DemoPaymentProvider implements PaymentProvider {
  readonly name = 'demo' as const;
  private readonly publicUrl: string;

  constructor(publicUrl: string) {
    this.publicUrl = publicUrl;
  }

  async createCheckoutSession(input: CreateCheckoutInput): Promise<CheckoutSession> {
    return {
      sessionId: `demo_cs_${randomUUID().replaceAll('-', '')}`,
      url: `${this.publicUrl}/api/payments/demo/checkout/${input.paymentId}/`,
    };
  }

  // The demo checkout's state lives only in our payments table.
  async retrieveCheckoutSession(_sessionId: string): Promise<RetrievedCheckout | null> {
    return null;
  }

  async refund(_input: RefundInput): Promise<{ refundId: string }> {
    return { refundId: `demo_re_${randomUUID().replaceAll('-', '')}` };
  }
}
