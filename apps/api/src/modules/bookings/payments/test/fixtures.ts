import { randomUUID } from 'node:crypto';
// Test fixtures write rows straight into the schema, as a repository would (tests are exempt from the rule).
// eslint-disable-next-line no-restricted-imports
import { eq } from 'drizzle-orm';
import type { AppInstance } from '../../../../platform/http/app-instance.ts';
import type { Db } from '../../../../platform/db/client.ts';
import { reservations, sessions } from '../../../../platform/db/schema/bookings.ts';
import { tutors } from '../../../../platform/db/schema/catalog.ts';
import { payments } from '../../../../platform/db/schema/payments.ts';
import { users } from '../../../../platform/db/schema/users.ts';
import { signAccessToken } from '../../../../platform/auth/tokens.ts';

/**
 * Test data for the payments module, written straight into the schema: a tutor, and a reservation in
 * the state the booking engine leaves it (pending_payment, sessions held for 30 minutes; DESIGN §1.4).
 */
const unique = () => randomUUID().slice(0, 8);

export async function createTutor(db: Db, opts: { withEmail?: boolean; rateCents?: number } = {}) {
  const tag = unique();
  let userId: string | null = null;
  let email: string | null = null;
  if (opts.withEmail ?? true) {
    email = `tutor-${tag}@example.com`;
    const [user] = await db
      .insert(users)
      .values({ username: `tutor_${tag}`, email, role: 'tutor', passwordHash: null })
      .returning();
    userId = user!.id;
  }
  const [tutor] = await db
    .insert(tutors)
    .values({
      userId,
      fullName: `Abebe Kebede ${tag}`,
      subject: 'math',
      hourlyRateCents: opts.rateCents ?? 2000,
    })
    .returning();
  return { id: tutor!.id, fullName: tutor!.fullName, email };
}

export async function createAdmin(db: Db, secret: string, role: 'admin' | 'student' = 'admin') {
  const tag = unique();
  const [user] = await db
    .insert(users)
    .values({ username: `${role}_${tag}`, email: `${role}-${tag}@example.com`, role, passwordHash: null })
    .returning();
  const token = await signAccessToken({ sub: user!.id, role, username: user!.username }, secret);
  return { id: user!.id, authorization: `Bearer ${token}` };
}

const WEEK_MS = 7 * 24 * 60 * 60_000;

/** A reservation awaiting payment with `count` weekly sessions held, the first at `firstStart`. */
export async function createHeldReservation(
  db: Db,
  opts: {
    tutorId: number;
    firstStart: Date;
    count?: number;
    durationMinutes?: number;
    rateCents?: number;
    holdExpiresAt?: Date;
    email?: string;
    fullName?: string;
  },
) {
  const count = opts.count ?? 4;
  const duration = opts.durationMinutes ?? 60;
  const rate = opts.rateCents ?? 2000;
  const hold = opts.holdExpiresAt ?? new Date(Date.now() + 30 * 60_000);
  const email = opts.email ?? `family-${unique()}@example.com`;
  const [reservation] = await db
    .insert(reservations)
    .values({
      tutorId: opts.tutorId,
      status: 'pending_payment',
      date: opts.firstStart.toISOString().slice(0, 10),
      time: '16:00',
      durationMinutes: duration,
      days: ['mon'],
      daysTimes: { mon: '16:00' },
      fullName: opts.fullName ?? 'Hana Tesfaye',
      email,
      phone: '+251911000000',
      subject: 'Mathematics',
      studentFullName: 'Liya Tesfaye',
      studentGrade: 'Grade 7',
      amountCents: (rate * duration * count) / 60,
      holdExpiresAt: hold,
    })
    .returning();
  const rows = await db
    .insert(sessions)
    .values(
      Array.from({ length: count }, (_, i) => {
        const startsAt = new Date(opts.firstStart.getTime() + i * WEEK_MS);
        return {
          reservationId: reservation!.id,
          tutorId: opts.tutorId,
          startsAt,
          endsAt: new Date(startsAt.getTime() + duration * 60_000),
          status: 'held' as const,
          holdExpiresAt: hold,
        };
      }),
    )
    .returning();
  return { reservation: reservation!, sessions: rows.sort((a, b) => +a.startsAt - +b.startsAt) };
}

/** A session of another family that takes the tutor's time (for clash tests). */
/**
 * For tests: a payment provider whose refunds fail ('provider down') until `state.up` is set, keeping every
 * idempotency key it was sent in `state.keys`.
 */
export function flakyRefundProvider() {
  const state = { up: false, keys: [] as string[] };
  const provider = {
    name: 'demo' as const,
    createCheckoutSession: () => Promise.reject(new Error('unused')),
    retrieveCheckoutSession: () => Promise.resolve(null),
    refund: (input: { idempotencyKey: string }) => {
      state.keys.push(input.idempotencyKey);
      return state.up
        ? Promise.resolve({ refundId: `re_${state.keys.length}` })
        : Promise.reject(new Error('provider down'));
    },
  };
  return { provider, state };
}

/** Asks for the checkout of a held reservation as the payment page does: its name, e-mail and amount. */
export function requestCheckout(
  app: AppInstance,
  reservation: { id: string; fullName: string; email: string; amountCents: number },
) {
  return app.inject({
    method: 'POST',
    url: '/api/payments/create-checkout-session/',
    payload: {
      full_name: reservation.fullName,
      email: reservation.email,
      amount: reservation.amountCents / 100,
      reservation_id: reservation.id,
    },
  });
}

export async function createScheduledSession(db: Db, tutorId: number, startsAt: Date, minutes = 60) {
  const other = await createHeldReservation(db, {
    tutorId,
    firstStart: startsAt,
    count: 1,
    durationMinutes: minutes,
  });
  await db
    .update(sessions)
    .set({ status: 'scheduled' })
    .where(eq(sessions.reservationId, other.reservation.id));
  await db.update(reservations).set({ status: 'confirmed' }).where(eq(reservations.id, other.reservation.id));
  return other;
}

export async function readReservation(db: Db, id: string) {
  const [row] = await db.select().from(reservations).where(eq(reservations.id, id));
  const rows = await db.select().from(sessions).where(eq(sessions.reservationId, id));
  return { reservation: row!, sessions: rows.sort((a, b) => +a.startsAt - +b.startsAt) };
}

export async function readPayments(db: Db, reservationId: string) {
  return db.select().from(payments).where(eq(payments.reservationId, reservationId));
}

export async function setHoldExpiry(db: Db, reservationId: string, at: Date) {
  await db.update(reservations).set({ holdExpiresAt: at }).where(eq(reservations.id, reservationId));
  await db.update(sessions).set({ holdExpiresAt: at }).where(eq(sessions.reservationId, reservationId));
}

/** A Monday 13:00 UTC (16:00 EAT) some weeks ahead, so tests never plan in the past. */
export function futureMonday(weeksAhead: number): Date {
  const d = new Date();
  d.setUTCHours(13, 0, 0, 0);
  d.setUTCDate(d.getUTCDate() + ((8 - d.getUTCDay()) % 7 || 7) + weeksAhead * 7);
  return d;
}

/** An outbox .eml as text a reader sees: quoted-printable and encoded-word headers decoded. */
export function decodeEml(raw: string): string {
  const qp = (s: string) =>
    Buffer.from(
      s
        .replace(/=\r?\n/g, '')
        .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
      'latin1',
    ).toString('utf8');
  const [head = '', ...rest] = raw.split(/\r?\n\r?\n/);
  const headers = head
    .replace(/\r?\n\s+/g, ' ')
    // Whitespace between adjacent encoded words is not part of the text (RFC 2047).
    .replace(/\?=\s+=\?UTF-8\?Q\?/gi, '')
    .replace(/\?=\s+=\?UTF-8\?B\?/gi, '?==?UTF-8?B?')
    .replace(/=\?UTF-8\?Q\?([^?]*)\?=/gi, (_, text: string) => qp(text.replaceAll('_', ' ')))
    .replace(/=\?UTF-8\?B\?([^?]*)\?=/gi, (_, text: string) => Buffer.from(text, 'base64').toString('utf8'));
  const body = rest.join('\n\n');
  // Text mostly outside ASCII (Amharic) is sent in base64.
  const decoded = /quoted-printable/i.test(head)
    ? qp(body)
    : /transfer-encoding: base64/i.test(head)
      ? Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8')
      : body;
  return `${headers}\n\n${decoded}`;
}

export async function readMail(mailer: { readOutbox: (to: string) => Promise<string[]> }, to: string) {
  return (await mailer.readOutbox(to)).map(decodeEml);
}
