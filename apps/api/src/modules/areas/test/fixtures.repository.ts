import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.ts';
import { reservations, sessions, tutors, users } from '../../../platform/db/schema/index.ts';
import { signAccessToken } from '../../../platform/auth/tokens.ts';

/**
 * For the tutor area's, messages' and calendar's tests: accounts, a tutor profile linked to its account, and a
 * family's confirmed booking with sessions at chosen instants.
 */
const uniq = () => randomBytes(5).toString('hex');

export type Account = { id: string; username: string; email: string; auth: { authorization: string } };

export async function account(db: Db, secret: string, role: 'tutor' | 'student' | 'admin', name?: string) {
  const username = `${role}_${uniq()}`;
  const [first, last] = (name ?? '').split(' ');
  const [row] = await db
    .insert(users)
    .values({
      username,
      email: `${username}@example.test`,
      role,
      firstName: first ?? '',
      lastName: last ?? '',
    })
    .returning({ id: users.id });
  const token = await signAccessToken({ sub: row!.id, role, username }, secret);
  return {
    id: row!.id,
    username,
    email: `${username}@example.test`,
    auth: { authorization: `Bearer ${token}` },
  };
}

export async function tutorAccount(db: Db, secret: string, fullName = 'Abebe Bekele', meetingUrl = '') {
  const user = await account(db, secret, 'tutor');
  const [tutor] = await db
    .insert(tutors)
    .values({ fullName, subject: 'Mathematics', hourlyRateCents: 2000, userId: user.id, meetingUrl })
    .returning({ id: tutors.id });
  return { ...user, tutorId: tutor!.id };
}

/** A confirmed reservation of the family with the tutor, one session (status as given) per start instant. */
export async function booking(
  db: Db,
  tutorId: number,
  family: { id: string; email: string } | null,
  starts: Date[],
  opts: {
    student?: string;
    minutes?: number;
    status?: 'scheduled' | 'held' | 'completed' | 'cancelled';
    amountCents?: number;
  } = {},
) {
  const minutes = opts.minutes ?? 60;
  const [res] = await db
    .insert(reservations)
    .values({
      tutorId,
      familyUserId: family?.id ?? null,
      status: 'confirmed',
      date: starts[0]!.toISOString().slice(0, 10),
      time: '17:00',
      durationMinutes: minutes,
      fullName: 'Almaz Kebede',
      email: family?.email ?? `guest_${uniq()}@example.test`,
      phone: '+251911000000',
      subject: 'Mathematics',
      studentFullName: opts.student ?? 'Liya Kebede',
      studentGrade: 'Grade 8',
      guardianFullName: 'Almaz Kebede',
      guardianEmail: family?.email ?? '',
      guardianPhone: '+251911000000',
      amountCents: opts.amountCents ?? 2000 * starts.length,
      holdExpiresAt: new Date(),
    })
    .returning({ id: reservations.id });
  const rows = await db
    .insert(sessions)
    .values(
      starts.map((s) => ({
        reservationId: res!.id,
        tutorId,
        startsAt: s,
        endsAt: new Date(s.getTime() + minutes * 60_000),
        status: opts.status ?? ('scheduled' as const),
      })),
    )
    .returning({ id: sessions.id, roomId: sessions.roomId });
  return { reservationId: res!.id, sessions: rows };
}

export async function setSession(db: Db, id: string, values: Partial<typeof sessions.$inferInsert>) {
  await db
    .update(sessions)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(sessions.id, id));
}

export async function setUser(db: Db, id: string, values: Partial<typeof users.$inferInsert>) {
  await db.update(users).set(values).where(eq(users.id, id));
}
