import type { Config } from '../../../../platform/config.ts';
import type { AppInstance } from '../../../../platform/http/app-instance.ts';
import { ChapaPaymentProvider } from './chapa.provider.ts';
import { DemoPaymentProvider } from './demo.provider.ts';
import type { PaymentProvider } from './payment.provider.ts';

/** The payment providers this instance speaks to, built once (bookings.plugin.ts) and shared by every route and job. */
export type PaymentProviders = {
  /** The card checkout: Stripe, or the demo checkout. */
  card: PaymentProvider;
  /** Birr through Chapa, when CHAPA_SECRET_KEY is set. */
  chapa: ChapaPaymentProvider | null;
};

declare module 'fastify' {
  interface FastifyInstance {
    payments: PaymentProviders;
  }
}

/**
 * stripe when STRIPE_SECRET_KEY is set; otherwise the demo checkout (config refuses that in production).
 * The Stripe SDK is loaded only when it is used: importing it costs about 35 MB of memory (DESIGN §4).
 */
export async function createPaymentProvider(config: Config): Promise<PaymentProvider> {
  if (config.stripe) {
    const { createStripeClient, StripePaymentProvider } = await import('./stripe.provider.ts');
    return new StripePaymentProvider(
      createStripeClient(config.stripe.secretKey),
      config.stripe.webhookSecret,
    );
  }
  if (!config.paymentsDemo) throw new Error('No payment provider: set STRIPE_SECRET_KEY or PAYMENTS_DEMO=1');
  return new DemoPaymentProvider(config.publicUrl);
}

/** Chapa when CHAPA_SECRET_KEY is set (birr, issue 18 §3); null otherwise. No SDK: its REST API over fetch. */
export function createChapaProvider(config: Config): ChapaPaymentProvider | null {
  if (!config.chapa) return null;
  return new ChapaPaymentProvider({ ...config.chapa, publicUrl: config.publicUrl });
}

/** Builds the providers once and decorates the app with them (`app.payments`). */
export async function decoratePaymentProviders(app: AppInstance): Promise<void> {
  app.decorate('payments', {
    card: await createPaymentProvider(app.config),
    chapa: createChapaProvider(app.config),
  });
}
