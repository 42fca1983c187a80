import { and, asc, eq, gt, gte, inArray, lt, sql } from 'drizzle-orm';
import { ADMIN_ROLES } from '@tibeb/domain/accounts/roles';
import type { MoveRequestStatus } from '@tibeb/domain/bookings/statuses';
import type { DbOrTx, Tx } from '../../../platform/db/client.ts';
import { reservations, sessionMoveRequests, sessions } from '../../../platform/db/schema/bookings.ts';
import { tutors } from '../../../platform/db/schema/catalog.ts';
import { contactMessages } from '../../../platform/db/schema/content.ts';
import { users } from '../../../platform/db/schema/users.ts';

/**
 * The tutor's side of changes (decision 260): move requests (`session_move_requests`, one row per lesson, a batch
 * per move), the tutor's lessons of a day, and "ask the office" (a contact message the admins already read).
 */

export type MoveRequestRow = typeof sessionMoveRequests.$inferSelect;

export async function insertRequests(
  tx: Tx,
  rows: { sessionId: string; batchId: string; startsAt: Date; endsAt: Date; reason: string; by: string }[],
) {
  return tx
    .insert(sessionMoveRequests)
    .values(
      rows.map((r) => ({
        sessionId: r.sessionId,
        batchId: r.batchId,
        startsAt: r.startsAt,
        endsAt: r.endsAt,
        reason: r.reason,
        requestedByUserId: r.by,
      })),
    )
    .returning();
}

/** Pending requests touching these sessions. */
export async function pendingForSessions(db: DbOrTx, sessionIds: string[]) {
  if (sessionIds.length === 0) return [];
  return db
    .select()
    .from(sessionMoveRequests)
    .where(
      and(inArray(sessionMoveRequests.sessionId, sessionIds), eq(sessionMoveRequests.status, 'pending')),
    );
}

/** One batch's rows (locked when `tx` is a transaction that asks), by the lesson's present start. */
export async function batchRows(db: DbOrTx, batchId: string, lock = false) {
  const q = db
    .select({
      request: sessionMoveRequests,
      sessionStartsAt: sessions.startsAt,
      sessionEndsAt: sessions.endsAt,
      sessionStatus: sessions.status,
      reservationId: sessions.reservationId,
      tutorId: sessions.tutorId,
    })
    .from(sessionMoveRequests)
    .innerJoin(sessions, eq(sessions.id, sessionMoveRequests.sessionId))
    .where(eq(sessionMoveRequests.batchId, batchId))
    .orderBy(asc(sessions.startsAt));
  return lock ? q.for('update', { of: sessionMoveRequests }) : q;
}

export async function setBatchStatus(db: DbOrTx, batchId: string, status: MoveRequestStatus, at: Date) {
  return db
    .update(sessionMoveRequests)
    .set({ status, decidedAt: at })
    .where(and(eq(sessionMoveRequests.batchId, batchId), eq(sessionMoveRequests.status, 'pending')))
    .returning({ id: sessionMoveRequests.id });
}

/** Pending requests on cancelled or gone lessons are closed (withdrawn): nothing is left to move. */
export async function closeForSessions(db: DbOrTx, sessionIds: string[], at: Date) {
  if (sessionIds.length === 0) return;
  const batches = await db
    .selectDistinct({ batchId: sessionMoveRequests.batchId })
    .from(sessionMoveRequests)
    .where(
      and(inArray(sessionMoveRequests.sessionId, sessionIds), eq(sessionMoveRequests.status, 'pending')),
    );
  const ids = batches.map((b) => b.batchId).filter((b): b is string => b !== null);
  if (ids.length === 0) return;
  await db
    .update(sessionMoveRequests)
    .set({ status: 'withdrawn', decidedAt: at })
    .where(and(inArray(sessionMoveRequests.batchId, ids), eq(sessionMoveRequests.status, 'pending')));
}

/** Every pending batch one of whose lessons has started: expired (decision 260). Answers the batches. */
export async function expireStarted(db: DbOrTx, now: Date): Promise<string[]> {
  const rows = (await db.execute(
    sql`UPDATE session_move_requests SET status = 'expired', decided_at = ${now.toISOString()}::timestamptz
        WHERE status = 'pending' AND batch_id IN (
          SELECT r.batch_id FROM session_move_requests r JOIN sessions s ON s.id = r.session_id
          WHERE r.status = 'pending' AND s.starts_at <= ${now.toISOString()}::timestamptz)
        RETURNING batch_id`,
  )) as unknown as { rows: { batch_id: string }[] };
  return [...new Set(rows.rows.map((r) => r.batch_id))];
}

/** The rows of pending requests, for the family's account or the tutor's lessons, with what the cards show. */
export async function listPending(db: DbOrTx, who: { familyUserId: string } | { tutorId: number }) {
  return db
    .select({
      request: sessionMoveRequests,
      sessionStartsAt: sessions.startsAt,
      sessionEndsAt: sessions.endsAt,
      student: reservations.studentFullName,
      subject: reservations.subject,
      familyUserId: reservations.familyUserId,
      timeZone: reservations.timeZone,
      // The account's zone, else the one the booking's wizard sent (decision 262).
      familyTimeZone: sql<string>`coalesce(nullif(${users.timeZone}, ''), ${reservations.familyTimeZone})`,
      tutorName: tutors.fullName,
    })
    .from(sessionMoveRequests)
    .innerJoin(sessions, eq(sessions.id, sessionMoveRequests.sessionId))
    .innerJoin(reservations, eq(reservations.id, sessions.reservationId))
    .innerJoin(tutors, eq(tutors.id, sessions.tutorId))
    .leftJoin(users, eq(users.id, reservations.familyUserId))
    .where(
      and(
        eq(sessionMoveRequests.status, 'pending'),
        'familyUserId' in who
          ? eq(reservations.familyUserId, who.familyUserId)
          : eq(sessions.tutorId, who.tutorId),
      ),
    )
    .orderBy(asc(sessionMoveRequests.createdAt), asc(sessions.startsAt));
}

/** The tutor's scheduled lessons starting in [from, to) and after `now`. */
export async function scheduledBetween(db: DbOrTx, tutorId: number, from: Date, to: Date, now: Date) {
  return db
    .select({ id: sessions.id, startsAt: sessions.startsAt })
    .from(sessions)
    .where(
      and(
        eq(sessions.tutorId, tutorId),
        eq(sessions.status, 'scheduled'),
        gte(sessions.startsAt, from),
        lt(sessions.startsAt, to),
        gt(sessions.startsAt, now),
      ),
    )
    .orderBy(asc(sessions.startsAt));
}

/** Lessons by id with their student, for the office's e-mail. */
export async function lessonsOf(db: DbOrTx, tutorId: number, ids: string[]) {
  if (ids.length === 0) return [];
  return db
    .select({
      id: sessions.id,
      startsAt: sessions.startsAt,
      endsAt: sessions.endsAt,
      student: reservations.studentFullName,
      tutorId: sessions.tutorId,
    })
    .from(sessions)
    .innerJoin(reservations, eq(reservations.id, sessions.reservationId))
    .where(and(inArray(sessions.id, ids), eq(sessions.tutorId, tutorId)))
    .orderBy(asc(sessions.startsAt));
}

/** The tutor of a user account (its id, name, zone and e-mail). */
export async function tutorOfUser(db: DbOrTx, userId: string) {
  const [row] = await db
    .select({ id: tutors.id, fullName: tutors.fullName, timeZone: tutors.timeZone, email: users.email })
    .from(tutors)
    .innerJoin(users, eq(users.id, tutors.userId))
    .where(eq(tutors.userId, userId));
  return row ?? null;
}

/** The message to the office, where the admins read contact messages (Admin → Contacts). */
export async function insertOfficeMessage(
  db: DbOrTx,
  values: { name: string; email: string; message: string },
) {
  const [row] = await db
    .insert(contactMessages)
    .values({ ...values, ip: '' })
    .returning({ id: contactMessages.id });
  return row!;
}

/** How many office messages this address sent since `since` (the bound: decision 260). */
export async function officeMessagesSince(db: DbOrTx, email: string, since: Date) {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(contactMessages)
    .where(and(eq(contactMessages.email, email), gt(contactMessages.createdAt, since)));
  return Number(row?.n ?? 0);
}

/** The active administrators' addresses (at most 20: the office is small, the e-mail bounded). */
export async function adminRecipients(db: DbOrTx) {
  return db
    .select({ email: users.email, locale: users.locale })
    .from(users)
    .where(and(inArray(users.role, [...ADMIN_ROLES]), eq(users.isActive, true)))
    .orderBy(asc(users.email))
    .limit(20);
}

export async function findReservation(db: DbOrTx, id: string) {
  const [row] = await db.select().from(reservations).where(eq(reservations.id, id));
  return row ?? null;
}
