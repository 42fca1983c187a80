import { and, asc, eq, gt, inArray, ne, sql } from 'drizzle-orm';
import { queryRows, type DbOrTx, type Tx } from '../../../platform/db/client.ts';
import {
  bookingEvents,
  creditLedger,
  progressNotes,
  reservations,
  sessions,
} from '../../../platform/db/schema/bookings.ts';
import { tutors } from '../../../platform/db/schema/catalog.ts';
import { payments, refunds } from '../../../platform/db/schema/payments.ts';
import { users } from '../../../platform/db/schema/users.ts';
import { sqlState, SqlState } from '../../../platform/db/errors.ts';

/**
 * The lifecycle's SQL (issue 11). Locks are taken in one order everywhere (README.md): the tutor's advisory
 * lock (only when time is taken or moved), then the reservation row, then its payments, then its sessions.
 */

export type ReservationRow = typeof reservations.$inferSelect;
export type SessionRow = typeof sessions.$inferSelect;
export type PaymentRow = typeof payments.$inferSelect;
type SessionPatch = Partial<
  Pick<
    SessionRow,
    | 'status'
    | 'holdExpiresAt'
    | 'skipReason'
    | 'markedAt'
    | 'markedByUserId'
    | 'cancelledAt'
    | 'cancelledByUserId'
    | 'cancelReason'
    | 'cancelOutcome'
  >
>;

/** The session's reservation and tutor, read without a lock (to know which locks to take). */
export async function findSessionRef(db: DbOrTx, id: string) {
  const [row] = await db
    .select({ id: sessions.id, reservationId: sessions.reservationId, tutorId: sessions.tutorId })
    .from(sessions)
    .where(eq(sessions.id, id));
  return row ?? null;
}

export async function lockReservation(tx: Tx, id: string): Promise<ReservationRow | null> {
  const [row] = await tx.select().from(reservations).where(eq(reservations.id, id)).for('update');
  return row ?? null;
}

/** The reservation's sessions, locked, by start. Always after the reservation's own lock. */
export async function lockSessions(tx: Tx, reservationId: string): Promise<SessionRow[]> {
  return tx
    .select()
    .from(sessions)
    .where(eq(sessions.reservationId, reservationId))
    .orderBy(asc(sessions.startsAt))
    .for('update');
}

export async function listSessions(db: DbOrTx, reservationId: string): Promise<SessionRow[]> {
  return db
    .select()
    .from(sessions)
    .where(eq(sessions.reservationId, reservationId))
    .orderBy(asc(sessions.startsAt));
}

export async function updateSessions(tx: Tx, ids: string[], patch: SessionPatch) {
  if (ids.length === 0) return;
  await tx
    .update(sessions)
    .set({ ...patch, updatedAt: new Date() })
    .where(inArray(sessions.id, ids));
}

export async function updateReservation(
  tx: Tx,
  id: string,
  patch: Partial<
    Pick<
      ReservationRow,
      | 'status'
      | 'creditCents'
      | 'creditAppliedCents'
      | 'confirmedAt'
      | 'cancelledAt'
      | 'cancelReason'
      | 'familyUserId'
    >
  >,
) {
  await tx
    .update(reservations)
    .set({ ...patch, updatedAt: new Date() })
    .where(eq(reservations.id, id));
}

/**
 * Moves one session inside a savepoint: the exclusion constraint's refusal (SQLSTATE 23P01, another active
 * session of the tutor overlaps) fails only this move and answers 'clash'.
 */
export async function tryMoveSession(
  tx: Tx,
  id: string,
  startsAt: Date,
  endsAt: Date,
  rescheduledFrom: Date,
): Promise<'moved' | 'clash'> {
  try {
    await tx.transaction(async (sp) => {
      await sp
        .update(sessions)
        .set({ startsAt, endsAt, rescheduledFromStartsAt: rescheduledFrom, updatedAt: new Date() })
        .where(eq(sessions.id, id));
    });
    return 'moved';
  } catch (err) {
    if (sqlState(err) === SqlState.exclusionViolation) return 'clash';
    throw err;
  }
}

/** Active sessions of a tutor overlapping [from, to), other than `exceptIds`. */
export async function findOverlapping(
  db: DbOrTx,
  tutorId: number,
  from: Date,
  to: Date,
  exceptIds: string[],
  now: Date,
) {
  const at = now.toISOString();
  return queryRows<{ id: string }>(
    db,
    sql`SELECT id FROM sessions
        WHERE tutor_id = ${tutorId}
          AND starts_at < ${to.toISOString()}::timestamptz AND ends_at > ${from.toISOString()}::timestamptz
          AND (status IN ('scheduled', 'completed') OR (status = 'held' AND hold_expires_at > ${at}::timestamptz))
          ${exceptIds.length > 0 ? sql`AND NOT (id = ANY(${`{${exceptIds.join(',')}}`}::uuid[]))` : sql``}`,
  );
}

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

export async function listEvents(db: DbOrTx, reservationId: string) {
  return db
    .select()
    .from(bookingEvents)
    .where(eq(bookingEvents.reservationId, reservationId))
    .orderBy(asc(bookingEvents.createdAt));
}

export type CreditKind = (typeof creditLedger.$inferInsert)['kind'];

export async function insertCredit(
  db: DbOrTx,
  row: {
    familyEmail: string;
    amountCents: number;
    kind: CreditKind;
    reservationId?: string | null;
    sessionId?: string | null;
    createdByUserId?: string | null;
    note?: string;
    currency?: string;
  },
) {
  if (row.amountCents === 0) return;
  await db.insert(creditLedger).values({
    familyEmail: row.familyEmail.trim().toLowerCase(),
    amountCents: row.amountCents,
    currency: row.currency ?? 'USD',
    kind: row.kind,
    reservationId: row.reservationId ?? null,
    sessionId: row.sessionId ?? null,
    createdByUserId: row.createdByUserId ?? null,
    note: row.note ?? '',
  });
}

/**
 * A family's credit balance. Inside a transaction that spends it, the family's advisory lock (taken first)
 * makes two checkouts of one family take turns, so credit is never spent twice.
 */
export async function creditBalance(db: DbOrTx, email: string, currency = 'USD'): Promise<number> {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${creditLedger.amountCents}), 0)` })
    .from(creditLedger)
    .where(
      and(eq(creditLedger.familyEmail, email.trim().toLowerCase()), eq(creditLedger.currency, currency)),
    );
  return Number(row?.total ?? 0);
}

/** Credit rows of a reservation of one kind (what a released checkout gives back). */
export async function creditOfReservation(db: DbOrTx, reservationId: string, kind: CreditKind) {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${creditLedger.amountCents}), 0)` })
    .from(creditLedger)
    .where(and(eq(creditLedger.reservationId, reservationId), eq(creditLedger.kind, kind)));
  return Number(row?.total ?? 0);
}

export async function lockFamilyCredit(tx: Tx, email: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(7302, hashtext(${email.trim().toLowerCase()}))`);
}

/** Paid payments of a reservation, locked (after the reservation's lock), oldest first. */
export async function lockPaidPayments(tx: Tx, reservationId: string): Promise<PaymentRow[]> {
  return tx
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.reservationId, reservationId),
        inArray(payments.status, ['paid', 'partially_refunded']),
        ne(payments.provider, 'credit'),
      ),
    )
    .orderBy(asc(payments.createdAt))
    .for('update');
}

export async function insertPendingRefund(
  tx: Tx,
  values: {
    paymentId: string;
    amountCents: number;
    currency: string;
    idempotencyKey: string;
    sessionId: string | null;
    reason: string;
    createdByUserId: string | null;
  },
) {
  const [row] = await tx
    .insert(refunds)
    .values({ ...values, status: 'pending' })
    .onConflictDoNothing()
    .returning({ id: refunds.id });
  return row ?? null;
}

/** Refunds still waiting for the provider (retried by the lifecycle job). */
export async function listPendingRefunds(db: DbOrTx, ids?: string[]) {
  return db
    .select({ refund: refunds, payment: payments })
    .from(refunds)
    .innerJoin(payments, eq(payments.id, refunds.paymentId))
    .where(and(eq(refunds.status, 'pending'), ids ? inArray(refunds.id, ids) : undefined))
    .limit(100);
}

export async function findTutorContact(db: DbOrTx, tutorId: number) {
  const [row] = await db
    .select({
      id: tutors.id,
      fullName: tutors.fullName,
      userId: tutors.userId,
      email: users.email,
      locale: users.locale,
      timeZone: tutors.timeZone,
    })
    .from(tutors)
    .leftJoin(users, eq(users.id, tutors.userId))
    .where(eq(tutors.id, tutorId));
  return row ?? null;
}

export async function insertProgressNote(
  tx: Tx,
  values: {
    tutorId: number;
    studentUserId: string | null;
    reservationId: string;
    sessionId: string;
    note: string;
  },
) {
  await tx.insert(progressNotes).values(values);
}

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
                        AND s.status IN ('scheduled', 'held'))`,
        sql`EXISTS (SELECT 1 FROM sessions s WHERE s.reservation_id = ${reservations.id}
                    AND s.status IN ('completed', 'no_show'))`,
      ),
    )
    .returning({ id: reservations.id });
}

export async function futureScheduledCount(db: DbOrTx, reservationId: string, now: Date) {
  const rows = await db
    .select({ id: sessions.id })
    .from(sessions)
    .where(
      and(
        eq(sessions.reservationId, reservationId),
        eq(sessions.status, 'scheduled'),
        gt(sessions.startsAt, now),
      ),
    );
  return rows.length;
}


/**
 * Releases lapsed holds (DESIGN §1.4, the one rule: a hold has lapsed when `hold_expires_at <= now`).
 * Takes the lapsed pending reservations first (FOR UPDATE SKIP LOCKED: a checkout or booking working on one
 * is never waited for), then their held sessions: the documented order, so it cannot deadlock with a booking
 * or a payment. Optionally for one tutor (the booking path, under that tutor's lock).
 */
export async function expireLapsedHolds(
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

/** held → scheduled for a paid reservation whose hold is still valid. */
export async function scheduleHeldSessions(tx: Tx, reservationId: string) {
  return tx
    .update(sessions)
    .set({ status: 'scheduled', holdExpiresAt: null, updatedAt: new Date() })
    .where(and(eq(sessions.reservationId, reservationId), eq(sessions.status, 'held')))
    .returning({ id: sessions.id });
}

/**
 * Makes one session active again (late payment after a lapsed hold) inside a savepoint, so a clash with
 * someone else's booking (SQLSTATE 23P01 from the exclusion constraint) fails only this session.
 */
export async function tryReactivateSession(tx: Tx, id: string): Promise<'scheduled' | 'clash'> {
  try {
    await tx.transaction(async (sp) => {
      await sp
        .update(sessions)
        .set({ status: 'scheduled', holdExpiresAt: null, skipReason: '', updatedAt: new Date() })
        .where(eq(sessions.id, id));
    });
    return 'scheduled';
  } catch (err) {
    if (sqlState(err) === SqlState.exclusionViolation) return 'clash';
    throw err;
  }
}

/** Releases a checkout's hold at once: its held sessions stop blocking the tutor's calendar. */
export async function releaseHeldSessions(tx: Tx, reservationId: string, status: 'expired' | 'cancelled') {
  return tx
    .update(sessions)
    .set({ status, holdExpiresAt: null, updatedAt: new Date() })
    .where(and(eq(sessions.reservationId, reservationId), eq(sessions.status, 'held')))
    .returning({ id: sessions.id });
}

/** Scheduled sessions of a reservation: the given ones, or (ids undefined) every one that has not started. */
export async function cancelScheduledSessions(
  tx: Tx,
  reservationId: string,
  ids: string[] | undefined,
  now: Date,
  by: { userId: string | null; reason: string; outcome: string },
) {
  const scope = ids ? inArray(sessions.id, ids) : gt(sessions.startsAt, now);
  return tx
    .update(sessions)
    .set({
      status: 'cancelled',
      cancelledAt: now,
      cancelledByUserId: by.userId,
      cancelReason: by.reason,
      cancelOutcome: by.outcome,
      updatedAt: new Date(),
    })
    .where(and(eq(sessions.reservationId, reservationId), eq(sessions.status, 'scheduled'), scope))
    .returning({ id: sessions.id, tutorId: sessions.tutorId });
}
