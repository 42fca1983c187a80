import { upcomingSessionStatuses } from '@tibeb/domain/bookings/statuses';
import { recordAvailabilityVersion } from './availability-versions.repository.ts';
import { and, asc, eq, gt, inArray, sql } from 'drizzle-orm';
import { queryRows, type Db, type DbOrTx } from '../../platform/db/client.ts';
import {
  reservations,
  sessions,
  subjects,
  tutorAvailability,
  tutorTimeOff,
  tutors,
  users,
} from '../../platform/db/schema/index.ts';

/** What every read of a public tutor selects (the list, the detail, the search), as the services read it. */
export type TutorCardRow = {
  id: number;
  full_name: string;
  subject: string;
  subject_id: number | null;
  category: string | null;
  grade_from: number;
  grade_to: number;
  bio: string;
  education: string;
  years_of_experience: number;
  teaching_style: string;
  hourly_rate_cents: number;
  profile_image: string;
  time_zone: string;
  /** The vetting checks passed (issue 27), unordered. */
  checks: string[];
  /** The languages the tutor teaches in, as written. */
  languages: string[];
  /** The trial lesson offered (decision 273): minutes (null: none) and prices in cents. */
  trial_minutes: number | null;
  trial_price_cents: number | null;
  trial_price_etb_cents: number | null;
};

/** A tutor row with its catalogue category and its review aggregate, as the services read it. */
export type TutorRow = TutorCardRow & {
  is_published: boolean;
  is_active: boolean;
  average_rating: number;
  total_reviews: number;
};

export type AvailabilityRow = { tutor_id: number; weekday: string; start_time: string; end_time: string };

/**
 * The rating and count come from the tutor's review totals, which a trigger on reviews keeps (migration 0005,
 * decision 239): the mean to two decimals, 0 and 0 without reviews.
 */
const tutorSelect = sql`
  select t.id, t.full_name, t.subject, t.subject_id, s.category, t.grade_from, t.grade_to, t.bio,
         t.education, t.years_of_experience, t.teaching_style, t.hourly_rate_cents, t.profile_image,
         t.time_zone, t.is_published, t.is_active, t.languages,
         t.trial_minutes, t.trial_price_cents, t.trial_price_etb_cents,
         t.review_average::float8 as average_rating,
         t.review_count as total_reviews,
         array(select c.kind from tutor_checks c where c.tutor_id = t.id) as checks
    from tutors t
    left join subjects s on s.id = t.subject_id`;

const publicWhere = sql`t.is_published and t.is_active`;
/** Best rated first, then the most reviewed, then by name: a stable, useful order for families. */
const listOrder = sql`order by average_rating desc, total_reviews desc, t.full_name asc, t.id asc`;

export async function selectPublicTutors(db: DbOrTx): Promise<TutorRow[]> {
  return queryRows<TutorRow>(db, sql`${tutorSelect} where ${publicWhere} ${listOrder}`);
}

export async function selectAllTutors(db: DbOrTx): Promise<TutorRow[]> {
  return queryRows<TutorRow>(db, sql`${tutorSelect} ${listOrder}`);
}

export async function selectTutor(
  db: DbOrTx,
  id: number,
  opts: { publicOnly: boolean },
): Promise<TutorRow | null> {
  const where = opts.publicOnly ? sql`t.id = ${id} and ${publicWhere}` : sql`t.id = ${id}`;
  const [row] = await queryRows<TutorRow>(db, sql`${tutorSelect} where ${where}`);
  return row ?? null;
}

export async function selectAvailability(db: DbOrTx, tutorIds: number[]): Promise<AvailabilityRow[]> {
  if (tutorIds.length === 0) return [];
  return db
    .select({
      tutor_id: tutorAvailability.tutorId,
      weekday: tutorAvailability.weekday,
      start_time: tutorAvailability.startTime,
      end_time: tutorAvailability.endTime,
    })
    .from(tutorAvailability)
    .where(inArray(tutorAvailability.tutorId, tutorIds))
    .orderBy(asc(tutorAvailability.tutorId), asc(tutorAvailability.startTime));
}

export type TutorValues = Partial<Omit<typeof tutors.$inferInsert, 'id' | 'createdAt'>>;

export async function insertTutor(
  db: DbOrTx,
  values: TutorValues & Pick<typeof tutors.$inferInsert, 'fullName' | 'subject' | 'hourlyRateCents'>,
): Promise<number> {
  const [row] = await db.insert(tutors).values(values).returning({ id: tutors.id });
  return row!.id;
}

/** Whether any tutor still shows this image (an admin may have given two profiles the same address). */
export async function profileImageInUse(db: DbOrTx, url: string): Promise<boolean> {
  const rows = await db.select({ id: tutors.id }).from(tutors).where(eq(tutors.profileImage, url)).limit(1);
  return rows.length > 0;
}

export async function updateTutor(db: DbOrTx, id: number, values: TutorValues): Promise<boolean> {
  const rows = await db
    .update(tutors)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(tutors.id, id))
    .returning({ id: tutors.id });
  return rows.length > 0;
}

export async function tutorExists(db: DbOrTx, id: number): Promise<boolean> {
  const rows = await db.select({ id: tutors.id }).from(tutors).where(eq(tutors.id, id)).for('update');
  return rows.length > 0;
}

export async function subjectExists(db: DbOrTx, id: number): Promise<boolean> {
  const rows = await db.select({ id: subjects.id }).from(subjects).where(eq(subjects.id, id));
  return rows.length > 0;
}

type Weekday = (typeof tutorAvailability.$inferInsert)['weekday'];

/** Replaces a tutor's weekly windows and records them as the version in force (inside the caller's transaction). */
export async function replaceAvailability(
  db: DbOrTx,
  tutorId: number,
  windows: { weekday: Weekday; start: string; end: string }[],
): Promise<void> {
  await db.delete(tutorAvailability).where(eq(tutorAvailability.tutorId, tutorId));
  const rows = windows.map((w) => ({ tutorId, weekday: w.weekday, startTime: w.start, endTime: w.end }));
  if (rows.length > 0) await db.insert(tutorAvailability).values(rows);
  // The version in force from now on, for utilisation (decision 264).
  await recordAvailabilityVersion(db, tutorId, rows);
}

export function transaction<T>(db: Db, work: (tx: DbOrTx) => Promise<T>): Promise<T> {
  return db.transaction((tx) => work(tx));
}

// ---------------------------------------------------------------------------------------------------------
// The profile editor (admin and tutor): account link, meeting link, time off, sessions an edit would strand.

export type ProfileExtras = { meeting_url: string; user_id: string | null; commission_bps: number | null };

export async function selectProfileExtras(db: DbOrTx, id: number): Promise<ProfileExtras | null> {
  const rows = await db
    .select({ meeting_url: tutors.meetingUrl, user_id: tutors.userId, commission_bps: tutors.commissionBps })
    .from(tutors)
    .where(eq(tutors.id, id));
  return rows[0] ?? null;
}

/** The tutor profile linked to an account (the tutor area's "me"). */
export async function tutorIdOfUser(db: DbOrTx, userId: string): Promise<number | null> {
  const rows = await db.select({ id: tutors.id }).from(tutors).where(eq(tutors.userId, userId));
  return rows[0]?.id ?? null;
}

/** The acting user's id when the account still exists (audit rows reference users). */
export async function existingUserId(db: DbOrTx, userId: string | null | undefined): Promise<string | null> {
  if (!userId || !/^[0-9a-f-]{36}$/i.test(userId)) return null;
  const rows = await db.select({ id: users.id }).from(users).where(eq(users.id, userId));
  return rows[0]?.id ?? null;
}

export async function userRole(db: DbOrTx, userId: string): Promise<string | null> {
  const rows = await db.select({ role: users.role }).from(users).where(eq(users.id, userId));
  return rows[0]?.role ?? null;
}

export type TimeOffRow = { id: number; starts_on: string; ends_on: string; reason: string };

export async function selectTimeOff(db: DbOrTx, tutorId: number): Promise<TimeOffRow[]> {
  return db
    .select({
      id: tutorTimeOff.id,
      starts_on: tutorTimeOff.startsOn,
      ends_on: tutorTimeOff.endsOn,
      reason: tutorTimeOff.reason,
    })
    .from(tutorTimeOff)
    .where(eq(tutorTimeOff.tutorId, tutorId))
    .orderBy(asc(tutorTimeOff.startsOn), asc(tutorTimeOff.id));
}

export async function insertTimeOff(
  db: DbOrTx,
  values: { tutorId: number; startsOn: string; endsOn: string; reason: string },
): Promise<TimeOffRow> {
  const [row] = await db.insert(tutorTimeOff).values(values).returning({
    id: tutorTimeOff.id,
    starts_on: tutorTimeOff.startsOn,
    ends_on: tutorTimeOff.endsOn,
    reason: tutorTimeOff.reason,
  });
  return row!;
}

export async function deleteTimeOff(db: DbOrTx, tutorId: number, id: number): Promise<TimeOffRow | null> {
  const rows = await db
    .delete(tutorTimeOff)
    .where(and(eq(tutorTimeOff.tutorId, tutorId), eq(tutorTimeOff.id, id)))
    .returning({
      id: tutorTimeOff.id,
      starts_on: tutorTimeOff.startsOn,
      ends_on: tutorTimeOff.endsOn,
      reason: tutorTimeOff.reason,
    });
  return rows[0] ?? null;
}

export type UpcomingSessionRow = { id: string; starts_at: Date; ends_at: Date; student: string };

/**
 * The tutor's sessions still to come that occupy the tutor's time for a family: held during a checkout, or
 * scheduled. Called inside the edit's transaction, after the tutor row is locked.
 */
export async function selectUpcomingSessions(
  db: DbOrTx,
  tutorId: number,
  now: Date,
): Promise<UpcomingSessionRow[]> {
  return db
    .select({
      id: sessions.id,
      starts_at: sessions.startsAt,
      ends_at: sessions.endsAt,
      student: reservations.studentFullName,
    })
    .from(sessions)
    .innerJoin(reservations, eq(reservations.id, sessions.reservationId))
    .where(
      and(
        eq(sessions.tutorId, tutorId),
        inArray(sessions.status, [...upcomingSessionStatuses]),
        gt(sessions.startsAt, now),
      ),
    )
    .orderBy(asc(sessions.startsAt));
}

export async function linkUser(db: DbOrTx, tutorId: number, userId: string | null): Promise<void> {
  await db.update(tutors).set({ userId, updatedAt: new Date() }).where(eq(tutors.id, tutorId));
}

/** Admin list filters: a name or subject search, and the published flag. */
export type AdminTutorFilter = { q?: string; published?: boolean };

function adminWhere(filter: AdminTutorFilter) {
  const parts = [sql`true`];
  if (filter.q) {
    // A substring (`%`, `_` and `\` taken literally): the trigram index tutors_admin_search_idx (decision 243).
    const like = `%${filter.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    parts.push(sql`(t.full_name ilike ${like} or t.subject ilike ${like})`);
  }
  if (filter.published !== undefined) parts.push(sql`t.is_published = ${filter.published}`);
  return sql.join(parts, sql` and `);
}

/**
 * One page of the admin list (decision 241), in the list's order (best rated, most reviewed, name, id): the
 * page's ids are read from the tutors table alone in the order of the index tutors_admin_order_idx (decision
 * 243), and only the page's rows are joined and read their checks.
 */
export async function selectTutorsFiltered(
  db: DbOrTx,
  filter: AdminTutorFilter & { limit: number; offset: number },
): Promise<TutorRow[]> {
  return queryRows<TutorRow>(
    db,
    sql`with page as (
          select t.id, t.review_average, t.review_count, t.full_name from tutors t
           where ${adminWhere(filter)}
           order by t.review_average desc, t.review_count desc, t.full_name asc, t.id asc
           limit ${filter.limit} offset ${filter.offset})
        ${tutorSelect} join page p on p.id = t.id
        order by p.review_average desc, p.review_count desc, p.full_name asc, p.id asc`,
  );
}

export async function countTutorsFiltered(db: DbOrTx, filter: AdminTutorFilter): Promise<number> {
  const [row] = await queryRows<{ n: number | string }>(
    db,
    sql`select count(*)::int as n from tutors t where ${adminWhere(filter)}`,
  );
  return Number(row?.n ?? 0);
}

/** Time off of several tutors overlapping [from, to] (dates in each tutor's zone). */
export async function selectTimeOffOverlapping(
  db: DbOrTx,
  tutorIds: number[],
  from: string,
  to: string,
): Promise<(TimeOffRow & { tutor_id: number })[]> {
  if (tutorIds.length === 0) return [];
  return db
    .select({
      tutor_id: tutorTimeOff.tutorId,
      id: tutorTimeOff.id,
      starts_on: tutorTimeOff.startsOn,
      ends_on: tutorTimeOff.endsOn,
      reason: tutorTimeOff.reason,
    })
    .from(tutorTimeOff)
    .where(
      and(
        inArray(tutorTimeOff.tutorId, tutorIds),
        sql`${tutorTimeOff.startsOn} <= ${to}`,
        sql`${tutorTimeOff.endsOn} >= ${from}`,
      ),
    );
}

/**
 * The tutor's time lock, the same advisory lock the booking engine and the lifecycle take before they take or
 * move a session (bookings README, lock order 1): an availability or time-off edit and a booking of that tutor
 * run one after the other, so a session can never land in a window that is being removed.
 */
export async function lockTutorTime(db: DbOrTx, tutorId: number): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(7301, ${tutorId}::int)`);
}
