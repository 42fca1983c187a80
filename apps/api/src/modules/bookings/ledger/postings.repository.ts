import { asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../platform/db/client.ts';
import { queryRows } from '../../../platform/db/client.ts';
import { reservations, sessions } from '../../../platform/db/schema/bookings.ts';
import { payments } from '../../../platform/db/schema/payments.ts';
import { ledgerEntries, ledgerTransactions } from '../../../platform/db/schema/ledger.ts';
import { tutors } from '../../../platform/db/schema/catalog.ts';
import { siteSettings } from '../../../platform/db/schema/content.ts';

export async function reservationOf(db: DbOrTx, id: string) {
  const [row] = await db.select().from(reservations).where(eq(reservations.id, id)).limit(1);
  return row ?? null;
}

export async function sessionOf(db: DbOrTx, id: string) {
  const [row] = await db.select().from(sessions).where(eq(sessions.id, id)).limit(1);
  return row ?? null;
}

/** The reservation's sessions in their planned order (skipped at planning ones included: the caller filters). */
export async function sessionsOf(db: DbOrTx, reservationId: string) {
  return db
    .select({
      id: sessions.id,
      status: sessions.status,
      skipReason: sessions.skipReason,
      startsAt: sessions.startsAt,
      makeupOfSessionId: sessions.makeupOfSessionId,
    })
    .from(sessions)
    .where(eq(sessions.reservationId, reservationId))
    .orderBy(asc(sessions.createdAt), asc(sessions.startsAt), asc(sessions.id));
}

export async function tutorCommissionBps(db: DbOrTx, tutorId: number): Promise<number | null> {
  const [row] = await db
    .select({ bps: tutors.commissionBps })
    .from(tutors)
    .where(eq(tutors.id, tutorId))
    .limit(1);
  return row?.bps ?? null;
}

export async function readSetting(db: DbOrTx, key: string): Promise<unknown> {
  const [row] = await db
    .select({ value: siteSettings.value })
    .from(siteSettings)
    .where(eq(siteSettings.key, key));
  return row?.value;
}

/** What is still prepaid for a reservation (paid, not yet earned, credited or refunded), per its currency. */
export async function prepaidLeft(db: DbOrTx, reservationId: string, currency: string): Promise<number> {
  const [row] = await queryRows<{ left: string | null }>(
    db,
    sql`select -sum(e.amount_cents) as left from ledger_entries e join ledger_transactions t on t.id = e.transaction_id
         where t.reservation_id = ${reservationId} and e.account = 'family_prepaid' and e.currency = ${currency}`,
  );
  return Number(row?.left ?? 0);
}

/**
 * What a reservation's tutor has earned and the platform has taken on it, net of reversals, with the latest
 * availability date of its earnings (a reversal is dated with it).
 */
export async function earnedOn(db: DbOrTx, reservationId: string, currency: string) {
  const [row] = await queryRows<{
    tutor: string | null;
    commission: string | null;
    available_at: Date | string | null;
  }>(
    db,
    // Earnings less every reversal already posted (by refunds and chargebacks too); payouts carry no reservation.
    sql`select -sum(e.amount_cents) filter (where e.account = 'tutor_payable') as tutor,
               -sum(e.amount_cents) filter (where e.account = 'platform_commission') as commission,
               max(e.available_at) filter (where t.kind = 'session_earned') as available_at
          from ledger_entries e join ledger_transactions t on t.id = e.transaction_id
         where t.reservation_id = ${reservationId} and e.currency = ${currency}
           and e.account in ('tutor_payable', 'platform_commission')`,
  );
  return {
    tutorCents: Number(row?.tutor ?? 0),
    commissionCents: Number(row?.commission ?? 0),
    availableAt: row?.available_at ? new Date(row.available_at) : null,
  };
}

/** A payment by the provider's payment id (Stripe's payment intent), for a chargeback. */
export async function paymentByProviderPaymentId(db: DbOrTx, providerPaymentId: string) {
  const [row] = await db
    .select()
    .from(payments)
    .where(eq(payments.providerPaymentId, providerPaymentId))
    .limit(1);
  return row ?? null;
}

export async function paymentById(db: DbOrTx, id: string) {
  const [row] = await db.select().from(payments).where(eq(payments.id, id)).limit(1);
  return row ?? null;
}

/** What was already returned of a payment (refunds and chargebacks posted to the ledger). */
export async function returnedOfPayment(db: DbOrTx, paymentId: string): Promise<number> {
  const [row] = await queryRows<{ returned: string | null }>(
    db,
    sql`select -sum(e.amount_cents) as returned from ledger_entries e join ledger_transactions t on t.id = e.transaction_id
         where t.payment_id = ${paymentId} and e.account = 'refunds'`,
  );
  return Number(row?.returned ?? 0);
}

/** A session's earning (`earn:<id>`): its transaction's tutor and reservation and its lines; null when never earned. */
export async function earningOf(db: DbOrTx, sessionId: string) {
  const [t] = await db
    .select()
    .from(ledgerTransactions)
    .where(eq(ledgerTransactions.idempotencyKey, `earn:${sessionId}`));
  if (!t) return null;
  const entries = await db.select().from(ledgerEntries).where(eq(ledgerEntries.transactionId, t.id));
  return {
    tutorId: t.tutorId,
    reservationId: t.reservationId,
    lines: entries.map((e) => ({
      account: e.account,
      amountCents: e.amountCents,
      currency: e.currency,
      ...(e.tutorId !== null ? { tutorId: e.tutorId } : {}),
      ...(e.availableAt !== null ? { availableAt: e.availableAt } : {}),
    })),
  };
}
