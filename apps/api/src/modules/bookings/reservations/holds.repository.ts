import type { DbOrTx } from '../../../platform/db/client.ts';
import { expireLapsedHolds as expire } from '../lifecycle/lifecycle.repository.ts';
import { invalidateTutorBookings } from '../availability/booked.cache.ts';

/**
 * Releases lapsed holds (DESIGN §1.4) through the lifecycle's one rule (bookings/lifecycle.repository.ts):
 * answers the number of sessions released. The booking transaction calls it for its tutor (under that tutor's
 * lock) so lapsed holds stop blocking at once; the lifecycle job calls it for everyone.
 */
export async function expireLapsedHolds(
  db: DbOrTx,
  opts: { tutorId?: number; now?: Date } = {},
): Promise<number> {
  const released = await expire(db, opts.now ?? new Date(), { tutorId: opts.tutorId });
  for (const tutorId of new Set(released.map((r) => r.tutorId))) invalidateTutorBookings(tutorId);
  return released.reduce((sum, r) => sum + r.sessions, 0);
}
