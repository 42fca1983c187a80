import type { Db } from '../../../platform/db/client.ts';
import { insertEvents } from '../lifecycle/booking-events.repository.ts';
import { recordWebhookEvent } from '../payments/payments.repository.ts';
import { postMoneyReturned } from './postings.service.ts';
import * as repo from './postings.repository.ts';
import { ledgerMemos } from '@tibeb/domain/ledger/memos';

/**
 * A chargeback (decision 228): the family's bank takes a payment back. Posted like a full refund of that
 * payment (what is still prepaid first, then the earnings of its held sessions are reversed, also after a
 * payout), recorded once per provider event and once per dispute, with a booking event for the admins. The
 * sessions are not cancelled: an admin decides what happens to the booking.
 */
export async function recordChargeback(
  db: Db,
  p: {
    provider: string;
    eventId: string;
    type?: string;
    disputeId?: string;
    /** Ours, or the provider's payment id (Stripe's payment intent). */
    paymentId?: string;
    providerPaymentId?: string | null;
    amountCents: number;
    currency?: string;
  },
  now = new Date(),
): Promise<'duplicate' | 'ignored' | 'chargeback'> {
  return db.transaction(async (tx) => {
    if (!(await recordWebhookEvent(tx, p.provider, p.eventId, p.type ?? 'chargeback'))) return 'duplicate';
    const payment = p.paymentId
      ? await repo.paymentById(tx, p.paymentId)
      : p.providerPaymentId
        ? await repo.paymentByProviderPaymentId(tx, p.providerPaymentId)
        : null;
    if (!payment || !payment.paidAt) return 'ignored';
    if (p.currency && p.currency.toUpperCase() !== payment.currency) return 'ignored';
    const reservation = await repo.reservationOf(tx, payment.reservationId);
    if (!reservation) return 'ignored';
    // Never more than the payment less what was already returned of it.
    const left = payment.amountCents - (await repo.returnedOfPayment(tx, payment.id));
    const amountCents = Math.min(p.amountCents, left);
    if (amountCents <= 0) return 'ignored';
    const key = `chargeback:${p.disputeId ?? p.eventId}`;
    await postMoneyReturned(tx, {
      kind: 'chargeback',
      key,
      reservationId: reservation.id,
      tutorId: reservation.tutorId,
      currency: payment.currency,
      amountCents,
      paymentId: payment.id,
      memo: ledgerMemos.chargeback,
      now,
    });
    await insertEvents(tx, [
      {
        reservationId: reservation.id,
        action: 'payment.chargeback',
        detail: {
          payment_id: payment.id,
          amount_cents: amountCents,
          currency: payment.currency,
          dispute_id: p.disputeId ?? null,
          event_id: p.eventId,
        },
      },
    ]);
    return 'chargeback';
  });
}
