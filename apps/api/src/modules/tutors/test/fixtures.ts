import { randomUUID } from 'node:crypto';
import type { Db } from '../../../db/client.ts';
import { reviews, subjects, tutorAvailability, tutors } from '../../../db/schema/index.ts';
import { signAccessToken, type Role } from '../../../lib/tokens.ts';

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

export async function bearer(secret: string, role: Role) {
  const token = await signAccessToken({ sub: randomUUID(), role, username: `${role}-${unique()}` }, secret);
  return { authorization: `Bearer ${token}` };
}
