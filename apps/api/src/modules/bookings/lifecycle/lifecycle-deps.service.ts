import type { AppInstance } from '../../../platform/http/app-instance.ts';
import type { LifecycleDeps } from './lifecycle.service.ts';

/** The lifecycle's dependencies from the app: database, mailer, log, the card provider, and Chapa when set. */
export async function lifecycleDeps(app: AppInstance): Promise<LifecycleDeps> {
  return { db: app.db, mailer: app.mailer, log: app.log, provider: app.payments.card, chapa: app.payments.chapa };
}
