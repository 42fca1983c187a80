import type { FastifyInstance } from 'fastify';
import { JobRunner, secondsOverdue, type Job, type JobLog } from '../jobs/runner.ts';
import type { DeliveryResult, Mailer } from './mailer.ts';

export const MAIL_OUTBOX_INTERVAL_MS = 2_000;
/** After a message is queued, a pass runs this soon (long enough for the caller's transaction to commit). */
const AFTER_QUEUED_MS = 50;
/** A pass that handled this many messages took a full batch: more may be due. */
const FULL_BATCH = 20;

/**
 * Delivers the shared mail queue (DESIGN §3): a pass every two seconds, at start, and one shortly after this
 * instance queues a message. Each pass takes rows with FOR UPDATE SKIP LOCKED, and a failed message is retried
 * with a growing delay until it is given up (`MAIL_MAX_ATTEMPTS`), so one bad message never holds the others.
 */
export function mailOutboxJob(
  mailer: Mailer,
  log: JobLog,
  intervalMs = MAIL_OUTBOX_INTERVAL_MS,
): Job<DeliveryResult> {
  return {
    name: 'mail-outbox',
    intervalMs,
    runAtStart: true,
    run: () => mailer.deliverDue(log),
    report: ({ sent, failed }, out) => {
      if (sent || failed) out.info({ sent, failed }, 'mail outbox: delivered');
    },
    again: ({ sent, failed }) => sent + failed >= FULL_BATCH,
    lag: async (now) => secondsOverdue(await mailer.oldestDue(now), now),
  };
}

/** The job on the app's runner, asked for a pass whenever this instance queues a message. */
export function registerMailOutboxJob(app: FastifyInstance): void {
  const job = app.jobs.add(mailOutboxJob(app.mailer, app.log));
  app.mailer.onQueued(() => job.trigger(AFTER_QUEUED_MS));
}

/**
 * The job on a runner of its own, for a process with no app (nothing keeps another process from running it at
 * the same time: the rows' SKIP LOCKED keeps each message to one of them). Answers a function that stops it and
 * waits for a pass in progress.
 */
export function startMailOutboxJob(
  mailer: Mailer,
  log: JobLog,
  intervalMs = MAIL_OUTBOX_INTERVAL_MS,
): () => Promise<void> {
  const runner = new JobRunner({ log });
  const job = runner.add(mailOutboxJob(mailer, log, intervalMs));
  mailer.onQueued(() => job.trigger(AFTER_QUEUED_MS));
  runner.start();
  return async () => {
    mailer.onQueued(undefined);
    await runner.stop();
  };
}
