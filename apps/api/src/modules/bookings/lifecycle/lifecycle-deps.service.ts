import type { AppInstance } from '../../../platform/http/app-instance.ts';
import { createChapaProvider, createPaymentProvider } from '../payments/payments.routes.ts';
import type { LifecycleDeps } from './lifecycle.service.ts';

/** The lifecycle's dependencies from the app: database, mailer, log, the card provider, and Chapa when set. */
export async function lifecycleDeps(app: AppInstance): Promise<LifecycleDeps> {
  let provider: LifecycleDeps['provider'] = null;
  try {
    provider = await createPaymentProvider(app.config);
  } catch (err) {
    app.log.warn({ err }, 'no payment provider: refunds will wait');
  }
  return { db: app.db, mailer: app.mailer, log: app.log, provider, chapa: createChapaProvider(app.config) };
}
