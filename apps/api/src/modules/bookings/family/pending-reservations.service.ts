import type { ReservationSummary } from '@tibeb/domain/bookings/payload';
import type { DbOrTx } from '../../../platform/db/client.ts';
import { reservationSummary } from '../lifecycle/summary.service.ts';
import { pendingReservationIds } from './pending-reservations.repository.ts';

/**
 * The signed-in family's own bookings waiting for payment, as reservation summaries, newest first (decision
 * 253); one whose hold lapsed between the two reads is left out.
 */
export async function pendingReservations(db: DbOrTx, userId: string): Promise<ReservationSummary[]> {
  const now = new Date();
  const ids = await pendingReservationIds(db, userId, now);
  const summaries = await Promise.all(ids.map((id) => reservationSummary(db, id, { now })));
  return summaries.filter((s) => s.status === 'pending_payment');
}
