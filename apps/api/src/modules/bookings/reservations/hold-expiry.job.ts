import type { Job } from '../../../platform/jobs/runner.ts';

export const HOLD_EXPIRY_INTERVAL_MS = 60_000;

export type ExpiredHolds = { reservations: number; payments: number };

/**
 * Runs `expire` every minute (DESIGN §1.4, §3) on the app's job runner: lapsed holds and checkouts are released.
 * Each run takes rows with FOR UPDATE SKIP LOCKED, and the runner's lease keeps it to one instance at a time.
 * `lag`: how long the oldest lapsed hold has waited (`/api/metrics`).
 */
export function holdExpiryJob(
  expire: () => Promise<ExpiredHolds>,
  lag?: Job['lag'],
  intervalMs = HOLD_EXPIRY_INTERVAL_MS,
): Job<ExpiredHolds> {
  return {
    name: 'hold-expiry',
    intervalMs,
    run: expire,
    lag,
    report: (n, log) => {
      if (n.reservations || n.payments) log.info(n, 'hold expiry: released lapsed holds');
    },
  };
}
