import type { AppInstance } from '../../../platform/http/app-instance.ts';
import type { Job } from '../../../platform/jobs/runner.ts';
import { lifecycleDeps } from './lifecycle-deps.service.ts';
import { completeEndedSessions } from './completion.service.ts';
import { expireLapsedHolds, holdExpiryLag } from './hold-expiry.service.ts';
import { processRefunds } from './refunds.service.ts';
import { expireMoveRequests } from './move-requests.service.ts';
import { settleDueIncidents } from './incidents.service.ts';
import { invalidateTutorBookings } from '../availability/booked.cache.ts';
import { holdExpiryJob } from '../reservations/hold-expiry.job.ts';

export const COMPLETION_INTERVAL_MS = 60_000;

/**
 * The lifecycle's background work, on the app's job runner (not started by a routes file; off in tests, which
 * call the steps themselves): every minute the hold expiry (lapsed holds and checkouts), and the completion job
 * (ended sessions become completed, refunds a provider did not take yet are retried with their own idempotency
 * keys). Rows are taken with SKIP LOCKED.
 */
export function registerLifecycleJobs(app: AppInstance): void {
  app.jobs.add(
    holdExpiryJob(
      () =>
        expireLapsedHolds({ db: app.db, onSessionsChanged: (ids) => ids.forEach(invalidateTutorBookings) }),
      (now) => holdExpiryLag(app.db, now),
    ),
  );
  app.jobs.add(
    completionJob(async () => {
      // Move requests whose lesson has started expire first (decision 260).
      await expireMoveRequests(lifecycleDeps(app));
      // Interruptions not made up and absences not disputed by their deadline (decision 271).
      await settleDueIncidents(lifecycleDeps(app));
      const completed = await completeEndedSessions(app.db);
      const refunds = await processRefunds(lifecycleDeps(app));
      return { completed, refunds };
    }),
  );
}

/** `step` every minute: ended sessions completed, pending refunds sent. */
export function completionJob(
  step: () => Promise<{ completed: number; refunds: number }>,
  intervalMs = COMPLETION_INTERVAL_MS,
): Job<{ completed: number; refunds: number }> {
  return {
    name: 'lifecycle-completion',
    intervalMs,
    run: step,
    report: (n, log) => {
      if (n.completed || n.refunds) log.info(n, 'lifecycle: completed sessions, sent refunds');
    },
  };
}
