import { and, asc, eq, gt, inArray, sql } from 'drizzle-orm';
import { paidActiveSessionStatuses } from '@tibeb/domain/bookings/statuses';
import { queryRows, sqlList, type DbOrTx, type Tx } from '../../../platform/db/client.ts';
import { progressNotes, reservations, sessions } from '../../../platform/db/schema/bookings.ts';
import { tutors } from '../../../platform/db/schema/catalog.ts';
import { users } from '../../../platform/db/schema/users.ts';
import { sqlState, SqlState } from '../../../platform/db/errors.ts';

/**
 * A reservation's and its sessions' rows, as the lifecycle reads, locks and changes them (issue 11). Locks are
 * taken in one order everywhere (README.md): the tutor's advisory lock (only when time is taken or moved), then
 * the reservation row, then its payments, then its sessions.
 */

export type ReservationRow = typeof reservations.$inferSelect;
export type SessionRow = typeof sessions.$inferSelect;

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
          AND (status IN ${sqlList(paidActiveSessionStatuses)} OR (status = 'held' AND hold_expires_at > ${at}::timestamptz))
          ${exceptIds.length > 0 ? sql`AND NOT (id = ANY(${`{${exceptIds.join(',')}}`}::uuid[]))` : sql``}`,
  );
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

/**
 * Scheduled sessions of a reservation: the given ones, or (ids undefined) every one that has not started. Answers
 * the cancelled ones with their times, in time order (the refund's e-mails and audit name them).
 */
export async function cancelScheduledSessions(
  tx: Tx,
  reservationId: string,
  ids: string[] | undefined,
  now: Date,
  by: { userId: string | null; reason: string; outcome: string },
) {
  const scope = ids ? inArray(sessions.id, ids) : gt(sessions.startsAt, now);
  const cancelled = await tx
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
    .returning({
      id: sessions.id,
      tutorId: sessions.tutorId,
      startsAt: sessions.startsAt,
      endsAt: sessions.endsAt,
    });
  return cancelled.sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime());
}
