import { weekdayCodes, type WeekdayCode } from '@tibeb/domain/bookings/messages';
import type { TimeWindow } from '@tibeb/domain/bookings/slots';
import { activeSessionStatuses, paidActiveSessionStatuses } from '@tibeb/domain/bookings/statuses';
import { and, asc, desc, eq, gt, inArray, isNotNull, isNull, lt, ne, or, sql } from 'drizzle-orm';
import { queryRows, sqlList, type DbOrTx, type Tx } from '../../../platform/db/client.ts';
import {
  reservations,
  sessions,
  subjects,
  tutorAvailability,
  tutors,
  users,
} from '../../../platform/db/schema/index.ts';

/** The SQL of the booking engine: tutors, windows, active sessions, reservations. */

export type BookableTutor = {
  id: number;
  fullName: string;
  subject: string;
  subjectId: number | null;
  hourlyRateCents: number;
  timeZone: string;
};

const bookableColumns = {
  id: tutors.id,
  fullName: tutors.fullName,
  subject: tutors.subject,
  subjectId: tutors.subjectId,
  hourlyRateCents: tutors.hourlyRateCents,
  timeZone: tutors.timeZone,
};

/** A tutor families can book: active, published and with a price (a $0 tutor never reaches checkout). */
export async function findBookableTutor(db: DbOrTx, id: number): Promise<BookableTutor | null> {
  const [row] = await db
    .select(bookableColumns)
    .from(tutors)
    .where(
      and(
        eq(tutors.id, id),
        eq(tutors.isActive, true),
        eq(tutors.isPublished, true),
        gt(tutors.hourlyRateCents, 0),
      ),
    );
  return row ?? null;
}

export type WeeklyWindows = Record<WeekdayCode, TimeWindow[]>;

export const emptyWeek = (): WeeklyWindows =>
  Object.fromEntries(weekdayCodes.map((d) => [d, [] as TimeWindow[]])) as WeeklyWindows;

/** Weekly windows of several tutors at once: tutor id → weekday → windows (wall clock, tutor's zone). */
export async function findWindows(db: DbOrTx, tutorIds: number[]): Promise<Map<number, WeeklyWindows>> {
  const out = new Map<number, WeeklyWindows>(tutorIds.map((id) => [id, emptyWeek()]));
  if (tutorIds.length === 0) return out;
  const rows = await db
    .select({
      tutorId: tutorAvailability.tutorId,
      weekday: tutorAvailability.weekday,
      start: tutorAvailability.startTime,
      end: tutorAvailability.endTime,
    })
    .from(tutorAvailability)
    .where(inArray(tutorAvailability.tutorId, tutorIds))
    .orderBy(asc(tutorAvailability.startTime));
  for (const r of rows) out.get(r.tutorId)?.[r.weekday].push({ start: r.start, end: r.end });
  return out;
}

export type SubjectRow = {
  id: number;
  name: string;
  slug: string;
  pricePerHourCents: number;
  /** Birr per hour (santim); null: the subject is not offered in birr. */
  pricePerHourEtbCents: number | null;
};

/** The birr rate of a tutor's subject (santim per hour), null when none is set (issue 18, decision 170). */
export async function findSubjectEtbRate(db: DbOrTx, subjectId: number | null): Promise<number | null> {
  if (subjectId === null) return null;
  const [row] = await db
    .select({ rate: subjects.pricePerHourEtbCents })
    .from(subjects)
    .where(eq(subjects.id, subjectId));
  return row?.rate ?? null;
}

/**
 * A chosen tutor's birr rate (santim per hour): its own (issue 27, set when it applied or by the office) when set,
 * else its subject's; null when neither is set.
 */
export async function findTutorEtbRate(
  db: DbOrTx,
  tutor: { id: number; subjectId: number | null },
): Promise<number | null> {
  const [row] = await db
    .select({ rate: tutors.hourlyRateEtbCents })
    .from(tutors)
    .where(eq(tutors.id, tutor.id));
  return row?.rate ?? findSubjectEtbRate(db, tutor.subjectId);
}

/** An active subject by slug (case-insensitive) or numeric id. */
export async function findActiveSubject(db: DbOrTx, slugOrId: string): Promise<SubjectRow | null> {
  const key = slugOrId.trim().toLowerCase();
  const byId = /^\d{1,9}$/.test(key) ? eq(subjects.id, Number(key)) : undefined;
  const [row] = await db
    .select({
      id: subjects.id,
      name: subjects.name,
      slug: subjects.slug,
      pricePerHourCents: subjects.pricePerHourCents,
      pricePerHourEtbCents: subjects.pricePerHourEtbCents,
    })
    .from(subjects)
    .where(
      and(eq(subjects.isActive, true), byId ? or(byId, eq(subjects.slug, key)) : eq(subjects.slug, key)),
    );
  return row ?? null;
}

/**
 * Bookable tutors of a subject in the order of assignment (DESIGN §1.6): best rated first (average review),
 * then least booked (active sessions from now on), then the longest-standing profile.
 */
export async function findSubjectTutors(db: DbOrTx, subjectId: number, now: Date): Promise<BookableTutor[]> {
  const at = now.toISOString();
  const rows = await queryRows<{
    id: number;
    full_name: string;
    subject: string;
    subject_id: number | null;
    hourly_rate_cents: number;
    time_zone: string;
  }>(
    db,
    sql`SELECT t.id, t.full_name, t.subject, t.subject_id, t.hourly_rate_cents, t.time_zone
        FROM tutors t
        LEFT JOIN LATERAL (SELECT avg(r.rating) AS rating FROM reviews r WHERE r.tutor_id = t.id) rv ON true
        LEFT JOIN LATERAL (
          SELECT count(*) AS n FROM sessions s
          WHERE s.tutor_id = t.id AND s.ends_at > ${at}::timestamptz
            AND (s.status IN ${sqlList(paidActiveSessionStatuses)}
                 OR (s.status = 'held' AND s.hold_expires_at > ${at}::timestamptz))
        ) bk ON true
        WHERE t.subject_id = ${subjectId} AND t.is_active AND t.is_published
        ORDER BY coalesce(rv.rating, 0) DESC, bk.n ASC, t.id ASC`,
  );
  return rows.map((r) => ({
    id: Number(r.id),
    fullName: r.full_name,
    subject: r.subject,
    subjectId: r.subject_id === null ? null : Number(r.subject_id),
    hourlyRateCents: Number(r.hourly_rate_cents),
    timeZone: r.time_zone,
  }));
}

export type ActiveRange = { startsAt: Date; endsAt: Date; holdExpiresAt: Date | null };

/**
 * A tutor's sessions that occupy time in [from, to): scheduled and completed ones, and held ones whose hold
 * has not lapsed at `now`.
 */
export async function findActiveRanges(
  db: DbOrTx,
  tutorId: number,
  from: Date,
  to: Date,
  now: Date,
  /** A lesson being moved: its own time is not busy for it (decision 261). */
  exceptSessionId?: string,
): Promise<ActiveRange[]> {
  return db
    .select({ startsAt: sessions.startsAt, endsAt: sessions.endsAt, holdExpiresAt: sessions.holdExpiresAt })
    .from(sessions)
    .where(
      and(
        eq(sessions.tutorId, tutorId),
        exceptSessionId ? ne(sessions.id, exceptSessionId) : undefined,
        inArray(sessions.status, [...activeSessionStatuses]),
        lt(sessions.startsAt, to),
        gt(sessions.endsAt, from),
        or(ne(sessions.status, 'held'), isNull(sessions.holdExpiresAt), gt(sessions.holdExpiresAt, now)),
      ),
    )
    .orderBy(asc(sessions.startsAt));
}

/**
 * Serialises bookings of one tutor until the transaction ends (both engines support advisory locks). The
 * two-key form keeps these locks apart from the migration lock's single-key space.
 */
export async function lockTutor(tx: Tx, tutorId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(7301, ${tutorId}::int)`);
}

/** Serialises the hold-limit check of one e-mail or address (space 7303 e-mails, 7304 addresses). */
export async function lockHolder(tx: Tx, space: number, key: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${space}::int, hashtext(${key}))`);
}

/** What makes two booking requests the same booking (decision 248): who, with whom, when, for whom, from where. */
export type SameBooking = {
  /** Null: any tutor of `subjectId` (a booking by subject may be given another tutor the second time). */
  tutorId: number | null;
  subjectId: number | null;
  email: string;
  date: string;
  time: string;
  durationMinutes: number;
  days: readonly string[];
  daysTimes: Record<string, string>;
  studentFullName: string;
  currency: string;
  clientAddress: string;
  renewsReservationId: string | null;
};

/**
 * The same booking already held and unpaid at `now` (decision 248): what a second identical request (a double
 * tap, a retry after a lost answer) is given back instead of a refusal or a second hold. Read under the tutor's
 * and the e-mail's locks, so two identical requests at once find each other.
 */
export async function findSamePending(db: DbOrTx, same: SameBooking, now: Date) {
  const [row] = await db
    .select({
      id: reservations.id,
      amountCents: reservations.amountCents,
      holdExpiresAt: reservations.holdExpiresAt,
    })
    .from(reservations)
    .where(
      and(
        eq(reservations.status, 'pending_payment'),
        gt(reservations.holdExpiresAt, now),
        sql`lower(${reservations.email}) = ${same.email.toLowerCase()}`,
        same.tutorId === null
          ? sql`${reservations.subjectId} is not distinct from ${same.subjectId}`
          : eq(reservations.tutorId, same.tutorId),
        eq(reservations.date, same.date),
        eq(reservations.time, same.time),
        eq(reservations.durationMinutes, same.durationMinutes),
        sql`${reservations.days} = ${JSON.stringify(same.days)}::jsonb`,
        sql`${reservations.daysTimes} = ${JSON.stringify(same.daysTimes)}::jsonb`,
        eq(reservations.studentFullName, same.studentFullName),
        eq(reservations.currency, same.currency),
        eq(reservations.clientAddress, same.clientAddress),
        sql`${reservations.renewsReservationId} is not distinct from ${same.renewsReservationId}::uuid`,
      ),
    )
    .orderBy(desc(reservations.createdAt))
    .limit(1);
  return row ?? null;
}

/** Unpaid reservations still holding time at `now`, of one guardian e-mail or one client address. */
export async function countLiveHolds(
  db: DbOrTx,
  by: { email: string } | { address: string },
  now: Date,
): Promise<number> {
  const [row] = await db
    .select({ n: sql<string>`count(*)` })
    .from(reservations)
    .where(
      and(
        eq(reservations.status, 'pending_payment'),
        gt(reservations.holdExpiresAt, now),
        'email' in by
          ? sql`lower(${reservations.email}) = ${by.email.toLowerCase()}`
          : eq(reservations.clientAddress, by.address),
      ),
    );
  return Number(row?.n ?? 0);
}

/**
 * One tutor's unpaid holds (issue 29 item 5), read under the tutor's lock in one query: the minutes its live held
 * sessions keep (any date: holds are few and short-lived), and how many live unpaid reservations with it come
 * from this e-mail or this address key. Reads the tutor's sessions from now on by (tutor_id, starts_at).
 */
export async function tutorHolds(
  db: DbOrTx,
  tutorId: number,
  holder: { email: string; address: string },
  now: Date,
): Promise<{ heldMinutes: number; fromHolder: number }> {
  const at = now.toISOString();
  const [row] = await queryRows<{ held_minutes: string | number; from_holder: string | number }>(
    db,
    sql`select
      (select coalesce(sum(extract(epoch from (s.ends_at - s.starts_at)) / 60), 0) from sessions s
        where s.tutor_id = ${tutorId} and s.starts_at >= ${at}::timestamptz - interval '1 day'
          and s.status = 'held' and s.hold_expires_at > ${at}::timestamptz) as held_minutes,
      (select count(*) from reservations r
        where r.tutor_id = ${tutorId} and r.status = 'pending_payment' and r.hold_expires_at > ${at}::timestamptz
          and (lower(r.email) = ${holder.email.toLowerCase()}
            or (${holder.address} <> '' and r.client_address = ${holder.address}))) as from_holder`,
  );
  return { heldMinutes: Number(row?.held_minutes ?? 0), fromHolder: Number(row?.from_holder ?? 0) };
}

/**
 * The family account with this e-mail, if one exists (role student) and has proved the address (issue 12 §5:
 * an unverified sign-up with someone else's e-mail never sees their child's booking).
 */
export async function findFamilyUserId(db: DbOrTx, email: string): Promise<string | null> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        sql`lower(${users.email}) = ${email.toLowerCase()}`,
        eq(users.role, 'student'),
        isNotNull(users.emailVerifiedAt),
      ),
    );
  return row?.id ?? null;
}

export type NewReservation = typeof reservations.$inferInsert;
export type NewSession = typeof sessions.$inferInsert;

export async function insertReservation(tx: Tx, values: NewReservation): Promise<{ id: string }> {
  const [row] = await tx.insert(reservations).values(values).returning({ id: reservations.id });
  return row!;
}

export async function insertSessions(tx: Tx, rows: NewSession[]) {
  if (rows.length === 0) return [];
  return tx.insert(sessions).values(rows).returning({
    id: sessions.id,
    startsAt: sessions.startsAt,
    endsAt: sessions.endsAt,
    status: sessions.status,
    skipReason: sessions.skipReason,
  });
}

/** A reservation with its tutor and sessions (the payment page's summary). */
export async function findReservationWithSessions(db: DbOrTx, id: string) {
  const [row] = await db
    .select({ reservation: reservations, tutorName: tutors.fullName })
    .from(reservations)
    .innerJoin(tutors, eq(tutors.id, reservations.tutorId))
    .where(eq(reservations.id, id));
  if (!row) return null;
  return { ...row, sessions: await reservationSessions(db, id) };
}

/** A reservation's sessions in start order, as its answers list them. */
export async function reservationSessions(db: DbOrTx, id: string) {
  return db
    .select({
      id: sessions.id,
      startsAt: sessions.startsAt,
      endsAt: sessions.endsAt,
      status: sessions.status,
      holdExpiresAt: sessions.holdExpiresAt,
      skipReason: sessions.skipReason,
    })
    .from(sessions)
    .where(eq(sessions.reservationId, id))
    .orderBy(asc(sessions.startsAt));
}
