import { sql } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '../../../platform/db/client.ts';

/**
 * The SQL of hold expiry (its one caller is hold-expiry.service.ts): lapsed reservations become `expired`, and
 * their held sessions too, with one `hold_expired` event each (DESIGN §1.4, the one rule: a hold has lapsed
 * when `hold_expires_at <= now`). Takes the lapsed pending reservations first (FOR UPDATE SKIP LOCKED: a
 * checkout or booking working on one is never waited for), then their held sessions: the documented order, so
 * it cannot deadlock with a booking or a payment. Optionally for one tutor (the booking path, under that
 * tutor's lock).
 */
/** When the oldest hold still unreleased lapsed, a session's or a checkout's (null: none). */
export async function oldestLapsedHold(db: DbOrTx, now: Date): Promise<Date | string | null> {
  const at = now.toISOString();
  const [row] = await queryRows<{ oldest: Date | string | null }>(
    db,
    sql`SELECT least(
          (SELECT min(hold_expires_at) FROM sessions
            WHERE status = 'held' AND hold_expires_at <= ${at}::timestamptz),
          (SELECT min(hold_expires_at) FROM reservations
            WHERE status = 'pending_payment' AND hold_expires_at <= ${at}::timestamptz)) AS oldest`,
  );
  return row?.oldest ?? null;
}

export async function expireLapsedReservations(
  db: DbOrTx,
  now: Date,
  opts: { tutorId?: number; limit?: number } = {},
) {
  const at = now.toISOString();
  const rows = await queryRows<{ id: string; tutor_id: number; sessions: string | number }>(
    db,
    sql`WITH lapsed AS (
          SELECT id FROM reservations
          WHERE status = 'pending_payment' AND hold_expires_at <= ${at}::timestamptz
            ${opts.tutorId !== undefined ? sql`AND tutor_id = ${opts.tutorId}` : sql``}
          ORDER BY id
          LIMIT ${opts.limit ?? 500}
          FOR UPDATE SKIP LOCKED
        ), expired_reservations AS (
          UPDATE reservations r SET status = 'expired', updated_at = now()
          FROM lapsed WHERE r.id = lapsed.id
          RETURNING r.id, r.tutor_id
        ), expired_sessions AS (
          UPDATE sessions s SET status = 'expired', hold_expires_at = NULL, updated_at = now()
          FROM expired_reservations e WHERE s.reservation_id = e.id AND s.status = 'held'
          RETURNING s.reservation_id
        ), events AS (
          INSERT INTO booking_events (reservation_id, action, detail)
          SELECT e.id, 'hold_expired', '{}'::jsonb FROM expired_reservations e
        )
        SELECT e.id, e.tutor_id,
               (SELECT count(*) FROM expired_sessions x WHERE x.reservation_id = e.id) AS sessions
        FROM expired_reservations e`,
  );
  return rows.map((r) => ({
    reservationId: r.id,
    tutorId: Number(r.tutor_id),
    sessions: Number(r.sessions),
  }));
}
