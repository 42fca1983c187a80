import { randomBytes } from 'node:crypto';
import type { WeekdayCode } from '@tibeb/domain/bookings/messages';
import type { TimeWindow } from '@tibeb/domain/bookings/slots';
import { eq, sql } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '../../../platform/db/client.ts';
import {
  reservations,
  reviews,
  sessions,
  subjects,
  tutorAvailability,
  tutors,
  users,
} from '../../../platform/db/schema/index.ts';

/** For the booking engine's tests: subjects, tutors with windows, and row counts. Not used by the app. */

export const uniq = () => randomBytes(4).toString('hex');

export async function createSubject(db: DbOrTx, opts: { pricePerHourCents?: number } = {}) {
  const slug = `subject-${uniq()}`;
  const [row] = await db
    .insert(subjects)
    .values({
      name: `Subject ${slug}`,
      slug,
      category: 'Mathematics',
      pricePerHourCents: opts.pricePerHourCents ?? 3000,
    })
    .returning({ id: subjects.id, slug: subjects.slug, name: subjects.name });
  return row!;
}

const everyDay = (windows: TimeWindow[]) =>
  Object.fromEntries((['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const).map((d) => [d, windows]));

export async function createTutor(
  db: DbOrTx,
  opts: {
    subjectId?: number | null;
    hourlyRateCents?: number;
    windows?: Partial<Record<WeekdayCode, TimeWindow[]>>;
    rating?: number;
    timeZone?: string;
    isPublished?: boolean;
  } = {},
) {
  const [tutor] = await db
    .insert(tutors)
    .values({
      fullName: `Tutor ${uniq()}`,
      subject: 'math',
      subjectId: opts.subjectId ?? null,
      hourlyRateCents: opts.hourlyRateCents ?? 2500,
      timeZone: opts.timeZone ?? 'Africa/Addis_Ababa',
      isPublished: opts.isPublished ?? true,
    })
    .returning({ id: tutors.id, fullName: tutors.fullName });
  const windows =
    opts.windows ??
    everyDay([
      { start: '09:00', end: '12:00' },
      { start: '14:00', end: '18:00' },
    ]);
  const rows = Object.entries(windows).flatMap(([weekday, list]) =>
    (list ?? []).map((w) => ({
      tutorId: tutor!.id,
      weekday: weekday as WeekdayCode,
      startTime: w.start,
      endTime: w.end,
    })),
  );
  if (rows.length > 0) await db.insert(tutorAvailability).values(rows);
  if (opts.rating)
    await db.insert(reviews).values({ tutorId: tutor!.id, authorName: 'A parent', rating: opts.rating });
  return tutor!;
}

export async function createStudentUser(
  db: DbOrTx,
  email: string,
  opts: { verified?: boolean; passwordHash?: string } = {},
) {
  const [row] = await db
    .insert(users)
    .values({
      username: `family_${uniq()}`,
      email,
      role: 'student',
      emailVerifiedAt: opts.verified === false ? null : new Date(),
      passwordHash: opts.passwordHash ?? null,
    })
    .returning({ id: users.id });
  return row!.id;
}

export async function countRows(db: DbOrTx) {
  const [row] = await queryRows<{ reservations: string | number; sessions: string | number }>(
    db,
    sql`select (select count(*) from reservations) as reservations, (select count(*) from sessions) as sessions`,
  );
  return { reservations: Number(row!.reservations), sessions: Number(row!.sessions) };
}

/** Moves a reservation's hold (and its held sessions' holds) to `at`, as if time had passed. */
export async function setHoldExpiry(db: DbOrTx, reservationId: string, at: Date) {
  await db.update(reservations).set({ holdExpiresAt: at }).where(eq(reservations.id, reservationId));
  await db
    .update(sessions)
    .set({ holdExpiresAt: at })
    .where(sql`${sessions.reservationId} = ${reservationId} and ${sessions.status} = 'held'`);
}

export async function sessionsOf(db: DbOrTx, reservationId: string) {
  return db
    .select({ status: sessions.status, startsAt: sessions.startsAt, holdExpiresAt: sessions.holdExpiresAt })
    .from(sessions)
    .where(eq(sessions.reservationId, reservationId));
}

export async function reservationRow(db: DbOrTx, id: string) {
  const [row] = await db.select().from(reservations).where(eq(reservations.id, id));
  return row;
}

/** Marks a reservation's held sessions scheduled and the reservation confirmed (what a payment does). */
export async function confirm(db: DbOrTx, reservationId: string) {
  await db.update(reservations).set({ status: 'confirmed' }).where(eq(reservations.id, reservationId));
  await db
    .update(sessions)
    .set({ status: 'scheduled', holdExpiresAt: null })
    .where(sql`${sessions.reservationId} = ${reservationId} and ${sessions.status} = 'held'`);
}
