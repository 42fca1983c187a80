import { markedSessionStatuses, upcomingSessionStatuses } from '@tibeb/domain/bookings/statuses';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { queryRows, sqlList, type Tx } from '../../../platform/db/client.ts';
import { reservations, sessions } from '../../../platform/db/schema/bookings.ts';

/**
 * The completion job's step: reservations with scheduled sessions whose end has passed, locked with SKIP
 * LOCKED (a reservation being changed right now is taken at the next tick), then those sessions.
 */
export async function lockReservationsWithEndedSessions(tx: Tx, now: Date, limit = 200) {
  const at = now.toISOString();
  return queryRows<{ id: string; tutor_id: number }>(
    tx,
    sql`SELECT r.id, r.tutor_id FROM reservations r
        WHERE r.status = 'confirmed'
          AND EXISTS (SELECT 1 FROM sessions s WHERE s.reservation_id = r.id AND s.status = 'scheduled'
                      AND s.ends_at <= ${at}::timestamptz)
        ORDER BY r.id
        LIMIT ${limit}
        FOR UPDATE OF r SKIP LOCKED`,
  );
}

export async function completeEndedSessions(tx: Tx, reservationIds: string[], now: Date) {
  if (reservationIds.length === 0) return [];
  return tx
    .update(sessions)
    .set({ status: 'completed', updatedAt: now })
    .where(
      and(
        inArray(sessions.reservationId, reservationIds),
        eq(sessions.status, 'scheduled'),
        sql`${sessions.endsAt} <= ${now.toISOString()}::timestamptz`,
      ),
    )
    .returning({ id: sessions.id, reservationId: sessions.reservationId });
}

/** Confirmed reservations of `ids` with no session left to come: they are completed. */
export async function completeFinishedReservations(tx: Tx, reservationIds: string[]) {
  if (reservationIds.length === 0) return [];
  return tx
    .update(reservations)
    .set({ status: 'completed', updatedAt: new Date() })
    .where(
      and(
        inArray(reservations.id, reservationIds),
        eq(reservations.status, 'confirmed'),
        sql`NOT EXISTS (SELECT 1 FROM sessions s WHERE s.reservation_id = ${reservations.id}
                        AND s.status IN ${sqlList(upcomingSessionStatuses)})`,
        sql`EXISTS (SELECT 1 FROM sessions s WHERE s.reservation_id = ${reservations.id}
                    AND s.status IN ${sqlList(markedSessionStatuses)})`,
      ),
    )
    .returning({ id: reservations.id });
}
