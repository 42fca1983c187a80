import { randomUUID } from 'node:crypto';
// Test fixtures write rows straight into the schema, as a repository would (tests are exempt from the rule).
// eslint-disable-next-line no-restricted-imports
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../../../platform/db/client.ts';
import {
  bookingEvents,
  creditLedger,
  reservations,
  sessions,
} from '../../../../platform/db/schema/bookings.ts';
import { tutors, tutorTimeOff } from '../../../../platform/db/schema/catalog.ts';
import { invalidateTutorBookings } from '../../availability/booked.cache.ts';
import { payments, refunds } from '../../../../platform/db/schema/payments.ts';
import { users } from '../../../../platform/db/schema/users.ts';
import { signAccessToken, type Role } from '../../../../platform/auth/tokens.ts';
import type { AppInstance } from '../../../../platform/http/app-instance.ts';
import { createTutor as createBookableTutor } from '../../reservations/test-fixtures.repository.ts';

/** Test data for the lifecycle: signed-in users, a tutor with an account and windows, a paid booking. */

const tag = () => randomUUID().slice(0, 8);

export async function createUser(
  db: Db,
  secret: string,
  role: Role,
  opts: { email?: string; timeZone?: string; passwordHash?: string } = {},
) {
  const t = tag();
  const [user] = await db
    .insert(users)
    .values({
      username: `${role}_${t}`,
      email: opts.email ?? `${role}-${t}@example.com`,
      role,
      passwordHash: opts.passwordHash ?? null,
      emailVerifiedAt: new Date(),
      timeZone: opts.timeZone ?? '',
    })
    .returning();
  const token = await signAccessToken({ sub: user!.id, role, username: user!.username }, secret);
  return { id: user!.id, email: user!.email, headers: { authorization: `Bearer ${token}` } };
}

/** A published tutor with a tutor account, windows 09:00–12:00 and 14:00–18:00 every day (EAT). */
export async function createTutorWithAccount(db: Db, secret: string) {
  const tutor = await createBookableTutor(db, { hourlyRateCents: 2000 });
  const account = await createUser(db, secret, 'tutor');
  await db.update(tutors).set({ userId: account.id }).where(eq(tutors.id, tutor.id));
  return { ...tutor, account };
}

/** The Monday `weeksAhead` weeks from now (EAT date). */
export function mondayAhead(weeksAhead: number): string {
  const d = new Date();
  d.setUTCDate(d.getUTCDate() + ((8 - d.getUTCDay()) % 7 || 7) + weeksAhead * 7);
  return d.toISOString().slice(0, 10);
}

/**
 * Books and pays (demo provider) 4 weekly sessions on Mondays at `time` for a family signed in as `family`:
 * answers the reservation's summary as the API gives it.
 */
export async function paidBooking(
  app: AppInstance,
  opts: {
    tutorId: number;
    familyEmail: string;
    date: string;
    time?: string;
    locale?: string;
    familyTimeZone?: string;
  },
) {
  const book = await app.inject({
    method: 'POST',
    url: '/api/reservations/reservations/',
    payload: {
      tutor: opts.tutorId,
      date: opts.date,
      time: opts.time ?? '10:00',
      duration_hours: 1,
      full_name: 'Almaz Tesfaye',
      email: opts.familyEmail,
      phone: '+251 911 000 000',
      guardian_relationship: 'Mother',
      subject: 'Mathematics',
      student_full_name: 'Liya Tesfaye',
      student_grade: 'Grade 5',
      ...(opts.locale ? { locale: opts.locale } : {}),
      ...(opts.familyTimeZone ? { family_time_zone: opts.familyTimeZone } : {}),
    },
  });
  if (book.statusCode !== 201) throw new Error(`booking failed: ${book.statusCode} ${book.body}`);
  const created = book.json() as { id: string; amount: number; amount_cents: number };
  const checkout = await app.inject({
    method: 'POST',
    url: '/api/payments/create-checkout-session/',
    payload: {
      reservation_id: created.id,
      full_name: 'Almaz Tesfaye',
      email: opts.familyEmail,
      amount: created.amount,
    },
  });
  if (checkout.statusCode !== 200)
    throw new Error(`checkout failed: ${checkout.statusCode} ${checkout.body}`);
  const url = (checkout.json() as { checkout_url: string }).checkout_url;
  const paymentId = /checkout\/([0-9a-f-]{36})\/$/.exec(url)?.[1];
  if (paymentId) {
    const pay = await app.inject({ method: 'POST', url: `/api/payments/demo/checkout/${paymentId}/pay/` });
    if (pay.statusCode !== 303) throw new Error(`pay failed: ${pay.statusCode} ${pay.body}`);
  }
  const summary = await app.inject({ method: 'GET', url: `/api/reservations/reservations/${created.id}/` });
  return summary.json() as {
    id: string;
    status: string;
    amount_cents: number;
    amount_charged_cents: number;
    credit_applied_cents: number;
    sessions: { id: string; date: string; time: string; start: string; status: string }[];
  };
}

/**
 * A new tutor (with an account) and a new family account whose paid booking (`paidBooking`, from `date`) is linked
 * to it: what most family-area tests start from.
 */
export async function linkedFamilyBooking(
  app: AppInstance,
  opts: { date: string; time?: string; timeZone?: string },
) {
  const tutor = await createTutorWithAccount(app.db, app.config.jwtSecret);
  const family = await createUser(app.db, app.config.jwtSecret, 'student', {
    email: `family-${randomUUID().slice(0, 8)}@example.com`,
    ...(opts.timeZone ? { timeZone: opts.timeZone } : {}),
  });
  const summary = await paidBooking(app, {
    tutorId: tutor.id,
    familyEmail: family.email,
    date: opts.date,
    time: opts.time,
  });
  await linkFamily(app.db, summary.id, family.id);
  return { tutor, family, summary };
}

/** Links a reservation to a family account (what a verified payment does). */
export async function linkFamily(db: Db, reservationId: string, userId: string) {
  await db.update(reservations).set({ familyUserId: userId }).where(eq(reservations.id, reservationId));
}

/** Moves a session (and so the present) as if time had passed: starts `minutesFromNow` from now. */
export async function setSessionStart(db: Db, sessionId: string, startsAt: Date, minutes = 60) {
  await db
    .update(sessions)
    .set({ startsAt, endsAt: new Date(startsAt.getTime() + minutes * 60_000) })
    .where(eq(sessions.id, sessionId));
}

export async function readEvents(db: Db, reservationId: string) {
  return db.select().from(bookingEvents).where(eq(bookingEvents.reservationId, reservationId));
}

export async function readCredit(db: Db, email: string) {
  return db.select().from(creditLedger).where(eq(creditLedger.familyEmail, email.toLowerCase()));
}

export async function readRefunds(db: Db, reservationId: string) {
  return db
    .select({ refund: refunds, payment: payments })
    .from(refunds)
    .innerJoin(payments, eq(payments.id, refunds.paymentId))
    .where(eq(payments.reservationId, reservationId));
}

export async function readSessions(db: Db, reservationId: string) {
  const rows = await db.select().from(sessions).where(eq(sessions.reservationId, reservationId));
  return rows.sort((a, b) => +a.startsAt - +b.startsAt);
}

export async function setEmailVerified(db: Db, userId: string, at: Date | null) {
  await db.update(users).set({ emailVerifiedAt: at }).where(eq(users.id, userId));
}

/** PostgreSQL's count of deadlocks detected in this database (0 on PGlite, which has one connection). */
export async function deadlockCount(db: Db, opts: { settle?: boolean } = {}): Promise<number> {
  // The statistics are flushed by each backend shortly after its transactions end.
  if (opts.settle) await new Promise((resolve) => setTimeout(resolve, 1200));
  const result = (await db.execute(
    sql`select coalesce(deadlocks, 0)::int as n from pg_stat_database where datname = current_database()`,
  )) as unknown as { rows: { n: number }[] };
  return Number(result.rows[0]?.n ?? 0);
}

/** A tutor's time off, both dates included (wall-clock dates in the tutor's zone). */
export async function addTimeOff(db: Db, tutorId: number, startsOn: string, endsOn = startsOn) {
  await db.insert(tutorTimeOff).values({ tutorId, startsOn, endsOn, reason: 'Away' });
  invalidateTutorBookings(tutorId);
}
