import { and, eq, inArray, lte, or, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { reservations, sessions } from '../../db/schema/index.ts';
import { invalidateTutorBookings } from './booked-cache.ts';

/**
 * Releases lapsed holds (DESIGN §1.4): held sessions whose hold has expired become `expired`, and so do their
 * reservations that are still waiting for payment. Answers the number of sessions released. The booking
 * transaction calls it for its tutor (under that tutor's lock) so lapsed holds stop blocking at once; the
 * payments module's every-minute job calls it for everyone.
 */
export async function expireLapsedHolds(
  db: DbOrTx,
  opts: { tutorId?: number; now?: Date } = {},
): Promise<number> {
  const now = opts.now ?? new Date();
  const sessionConds: SQL[] = [eq(sessions.status, 'held'), lte(sessions.holdExpiresAt, now)];
  const reservationConds: SQL[] = [eq(reservations.status, 'pending_payment')];
  if (opts.tutorId !== undefined) {
    sessionConds.push(eq(sessions.tutorId, opts.tutorId));
    reservationConds.push(eq(reservations.tutorId, opts.tutorId));
  }
  const released = await db
    .update(sessions)
    .set({ status: 'expired', updatedAt: now })
    .where(and(...sessionConds))
    .returning({ tutorId: sessions.tutorId, reservationId: sessions.reservationId });
  const reservationIds = [...new Set(released.map((r) => r.reservationId))];
  // A pending reservation expires with its hold, and with its sessions' holds.
  const lapsed = lte(reservations.holdExpiresAt, now);
  const expired = await db
    .update(reservations)
    .set({ status: 'expired', updatedAt: now })
    .where(
      and(
        ...reservationConds,
        reservationIds.length > 0 ? or(lapsed, inArray(reservations.id, reservationIds)) : lapsed,
      ),
    )
    .returning({ tutorId: reservations.tutorId });
  for (const tutorId of new Set([...released, ...expired].map((r) => r.tutorId))) {
    invalidateTutorBookings(tutorId);
  }
  return released.length;
}
