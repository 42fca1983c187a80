import { and, asc, desc, eq, gt, inArray, sql } from 'drizzle-orm';
import { queryRows, type DbOrTx, type Tx } from '../../db/client.ts';
import { reservations, sessions } from '../../db/schema/bookings.ts';
import { tutors } from '../../db/schema/catalog.ts';
import { payments, refunds, webhookEvents } from '../../db/schema/payments.ts';
import { users } from '../../db/schema/users.ts';

export type ReservationRow = typeof reservations.$inferSelect;
export type SessionRow = typeof sessions.$inferSelect;
export type PaymentRow = typeof payments.$inferSelect;
type PaymentStatus = PaymentRow['status'];
type SessionStatus = SessionRow['status'];

/** Records a provider event; false when it was seen before (the caller then changes nothing). */
export async function recordWebhookEvent(tx: Tx, provider: string, eventId: string, type: string) {
  const rows = await tx
    .insert(webhookEvents)
    .values({ provider, eventId, type })
    .onConflictDoNothing()
    .returning({ eventId: webhookEvents.eventId });
  return rows.length > 0;
}

export async function findReservation(db: DbOrTx, id: string) {
  const [row] = await db.select().from(reservations).where(eq(reservations.id, id));
  return row ?? null;
}

/** Locks the reservation row for the rest of the transaction: payments of one reservation take turns. */
export async function lockReservation(tx: Tx, id: string) {
  const [row] = await tx.select().from(reservations).where(eq(reservations.id, id)).for('update');
  return row ?? null;
}

export async function updateReservation(
  tx: Tx,
  id: string,
  patch: Partial<
    Pick<
      ReservationRow,
      'status' | 'creditCents' | 'confirmedAt' | 'cancelledAt' | 'cancelReason' | 'familyUserId'
    >
  >,
) {
  await tx
    .update(reservations)
    .set({ ...patch, updatedAt: new Date() })
    .where(eq(reservations.id, id));
}

export async function findTutor(db: DbOrTx, id: number) {
  const [row] = await db
    .select({ id: tutors.id, fullName: tutors.fullName, email: users.email })
    .from(tutors)
    .leftJoin(users, eq(users.id, tutors.userId))
    .where(eq(tutors.id, id));
  return row ?? null;
}

export async function listSessions(db: DbOrTx, reservationId: string) {
  return db
    .select()
    .from(sessions)
    .where(eq(sessions.reservationId, reservationId))
    .orderBy(asc(sessions.startsAt));
}

/** A pending checkout of this reservation that can still be paid: reused instead of opening a second one. */
export async function findReusablePayment(tx: Tx, reservationId: string, now: Date) {
  const [row] = await tx
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.reservationId, reservationId),
        eq(payments.status, 'pending'),
        gt(payments.expiresAt, now),
      ),
    )
    .orderBy(desc(payments.createdAt))
    .limit(1);
  return row ?? null;
}

export async function insertPayment(db: DbOrTx, values: typeof payments.$inferInsert) {
  const [row] = await db.insert(payments).values(values).onConflictDoNothing().returning();
  return row ?? null;
}

export async function findPaymentById(db: DbOrTx, id: string) {
  const [row] = await db.select().from(payments).where(eq(payments.id, id));
  return row ?? null;
}

export async function findPaymentBySessionId(db: DbOrTx, providerSessionId: string) {
  const [row] = await db.select().from(payments).where(eq(payments.providerSessionId, providerSessionId));
  return row ?? null;
}

export async function lockPayment(tx: Tx, id: string) {
  const [row] = await tx.select().from(payments).where(eq(payments.id, id)).for('update');
  return row ?? null;
}

export async function updatePayment(
  tx: Tx,
  id: string,
  patch: Partial<Pick<PaymentRow, 'status' | 'paidAt' | 'providerPaymentId' | 'refundedCents'>>,
) {
  await tx
    .update(payments)
    .set({ ...patch, updatedAt: new Date() })
    .where(eq(payments.id, id));
}

/** held → scheduled for a paid reservation whose hold is still valid. */
export async function scheduleHeldSessions(tx: Tx, reservationId: string) {
  return tx
    .update(sessions)
    .set({ status: 'scheduled', holdExpiresAt: null, updatedAt: new Date() })
    .where(and(eq(sessions.reservationId, reservationId), eq(sessions.status, 'held')))
    .returning({ id: sessions.id });
}

/**
 * Tries to make one session active again (late payment after a lapsed hold) inside a savepoint, so a clash
 * with someone else's booking (SQLSTATE 23P01 from the exclusion constraint) fails only this session.
 */
export async function tryReactivateSession(tx: Tx, id: string): Promise<'scheduled' | 'clash'> {
  try {
    await tx.transaction(async (sp) => {
      await sp
        .update(sessions)
        .set({ status: 'scheduled', holdExpiresAt: null, skipReason: '', updatedAt: new Date() })
        .where(eq(sessions.id, id));
    });
    return 'scheduled';
  } catch (err) {
    if (sqlState(err) === '23P01') return 'clash';
    throw err;
  }
}

export async function setSessionStatus(tx: Tx, ids: string[], status: SessionStatus, skipReason = '') {
  if (ids.length === 0) return;
  await tx
    .update(sessions)
    .set({ status, skipReason, holdExpiresAt: null, updatedAt: new Date() })
    .where(inArray(sessions.id, ids));
}

/** Releases a checkout's hold at once: its held sessions stop blocking the tutor's calendar. */
export async function releaseHeldSessions(tx: Tx, reservationId: string, status: 'expired' | 'cancelled') {
  return tx
    .update(sessions)
    .set({ status, holdExpiresAt: null, updatedAt: new Date() })
    .where(and(eq(sessions.reservationId, reservationId), eq(sessions.status, 'held')))
    .returning({ id: sessions.id });
}

export async function findUserByEmail(tx: DbOrTx, email: string) {
  const [row] = await tx
    .select({ id: users.id, role: users.role, username: users.username })
    .from(users)
    .where(sql`lower(${users.email}) = lower(${email})`);
  return row ?? null;
}

/** Inserts a family account without a password; null when the username (or e-mail) is taken. */
export async function insertFamilyUser(
  tx: Tx,
  values: { username: string; email: string; firstName: string; lastName: string; phone: string },
) {
  const [row] = await tx
    .insert(users)
    .values({ ...values, role: 'student', passwordHash: null })
    .onConflictDoNothing()
    .returning({ id: users.id, username: users.username });
  return row ?? null;
}

export async function insertRefund(tx: Tx, values: typeof refunds.$inferInsert) {
  const [row] = await tx.insert(refunds).values(values).returning();
  return row!;
}

/** Scheduled sessions of a reservation: the given ones, or (ids undefined) every one that has not started. */
export async function cancelScheduledSessions(
  tx: Tx,
  reservationId: string,
  ids: string[] | undefined,
  now: Date,
) {
  const scope = ids ? inArray(sessions.id, ids) : gt(sessions.startsAt, now);
  return tx
    .update(sessions)
    .set({ status: 'cancelled', updatedAt: new Date() })
    .where(and(eq(sessions.reservationId, reservationId), eq(sessions.status, 'scheduled'), scope))
    .returning({ id: sessions.id, tutorId: sessions.tutorId });
}

/** Pending checkouts past their own expiry can no longer be paid (the provider's session has ended). */
export async function expireLapsedPayments(db: DbOrTx, now: Date, limit = 500) {
  const at = now.toISOString();
  return queryRows<{ id: string }>(
    db,
    sql`WITH lapsed AS (
          SELECT id FROM payments
          WHERE status = 'pending' AND expires_at < ${at}::timestamptz
          LIMIT ${limit}
          FOR UPDATE SKIP LOCKED
        )
        UPDATE payments p SET status = 'expired', updated_at = now()
        FROM lapsed WHERE p.id = lapsed.id
        RETURNING p.id`,
  );
}

export async function listPayments(db: DbOrTx, filter: { status?: PaymentStatus; reservationId?: string }) {
  return db
    .select({
      payment: payments,
      reservationStatus: reservations.status,
      creditCents: reservations.creditCents,
      fullName: reservations.fullName,
      email: reservations.email,
      tutorName: tutors.fullName,
    })
    .from(payments)
    .innerJoin(reservations, eq(reservations.id, payments.reservationId))
    .leftJoin(tutors, eq(tutors.id, reservations.tutorId))
    .where(
      and(
        filter.status ? eq(payments.status, filter.status) : undefined,
        filter.reservationId ? eq(payments.reservationId, filter.reservationId) : undefined,
      ),
    )
    .orderBy(desc(payments.createdAt))
    .limit(500);
}

/** SQLSTATE of a database error from either driver (drizzle wraps the driver's error as `cause`). */
export function sqlState(err: unknown): string | undefined {
  let current: unknown = err;
  for (let i = 0; i < 4 && current && typeof current === 'object'; i += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}
