import type { AppInstance } from '../../platform/http/app-instance.ts';
import { secondsOverdue, type Job } from '../../platform/jobs/runner.ts';
import { nextFreeIdle, nextFreeLag, refreshDueNextFree, watchTutorSchedules } from './next-free.service.ts';

export const NEXT_FREE_INTERVAL_MS = 60_000;

type Refreshed = { refreshed: number; changed: number; full: boolean };

/**
 * Every minute, the tutors whose stored next free time is due (decision 239: its start is about to fall inside
 * the lead time, or it was last computed too long ago) are computed again, 200 at a time (another run follows at
 * once after a full batch). `lag`: how long the longest-due tutor has waited (`/api/metrics`).
 */
export function nextFreeJob(
  step: () => Promise<Refreshed>,
  lag?: Job['lag'],
  intervalMs = NEXT_FREE_INTERVAL_MS,
): Job<Refreshed> {
  return {
    name: 'tutor-next-free',
    intervalMs,
    runAtStart: true,
    run: step,
    lag,
    again: (r) => r.full,
    report: (r, log) => {
      if (r.changed) log.info(r, 'next free times: recomputed');
    },
  };
}

/**
 * The catalog's part in keeping next free times current: the job for passing time, and the listener that
 * recomputes a tutor's when its schedule or sessions change (off again when the app closes, after the last
 * recomputation has finished).
 */
export function registerNextFree(app: AppInstance): void {
  app.jobs.add(
    nextFreeJob(
      () => refreshDueNextFree(app.db),
      async (now) => secondsOverdue(await nextFreeLag(app.db, now), now),
    ),
  );
  const stop = watchTutorSchedules(app.db, app.log);
  app.addHook('onClose', async () => {
    stop();
    await nextFreeIdle(app.db);
  });
}
