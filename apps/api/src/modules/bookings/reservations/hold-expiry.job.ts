import type { FastifyBaseLogger } from 'fastify';

export const HOLD_EXPIRY_INTERVAL_MS = 60_000;

/**
 * Runs `expire` every minute (DESIGN §1.4, §3). Each run takes rows with FOR UPDATE SKIP LOCKED, so several
 * instances can run it at once; a run that is still going when the next tick comes is not doubled.
 * Answers a function that stops the timer and waits for a run in progress.
 */
export function startHoldExpiryJob(
  expire: () => Promise<{ reservations: number; payments: number }>,
  log: FastifyBaseLogger,
  intervalMs = HOLD_EXPIRY_INTERVAL_MS,
): () => Promise<void> {
  let running: Promise<void> | null = null;
  const tick = () => {
    if (running) return;
    running = expire()
      .then((n) => {
        if (n.reservations || n.payments) log.info(n, 'hold expiry: released lapsed holds');
      })
      .catch((err: unknown) => log.error({ err }, 'hold expiry failed'))
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
