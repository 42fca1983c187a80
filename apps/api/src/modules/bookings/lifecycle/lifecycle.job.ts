import type { AppInstance } from '../../../platform/http/app-instance.ts';
import { lifecycleDeps } from './lifecycle-deps.service.ts';
import { completeEndedSessions, processRefunds } from './lifecycle.service.ts';
import { expireLapsedHolds } from '../payments/payments.service.ts';
import { invalidateTutorBookings } from '../availability/booked.cache.ts';
import { startHoldExpiryJob } from '../reservations/hold-expiry.job.ts';

export const COMPLETION_INTERVAL_MS = 60_000;

/**
 * The lifecycle's background work, started by the app (not by a routes file) outside tests: every minute the
 * hold expiry (lapsed holds and checkouts), and the completion job (ended sessions become completed, refunds a
 * provider did not take yet are retried with their own idempotency keys). Rows are taken with SKIP LOCKED, so
 * several instances may run them at once. Tests call the steps themselves.
 */
export function registerLifecycleJobs(app: AppInstance): void {
  if (app.config.env === 'test') return;
  const stops: (() => Promise<void>)[] = [];
  app.addHook('onReady', async () => {
    const deps = await lifecycleDeps(app);
    stops.push(
      startHoldExpiryJob(
        () =>
          expireLapsedHolds({ db: app.db, onSessionsChanged: (ids) => ids.forEach(invalidateTutorBookings) }),
        app.log,
      ),
    );
    stops.push(
      startCompletionJob(async () => {
        const completed = await completeEndedSessions(app.db);
        const refunds = await processRefunds(deps);
        return { completed, refunds };
      }, app.log),
    );
  });
  app.addHook('onClose', async () => {
    await Promise.all(stops.map((stop) => stop()));
  });
}

/** Runs `step` every minute, never two runs at once; answers a function that stops it and waits for a run. */
export function startCompletionJob(
  step: () => Promise<{ completed: number; refunds: number }>,
  log: Pick<AppInstance['log'], 'info' | 'error'>,
  intervalMs = COMPLETION_INTERVAL_MS,
): () => Promise<void> {
  let running: Promise<void> | null = null;
  const tick = () => {
    if (running) return;
    running = step()
      .then((n) => {
        if (n.completed || n.refunds) log.info(n, 'lifecycle: completed sessions, sent refunds');
      })
      .catch((err: unknown) => log.error({ err }, 'lifecycle job failed'))
      .finally(() => {
        running = null;
      });
  };
  const timer = setInterval(tick, intervalMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
