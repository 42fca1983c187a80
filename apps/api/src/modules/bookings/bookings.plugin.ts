import type { AppInstance } from '../../platform/http/app-instance.ts';
import { adminPaymentsRoutes } from './admin/admin-payments.routes.ts';
import { adminReservationsRoutes } from './admin/admin-reservations.routes.ts';
import { familyRoutes } from './family/family.routes.ts';
import { homeworkRoutes } from './homework/homework.routes.ts';
import { adminLedgerRoutes } from './ledger/admin-ledger.routes.ts';
import { earningsRoutes } from './ledger/earnings.routes.ts';
import { reconciliationRoutes } from './ledger/reconciliation.routes.ts';
import { payoutsRoutes } from './payouts/payouts.routes.ts';
import { registerLifecycleJobs } from './lifecycle/lifecycle.job.ts';
import { bookingsRoutes } from './lifecycle/lifecycle.routes.ts';
import { progressNotesRoutes } from './lifecycle/progress-notes.routes.ts';
import { paymentsRoutes } from './payments/payments.routes.ts';
import { decoratePaymentProviders } from './payments/providers/payment-providers.service.ts';
import { registerRenewalReminderJob } from './renewals/renewal-reminder.job.ts';
import { reservationsRoutes } from './reservations/reservations.routes.ts';
import { trialFollowUpJob } from './reservations/trial-followup.service.ts';
import { trialRoutes } from './reservations/trial.routes.ts';

/**
 * The booking business: availability, planning and holds, checkout and provider events, the lifecycle (cancel,
 * reschedule, attendance, completion, credit, refunds), renewals, the family's area and the admin's lists.
 */
export async function registerBookings(app: AppInstance) {
  // Stripe (or the demo checkout) and Chapa, built once for every route and job.
  await decoratePaymentProviders(app);
  await app.register(reservationsRoutes, { prefix: '/api' });
  await app.register(trialRoutes, { prefix: '/api' });
  await app.register(paymentsRoutes, { prefix: '/api' });
  await app.register(bookingsRoutes, { prefix: '/api' });
  await app.register(progressNotesRoutes, { prefix: '/api' });
  await app.register(familyRoutes, { prefix: '/api' });
  // Homework on lessons (issue 30 item 5).
  await app.register(homeworkRoutes, { prefix: '/api' });
  await app.register(adminReservationsRoutes, { prefix: '/api' });
  await app.register(adminPaymentsRoutes, { prefix: '/api' });
  await app.register(earningsRoutes, { prefix: '/api' });
  await app.register(payoutsRoutes, { prefix: '/api' });
  await app.register(adminLedgerRoutes, { prefix: '/api' });
  await app.register(reconciliationRoutes, { prefix: '/api' });
  // Hold expiry, session completion and refund retries; renewal reminders.
  registerLifecycleJobs(app);
  registerRenewalReminderJob(app);
  // An hour after a trial lesson, the family is asked to continue weekly (decision 273).
  app.jobs.add(trialFollowUpJob(app.db, app.mailer, app.config.publicUrl));
}
