import type { FastifyBaseLogger } from 'fastify';
import type { Mailer } from './mailer.ts';

export const MAIL_OUTBOX_INTERVAL_MS = 2_000;
/** After a message is queued, a pass runs this soon (long enough for the caller's transaction to commit). */
const AFTER_QUEUED_MS = 50;

/**
 * Delivers the shared mail queue (DESIGN §3): a pass every two seconds, and one shortly after this instance
 * queues a message. Each pass takes rows with FOR UPDATE SKIP LOCKED, so every instance of a fleet can run it
 * and each message is delivered by one of them; a failed message is retried with a growing delay.
 * Answers a function that stops the timer and waits for a pass in progress.
 */
export function startMailOutboxJob(
  mailer: Mailer,
  log: FastifyBaseLogger,
  intervalMs = MAIL_OUTBOX_INTERVAL_MS,
): () => Promise<void> {
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;
  let soon: NodeJS.Timeout | null = null;
  const tick = () => {
    if (stopped) return;
    if (running) {
      // A message queued during a pass may have missed it: one more pass follows.
      again = true;
      return;
    }
    running = mailer
      .deliverDue(log)
      .then(({ sent, failed }) => {
        if (sent || failed) log.info({ sent, failed }, 'mail outbox: delivered');
        // A full batch may mean more is due.
        if (sent + failed >= 20) again = true;
      })
      .catch((err: unknown) => log.error({ err }, 'mail outbox pass failed'))
      .finally(() => {
        running = null;
        if (again) {
          again = false;
          tick();
        }
      });
  };
  mailer.onQueued(() => {
    if (soon || stopped) return;
    soon = setTimeout(() => {
      soon = null;
      tick();
    }, AFTER_QUEUED_MS);
    soon.unref();
  });
  const timer = setInterval(tick, intervalMs);
  timer.unref();
  tick();
  return async () => {
    stopped = true;
    clearInterval(timer);
    if (soon) clearTimeout(soon);
    mailer.onQueued(undefined);
    await running;
  };
}
