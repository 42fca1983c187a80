import { refundablePaymentStatuses } from '@tibeb/domain/bookings/statuses';
import { and, asc, eq, inArray, ne } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../../platform/db/client.ts';
import { payments, refunds } from '../../../platform/db/schema/payments.ts';

export type PaymentRow = typeof payments.$inferSelect;

/** Paid payments of a reservation, locked (after the reservation's lock), oldest first. */
export async function lockPaidPayments(tx: Tx, reservationId: string): Promise<PaymentRow[]> {
  return tx
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.reservationId, reservationId),
        inArray(payments.status, [...refundablePaymentStatuses]),
        ne(payments.provider, 'credit'),
      ),
    )
    .orderBy(asc(payments.createdAt))
    .for('update');
}

export async function insertPendingRefund(
  tx: Tx,
  values: {
    paymentId: string;
    amountCents: number;
    currency: string;
    idempotencyKey: string;
    sessionId: string | null;
    reason: string;
    createdByUserId: string | null;
  },
) {
  const [row] = await tx
    .insert(refunds)
    .values({ ...values, status: 'pending' })
    .onConflictDoNothing()
    .returning({ id: refunds.id });
  return row ?? null;
}

/** Refunds still waiting for the provider (retried by the lifecycle job). */
export async function listPendingRefunds(db: DbOrTx, ids?: string[]) {
  return db
    .select({ refund: refunds, payment: payments })
    .from(refunds)
    .innerJoin(payments, eq(payments.id, refunds.paymentId))
    .where(and(eq(refunds.status, 'pending'), ids ? inArray(refunds.id, ids) : undefined))
    .limit(100);
}
