import { randomUUID } from 'node:crypto';
// Test fixtures write rows straight into the schema, as a repository would (tests are exempt from the rule).
import type { Db } from '../../platform/db/client.ts';
import { reservations, sessions } from '../../platform/db/schema/bookings.ts';
import { tutorAvailability, tutorAvailabilityVersions, tutors } from '../../platform/db/schema/catalog.ts';
import { payments, refunds } from '../../platform/db/schema/payments.ts';
import { users } from '../../platform/db/schema/users.ts';
import { signAccessToken } from '../../platform/auth/tokens.ts';

const unique = () => randomUUID().slice(0, 8);

/** An admin-level account and its bearer header. */
export async function adminAuth(db: Db, secret: string, role: 'admin' | 'staff' | 'tutor' = 'admin') {
  const tag = unique();
  const [user] = await db
    .insert(users)
    .values({ username: `${role}_${tag}`, email: `${role}-${tag}@example.com`, role, passwordHash: null })
    .returning();
  const token = await signAccessToken({ sub: user!.id, role, username: user!.username }, secret);
  return { id: user!.id, username: user!.username, headers: { authorization: `Bearer ${token}` } };
}

/**
 * A tutor created at `since` (by default long before the reports' ranges) offering `windows` from then on, as
 * the availability save writes them: the windows and their version (decision 264).
 */
export async function insertTutor(
  db: Db,
  name: string,
  windows: [string, string, string][] = [],
  since = new Date('2025-01-01T00:00:00Z'),
) {
  const [tutor] = await db
    .insert(tutors)
    .values({ fullName: name, subject: 'math', hourlyRateCents: 2000, createdAt: since })
    .returning();
  await db.insert(tutorAvailabilityVersions).values({
    tutorId: tutor!.id,
    effectiveFrom: since,
    windows: windows.map(([weekday, startTime, endTime]) => ({ weekday, startTime, endTime })),
  });
  if (windows.length) {
    await db.insert(tutorAvailability).values(
      windows.map(([weekday, startTime, endTime]) => ({
        tutorId: tutor!.id,
        weekday: weekday as 'mon',
        startTime,
        endTime,
      })),
    );
  }
  return tutor!;
}

/** A confirmed reservation with sessions at the given starts (status per session), and optionally its payment. */
export async function insertBooking(
  db: Db,
  opts: {
    tutorId: number;
    subject: string;
    starts: Date[];
    minutes?: number;
    sessionStatus?: 'scheduled' | 'completed' | 'cancelled' | 'no_show';
    reservationStatus?: 'confirmed' | 'cancelled';
    cancelledAt?: Date;
    payment?: {
      cents: number;
      currency?: string;
      paidAt: Date;
      status?: 'paid' | 'partially_refunded' | 'refunded' | 'pending';
      provider?: 'demo' | 'stripe';
      refundedCents?: number;
    };
    fullName?: string;
    email?: string;
  },
) {
  const minutes = opts.minutes ?? 60;
  const [reservation] = await db
    .insert(reservations)
    .values({
      tutorId: opts.tutorId,
      status: opts.reservationStatus ?? 'confirmed',
      date: opts.starts[0]!.toISOString().slice(0, 10),
      time: '16:00',
      durationMinutes: minutes,
      days: ['mon'],
      daysTimes: { mon: '16:00' },
      fullName: opts.fullName ?? 'Hana Tesfaye',
      email: opts.email ?? `family-${unique()}@example.com`,
      subject: opts.subject,
      studentFullName: 'Liya Tesfaye',
      amountCents: opts.payment?.cents ?? 8000,
      holdExpiresAt: new Date(opts.starts[0]!.getTime() - 86_400_000),
      cancelledAt: opts.cancelledAt ?? null,
    })
    .returning();
  const rows = await db
    .insert(sessions)
    .values(
      opts.starts.map((startsAt) => ({
        reservationId: reservation!.id,
        tutorId: opts.tutorId,
        startsAt,
        endsAt: new Date(startsAt.getTime() + minutes * 60_000),
        status: opts.sessionStatus ?? ('completed' as const),
        cancelledAt: opts.sessionStatus === 'cancelled' ? (opts.cancelledAt ?? startsAt) : null,
      })),
    )
    .returning();
  let payment: typeof payments.$inferSelect | undefined;
  if (opts.payment) {
    [payment] = await db
      .insert(payments)
      .values({
        reservationId: reservation!.id,
        provider: opts.payment.provider ?? 'demo',
        providerSessionId: `cs_${randomUUID()}`,
        amountCents: opts.payment.cents,
        currency: opts.payment.currency ?? 'USD',
        status: opts.payment.status ?? 'paid',
        refundedCents: opts.payment.refundedCents ?? 0,
        expiresAt: opts.payment.paidAt,
        paidAt: opts.payment.status === 'pending' ? null : opts.payment.paidAt,
        createdAt: opts.payment.paidAt,
      })
      .returning();
  }
  return { reservation: reservation!, sessions: rows, payment };
}

export async function insertRefund(db: Db, paymentId: string, cents: number, at: Date, currency = 'USD') {
  await db.insert(refunds).values({
    paymentId,
    amountCents: cents,
    currency,
    status: 'succeeded',
    providerRefundId: `re_${unique()}`,
    createdAt: at,
  });
}

export async function insertFamily(db: Db, createdAt: Date) {
  const tag = unique();
  await db
    .insert(users)
    .values({ username: `fam_${tag}`, email: `fam-${tag}@example.com`, role: 'student', createdAt });
}
