import { and, asc, desc, eq, gte, inArray, isNotNull, lt, lte, sql } from 'drizzle-orm';
import type { IncidentView } from '@tibeb/domain/bookings/incidents';
import type { DbOrTx, Tx } from '../../../platform/db/client.ts';
import {
  bookingEvents,
  reservations,
  sessionIncidents,
  sessions,
} from '../../../platform/db/schema/bookings.ts';
import { tutors } from '../../../platform/db/schema/catalog.ts';
import { sqlState, SqlState } from '../../../platform/db/errors.ts';

/** Interruptions and tutors' absences (issue 30 item 3, decision 271): their rows and the make-up sessions. */

export type IncidentRow = typeof sessionIncidents.$inferSelect;
export type NewIncident = typeof sessionIncidents.$inferInsert;

/** Inserts the session's one incident; null when the session already has one (the unique index). */
export async function insertIncident(tx: Tx, values: NewIncident): Promise<IncidentRow | null> {
  const [row] = await tx
    .insert(sessionIncidents)
    .values(values)
    .onConflictDoNothing({ target: sessionIncidents.sessionId })
    .returning();
  return row ?? null;
}

export async function findBySession(db: DbOrTx, sessionId: string): Promise<IncidentRow | null> {
  const [row] = await db.select().from(sessionIncidents).where(eq(sessionIncidents.sessionId, sessionId));
  return row ?? null;
}

export async function findIncident(db: DbOrTx, id: string): Promise<IncidentRow | null> {
  const [row] = await db.select().from(sessionIncidents).where(eq(sessionIncidents.id, id));
  return row ?? null;
}

/** The incident's row, locked (after the reservation's and its sessions' locks). */
export async function lockIncident(tx: Tx, id: string): Promise<IncidentRow | null> {
  const [row] = await tx.select().from(sessionIncidents).where(eq(sessionIncidents.id, id)).for('update');
  return row ?? null;
}

export async function updateIncident(
  tx: Tx,
  id: string,
  patch: Partial<
    Pick<
      IncidentRow,
      'status' | 'disputeNote' | 'disputedAt' | 'resolvedAt' | 'resolvedByUserId' | 'resolution'
    >
  >,
) {
  await tx.update(sessionIncidents).set(patch).where(eq(sessionIncidents.id, id));
}

/** Open incidents whose deadline has passed (the job's work), oldest first. */
export async function listDue(db: DbOrTx, now: Date, limit = 100) {
  return db
    .select({ id: sessionIncidents.id, sessionId: sessionIncidents.sessionId })
    .from(sessionIncidents)
    .where(and(eq(sessionIncidents.status, 'open'), lte(sessionIncidents.deadlineAt, now)))
    .orderBy(asc(sessionIncidents.deadlineAt))
    .limit(limit);
}

/**
 * Inserts a make-up session inside a savepoint: the exclusion constraint (another active session of the tutor
 * overlaps, 23P01) or the one-make-up index (23505) answers 'clash' / 'taken' and fails only this insert.
 */
export async function tryInsertMakeup(
  tx: Tx,
  values: { reservationId: string; tutorId: number; startsAt: Date; endsAt: Date; makeupOfSessionId: string },
): Promise<{ id: string } | 'clash' | 'taken'> {
  try {
    return await tx.transaction(async (sp) => {
      const [row] = await sp
        .insert(sessions)
        .values({ ...values, status: 'scheduled' })
        .returning({ id: sessions.id });
      return row!;
    });
  } catch (err) {
    if (sqlState(err) === SqlState.exclusionViolation) return 'clash';
    if (sqlState(err) === SqlState.uniqueViolation) return 'taken';
    throw err;
  }
}

/** The make-up booked for a session, if any. */
export async function findMakeup(db: DbOrTx, sessionId: string) {
  const [row] = await db
    .select({
      id: sessions.id,
      startsAt: sessions.startsAt,
      endsAt: sessions.endsAt,
      status: sessions.status,
    })
    .from(sessions)
    .where(eq(sessions.makeupOfSessionId, sessionId));
  return row ?? null;
}

// ---------------------------------------------------------------------------------------------------------
// Views

const viewColumns = {
  incident: sessionIncidents,
  startsAt: sessions.startsAt,
  endsAt: sessions.endsAt,
  reservationId: sessions.reservationId,
  durationMinutes: reservations.durationMinutes,
  tutorName: tutors.fullName,
  studentName: reservations.studentFullName,
  subject: reservations.subject,
  timeZone: reservations.timeZone,
};

type ViewRow = {
  incident: IncidentRow;
  startsAt: Date;
  endsAt: Date;
  reservationId: string;
  durationMinutes: number;
  tutorName: string;
  studentName: string;
  subject: string;
  timeZone: string;
};

const iso = (d: Date | null) => (d ? d.toISOString() : null);

async function toViews(db: DbOrTx, rows: ViewRow[]): Promise<IncidentView[]> {
  const ids = rows.map((r) => r.incident.sessionId);
  const makeups =
    ids.length === 0
      ? []
      : await db
          .select({ id: sessions.id, of: sessions.makeupOfSessionId, startsAt: sessions.startsAt })
          .from(sessions)
          .where(and(isNotNull(sessions.makeupOfSessionId), inArray(sessions.makeupOfSessionId, ids)));
  const byOriginal = new Map(makeups.map((m) => [m.of!, m]));
  return rows.map(({ incident: i, ...r }) => {
    const makeup = byOriginal.get(i.sessionId);
    return {
      id: i.id,
      session_id: i.sessionId,
      reservation_id: r.reservationId,
      kind: i.kind,
      cause: i.cause,
      note: i.note,
      status: i.status,
      reported_by_role: i.reportedByRole,
      deadline_at: i.deadlineAt.toISOString(),
      dispute_note: i.disputeNote,
      disputed_at: iso(i.disputedAt),
      resolved_at: iso(i.resolvedAt),
      resolution: i.resolution,
      created_at: i.createdAt.toISOString(),
      session_starts_at: r.startsAt.toISOString(),
      session_ends_at: r.endsAt.toISOString(),
      duration_minutes: r.durationMinutes,
      tutor_id: i.tutorId,
      tutor_name: r.tutorName,
      student_name: r.studentName,
      subject: r.subject,
      time_zone: r.timeZone,
      makeup_session_id: makeup?.id ?? null,
      makeup_starts_at: iso(makeup?.startsAt ?? null),
    };
  });
}

function viewQuery(db: DbOrTx) {
  return db
    .select(viewColumns)
    .from(sessionIncidents)
    .innerJoin(sessions, eq(sessions.id, sessionIncidents.sessionId))
    .innerJoin(reservations, eq(reservations.id, sessions.reservationId))
    .innerJoin(tutors, eq(tutors.id, sessionIncidents.tutorId));
}

export async function viewOf(db: DbOrTx, id: string): Promise<IncidentView | null> {
  const rows = await viewQuery(db).where(eq(sessionIncidents.id, id));
  return (await toViews(db, rows))[0] ?? null;
}

/** A family's incidents (its reservations') or a tutor's, newest first; the last 60 days and any still open. */
export async function viewsFor(db: DbOrTx, who: { familyUserId: string } | { tutorId: number }, now: Date) {
  const since = new Date(now.getTime() - 60 * 86_400_000);
  const whose =
    'familyUserId' in who
      ? eq(reservations.familyUserId, who.familyUserId)
      : eq(sessionIncidents.tutorId, who.tutorId);
  const rows = await viewQuery(db)
    .where(
      and(
        whose,
        sql`(${sessionIncidents.status} in ('open', 'disputed') or ${sessionIncidents.createdAt} >= ${since.toISOString()}::timestamptz)`,
      ),
    )
    .orderBy(desc(sessionIncidents.createdAt))
    .limit(50);
  return toViews(db, rows);
}

/** Every incident reported in [from, to), and every one still disputed, for the admin's month. */
export async function viewsOfMonth(db: DbOrTx, from: Date, to: Date) {
  const rows = await viewQuery(db)
    .where(
      sql`((${sessionIncidents.createdAt} >= ${from.toISOString()}::timestamptz and ${sessionIncidents.createdAt} < ${to.toISOString()}::timestamptz) or ${sessionIncidents.status} = 'disputed')`,
    )
    .orderBy(desc(sessionIncidents.createdAt))
    .limit(500);
  return toViews(db, rows);
}

/**
 * The sessions a family or a tutor may still report a problem with: started, ended at most 24 hours ago (or under
 * way), scheduled, completed or marked a no-show, with no incident yet.
 */
export async function reportableSessions(
  db: DbOrTx,
  who: { familyUserId: string } | { tutorId: number },
  now: Date,
) {
  const whose =
    'familyUserId' in who
      ? eq(reservations.familyUserId, who.familyUserId)
      : eq(sessions.tutorId, who.tutorId);
  return db
    .select({
      id: sessions.id,
      startsAt: sessions.startsAt,
      endsAt: sessions.endsAt,
      status: sessions.status,
      reservationId: sessions.reservationId,
      tutorId: sessions.tutorId,
      tutorName: tutors.fullName,
      studentName: reservations.studentFullName,
      subject: reservations.subject,
      durationMinutes: reservations.durationMinutes,
      timeZone: reservations.timeZone,
    })
    .from(sessions)
    .innerJoin(reservations, eq(reservations.id, sessions.reservationId))
    .innerJoin(tutors, eq(tutors.id, sessions.tutorId))
    .leftJoin(sessionIncidents, eq(sessionIncidents.sessionId, sessions.id))
    .where(
      and(
        whose,
        inArray(sessions.status, ['scheduled', 'completed', 'no_show']),
        lte(sessions.startsAt, now),
        gte(sessions.endsAt, new Date(now.getTime() - 24 * 3_600_000)),
        sql`${sessionIncidents.id} is null`,
      ),
    )
    .orderBy(desc(sessions.startsAt))
    .limit(20);
}

/** Per tutor: interruptions, absences and disputed absences reported in [from, to). */
export async function countsOfMonth(db: DbOrTx, from: Date, to: Date) {
  return db
    .select({
      tutorId: sessionIncidents.tutorId,
      tutorName: tutors.fullName,
      interruptions: sql<number>`count(*) filter (where ${sessionIncidents.kind} = 'interruption')`.mapWith(
        Number,
      ),
      absences: sql<number>`count(*) filter (where ${sessionIncidents.kind} = 'tutor_absent')`.mapWith(
        Number,
      ),
      disputed: sql<number>`count(*) filter (where ${sessionIncidents.disputedAt} is not null)`.mapWith(
        Number,
      ),
    })
    .from(sessionIncidents)
    .innerJoin(tutors, eq(tutors.id, sessionIncidents.tutorId))
    .where(and(gte(sessionIncidents.createdAt, from), lt(sessionIncidents.createdAt, to)))
    .groupBy(sessionIncidents.tutorId, tutors.fullName)
    .orderBy(asc(tutors.fullName));
}

/** What the family asked for when it reported the tutor's absence (its event's detail): credit unless a refund. */
export async function absenceOutcome(db: DbOrTx, sessionId: string): Promise<'credit' | 'refund'> {
  const [row] = await db
    .select({ detail: bookingEvents.detail })
    .from(bookingEvents)
    .where(and(eq(bookingEvents.sessionId, sessionId), eq(bookingEvents.action, 'tutor_absent_reported')))
    .orderBy(desc(bookingEvents.createdAt))
    .limit(1);
  return row?.detail.outcome === 'refund' ? 'refund' : 'credit';
}
