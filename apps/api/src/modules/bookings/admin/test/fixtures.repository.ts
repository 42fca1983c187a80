import type { Db } from '../../../../platform/db/client.ts';
import {
  bookingEvents,
  creditLedger,
  payments,
  reservations,
  sessions,
  tutors,
} from '../../../../platform/db/schema/index.ts';

let n = 0;
const unique = () => `${Date.now().toString(36)}${(n += 1)}`;

/** For the tests: a tutor and a reservation with sessions, a payment, a history entry and family credit. */
export async function insertTutorRow(db: Db, fullName: string) {
  const [row] = await db
    .insert(tutors)
    .values({ fullName, subject: 'math', hourlyRateCents: 2000 })
    .returning({ id: tutors.id });
  return row!.id;
}

export async function insertReservation(
  db: Db,
  opts: {
    tutorId: number;
    family: string;
    email?: string;
    student: string;
    status?: 'confirmed' | 'cancelled' | 'pending_payment';
    starts: Date[];
    withPayment?: boolean;
    credit?: number;
  },
) {
  const email = opts.email ?? `${unique()}@example.com`;
  const [r] = await db
    .insert(reservations)
    .values({
      tutorId: opts.tutorId,
      status: opts.status ?? 'confirmed',
      date: opts.starts[0]!.toISOString().slice(0, 10),
      time: '16:00',
      durationMinutes: 60,
      fullName: opts.family,
      email,
      guardianFullName: opts.family,
      guardianEmail: email,
      studentFullName: opts.student,
      studentGrade: '7',
      amountCents: 2000 * opts.starts.length,
      holdExpiresAt: new Date(),
    })
    .returning({ id: reservations.id });
  const rows = await db
    .insert(sessions)
    .values(
      opts.starts.map((startsAt) => ({
        reservationId: r!.id,
        tutorId: opts.tutorId,
        startsAt,
        endsAt: new Date(startsAt.getTime() + 3_600_000),
        status: 'scheduled' as const,
      })),
    )
    .returning({ id: sessions.id });
  if (opts.withPayment) {
    await db.insert(payments).values({
      reservationId: r!.id,
      provider: 'demo',
      providerSessionId: `demo_${unique()}`,
      amountCents: 2000 * opts.starts.length,
      status: 'paid',
      paidAt: new Date(),
      expiresAt: new Date(),
    });
    await db
      .insert(bookingEvents)
      .values({ reservationId: r!.id, action: 'confirmed', detail: { by: 'payment' } });
  }
  if (opts.credit) {
    await db.insert(creditLedger).values({
      familyEmail: email.toLowerCase(),
      amountCents: opts.credit,
      kind: 'cancellation',
      reservationId: r!.id,
    });
  }
  return { id: r!.id, sessionIds: rows.map((s) => s.id) };
}
