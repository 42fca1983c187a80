import type { DbOrTx } from '../../../platform/db/client.ts';
import { secondsOverdue } from '../../../platform/jobs/runner.ts';
// A checkout past its own expiry is money: the payments repository closes it.
import { expireLapsedPayments } from '../payments/payments.repository.ts';
import { expireLapsedReservations, oldestLapsedHold } from './hold-expiry.repository.ts';

export type HoldExpiryDeps = {
  db: DbOrTx;
  /** Called with the tutors whose sessions changed (the booking module's booked-ranges cache). */
  onSessionsChanged: (tutorIds: number[]) => void;
};

/**
 * Releases lapsed holds (DESIGN §1.4, the one rule: a hold has lapsed when `hold_expires_at <= now`): the one
 * function that does it, whoever asks. The every-minute job calls it for everyone; it then also closes pending
 * checkouts past their own expiry. The booking transaction calls it for its tutor (`tutorId`, under that
 * tutor's lock) so that lapsed holds stop blocking at once; it touches no payment then. Answers how many
 * reservations, sessions and checkouts it ended.
 */
export async function expireLapsedHolds(
  deps: HoldExpiryDeps,
  now = new Date(),
  opts: { tutorId?: number } = {},
): Promise<{ reservations: number; sessions: number; payments: number }> {
  const expired = await expireLapsedReservations(deps.db, now, { tutorId: opts.tutorId });
  const payments = opts.tutorId === undefined ? await expireLapsedPayments(deps.db, now) : [];
  const tutorIds = [...new Set(expired.map((r) => r.tutorId))];
  if (tutorIds.length > 0) deps.onSessionsChanged(tutorIds);
  return {
    reservations: expired.length,
    sessions: expired.reduce((sum, r) => sum + r.sessions, 0),
    payments: payments.length,
  };
}

/** How long the oldest lapsed hold has waited for its release, in seconds (the job's lag at /api/metrics). */
export async function holdExpiryLag(db: DbOrTx, now: Date): Promise<number> {
  return secondsOverdue(await oldestLapsedHold(db, now), now);
}
