import { randomUUID } from 'node:crypto';
import type { Db } from '../../../platform/db/client.ts';
import {
  reservations,
  reviews,
  sessions,
  subjects,
  tutorAvailability,
  tutors,
  users,
} from '../../../platform/db/schema/index.ts';
import { signAccessToken, type Role } from '../../../platform/auth/tokens.ts';

let counter = 0;
const unique = () => `${Date.now().toString(36)}${(counter += 1)}`;

export async function insertSubject(
  db: Db,
  values: Partial<typeof subjects.$inferInsert> & Pick<typeof subjects.$inferInsert, 'name' | 'category'>,
) {
  const [row] = await db
    .insert(subjects)
    .values({ slug: `subject-${unique()}`, pricePerHourCents: 2000, ...values })
    .returning();
  return row!;
}

export async function insertTutor(
  db: Db,
  values: Partial<typeof tutors.$inferInsert> = {},
  extra: {
    ratings?: number[];
    windows?: {
      weekday: 'mon' | 'tue' | 'wed' | 'thu' | 'fri' | 'sat' | 'sun';
      start: string;
      end: string;
    }[];
  } = {},
) {
  const [row] = await db
    .insert(tutors)
    .values({ fullName: `Tutor ${unique()}`, subject: 'math', hourlyRateCents: 2500, ...values })
    .returning();
  const tutor = row!;
  if (extra.ratings?.length) {
    await db
      .insert(reviews)
      .values(extra.ratings.map((rating, i) => ({ tutorId: tutor.id, authorName: `Parent ${i}`, rating })));
  }
  if (extra.windows?.length) {
    await db.insert(tutorAvailability).values(
      extra.windows.map((w) => ({
        tutorId: tutor.id,
        weekday: w.weekday,
        startTime: w.start,
        endTime: w.end,
      })),
    );
  }
  return tutor;
}

export async function addReview(db: Db, tutorId: number, rating: number) {
  await db.insert(reviews).values({ tutorId, authorName: 'A parent', rating });
}

/**
 * A bearer header for `role`. With `db`, the token belongs to a real account (the auth plugin checks that the
 * account exists, is active and holds the role); without, to a random id (older tests).
 */
export async function bearer(secret: string, role: Role, db?: Db) {
  if (db) {
    const user = await insertUser(db, role);
    return bearerFor(secret, user, role);
  }
  const token = await signAccessToken({ sub: randomUUID(), role, username: `${role}-${unique()}` }, secret);
  return { authorization: `Bearer ${token}` };
}

/** A real account (audit rows reference it). */
export async function insertUser(db: Db, role: Role) {
  const username = `${role}_${unique()}`;
  const [row] = await db
    .insert(users)
    .values({ username, email: `${username}@example.com`, role })
    .returning({ id: users.id });
  return { id: row!.id, username };
}

export async function bearerFor(secret: string, user: { id: string; username: string }, role: Role) {
  const token = await signAccessToken({ sub: user.id, role, username: user.username }, secret);
  return { authorization: `Bearer ${token}` };
}

/** A confirmed reservation with one scheduled session of the tutor at `startsAt`. */
export async function insertScheduledSession(
  db: Db,
  tutorId: number,
  startsAt: Date,
  opts: { minutes?: number; student?: string; status?: 'scheduled' | 'held' | 'cancelled' } = {},
) {
  const minutes = opts.minutes ?? 60;
  const [reservation] = await db
    .insert(reservations)
    .values({
      tutorId,
      status: 'confirmed',
      date: startsAt.toISOString().slice(0, 10),
      time: '00:00',
      durationMinutes: minutes,
      fullName: 'Guardian',
      email: `family_${unique()}@example.com`,
      studentFullName: opts.student ?? 'Liya Tesfaye',
      amountCents: 2500,
      holdExpiresAt: new Date(),
    })
    .returning({ id: reservations.id });
  const [session] = await db
    .insert(sessions)
    .values({
      reservationId: reservation!.id,
      tutorId,
      startsAt,
      endsAt: new Date(startsAt.getTime() + minutes * 60_000),
      status: opts.status ?? 'scheduled',
    })
    .returning({ id: sessions.id });
  return { reservationId: reservation!.id, sessionId: session!.id };
}
