import { bookingEvents } from '../../../platform/db/schema/bookings.ts';
import type { DbOrTx } from '../../../platform/db/client.ts';

/** The booking's history (`booking_events`): one row per change, written in the transaction that makes it. */

export type BookingEvent = {
  reservationId: string;
  sessionId?: string | null;
  actorUserId?: string | null;
  action: string;
  detail?: Record<string, unknown>;
};

export async function insertEvents(db: DbOrTx, rows: BookingEvent[]) {
  if (rows.length === 0) return;
  await db.insert(bookingEvents).values(
    rows.map((r) => ({
      reservationId: r.reservationId,
      sessionId: r.sessionId ?? null,
      actorUserId: r.actorUserId ?? null,
      action: r.action,
      detail: r.detail ?? {},
    })),
  );
}
