import { asc, eq, inArray, sql } from 'drizzle-orm';
import { queryRows, type Db, type DbOrTx } from '../../db/client.ts';
import { subjects, tutorAvailability, tutors } from '../../db/schema/index.ts';

/** A tutor row with its catalogue category and its review aggregate, as the services read it. */
export type TutorRow = {
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
  is_published: boolean;
  is_active: boolean;
  average_rating: number;
  total_reviews: number;
};

export type AvailabilityRow = { tutor_id: number; weekday: string; start_time: string; end_time: string };

/** Ratings are computed in SQL from the reviews: mean to two decimals, 0 and 0 without reviews. */
const tutorSelect = sql`
  select t.id, t.full_name, t.subject, t.subject_id, s.category, t.grade_from, t.grade_to, t.bio,
         t.education, t.years_of_experience, t.teaching_style, t.hourly_rate_cents, t.profile_image,
         t.time_zone, t.is_published, t.is_active,
         coalesce(r.average_rating, 0)::float8 as average_rating,
         coalesce(r.total_reviews, 0)::int as total_reviews
    from tutors t
    left join subjects s on s.id = t.subject_id
    left join (
      select tutor_id, round(avg(rating)::numeric, 2) as average_rating, count(*) as total_reviews
        from reviews group by tutor_id
    ) r on r.tutor_id = t.id`;

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

/** Replaces a tutor's weekly windows (inside the caller's transaction). */
export async function replaceAvailability(
  db: DbOrTx,
  tutorId: number,
  windows: { weekday: Weekday; start: string; end: string }[],
): Promise<void> {
  await db.delete(tutorAvailability).where(eq(tutorAvailability.tutorId, tutorId));
  if (windows.length === 0) return;
  await db
    .insert(tutorAvailability)
    .values(windows.map((w) => ({ tutorId, weekday: w.weekday, startTime: w.start, endTime: w.end })));
}

export function transaction<T>(db: Db, work: (tx: DbOrTx) => Promise<T>): Promise<T> {
  return db.transaction((tx) => work(tx));
}
