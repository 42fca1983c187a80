import { and, asc, desc, eq, gt, sql } from 'drizzle-orm';
import { queryRows, type DbOrTx, type Tx } from '../../../platform/db/client.ts';
import { reservations, sessions } from '../../../platform/db/schema/bookings.ts';
import { tutors } from '../../../platform/db/schema/catalog.ts';
import { payments, refunds, webhookEvents } from '../../../platform/db/schema/payments.ts';
import { users } from '../../../platform/db/schema/users.ts';

export type ReservationRow = typeof reservations.$inferSelect;
export type SessionRow = typeof sessions.$inferSelect;
export type PaymentRow = typeof payments.$inferSelect;

/** A payment's own columns in a raw read of `payments p` (the admin's ledger, the family's payments). */
export const paymentReadColumns = sql`p.id, p.reservation_id, p.provider, p.status, p.amount_cents,
  p.refunded_cents, p.currency`;
export type PaymentReadRow = {
  id: string;
  reservation_id: string;
  provider: string;
  status: string;
  amount_cents: number;
  refunded_cents: number;
  currency: string;
};

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

export async function findTutor(db: DbOrTx, id: number) {
  const [row] = await db
    .select({ id: tutors.id, fullName: tutors.fullName, email: users.email, locale: users.locale })
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

/**
 * The checkout that paid this reservation (decision 248): a second "pay" after the first went through is shown
 * that payment's success page rather than a refusal.
 */
export async function findPaidPayment(db: DbOrTx, reservationId: string) {
  const [row] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.reservationId, reservationId), eq(payments.status, 'paid')))
    .orderBy(desc(payments.createdAt))
    .limit(1);
  return row ?? null;
}

export async function insertPayment(db: DbOrTx, values: typeof payments.$inferInsert) {
  const [row] = await db.insert(payments).values(values).onConflictDoNothing().returning();
  return row ?? null;
}

/** The provider's answer for a checkout row that was waiting for it (null when another request saved it first). */
export async function saveCheckout(db: DbOrTx, id: string, providerSessionId: string, checkoutUrl: string) {
  const [row] = await db
    .update(payments)
    .set({ providerSessionId, checkoutUrl, updatedAt: new Date() })
    .where(and(eq(payments.id, id), eq(payments.status, 'pending'), eq(payments.checkoutUrl, '')))
    .returning();
  return row ?? null;
}

/** A checkout the provider never opened (outage): closed, so the next attempt opens a fresh one. */
export async function failOpeningPayment(db: DbOrTx, id: string) {
  await db
    .update(payments)
    .set({ status: 'failed', updatedAt: new Date() })
    .where(and(eq(payments.id, id), eq(payments.status, 'pending'), eq(payments.checkoutUrl, '')));
}

/** Pending checkouts of a reservation (the family left the provider's page: they are closed at once). */
export async function listPendingPayments(db: DbOrTx, reservationId: string) {
  return db
    .select()
    .from(payments)
    .where(and(eq(payments.reservationId, reservationId), eq(payments.status, 'pending')));
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

/** Money promised back but not yet confirmed by the provider. */
export async function pendingRefundCents(db: DbOrTx, paymentId: string): Promise<number> {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${refunds.amountCents}), 0)` })
    .from(refunds)
    .where(and(eq(refunds.paymentId, paymentId), eq(refunds.status, 'pending')));
  return Number(row?.total ?? 0);
}

/** The provider's answer: the refund succeeded and the payment's refunded total grows (once). */
export async function settleRefund(db: DbOrTx, refundId: string, providerRefundId: string) {
  return db.transaction(async (tx) => {
    const [refund] = await tx
      .update(refunds)
      .set({ status: 'succeeded', providerRefundId })
      .where(and(eq(refunds.id, refundId), eq(refunds.status, 'pending')))
      .returning();
    if (!refund) return null;
    await tx
      .update(payments)
      .set({
        refundedCents: sql`${payments.refundedCents} + ${refund.amountCents}`,
        status: sql`case when ${payments.refundedCents} + ${refund.amountCents} >= ${payments.amountCents}
                     then 'refunded' else 'partially_refunded' end`,
        updatedAt: new Date(),
      })
      .where(eq(payments.id, refund.paymentId));
    return refund;
  });
}

export async function insertRefund(tx: Tx, values: typeof refunds.$inferInsert) {
  const [row] = await tx.insert(refunds).values(values).returning();
  return row!;
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
