import { creditToApply } from '@tibeb/domain/bookings/lifecycle';
import type { ReservationSummary } from '@tibeb/domain/bookings/payload';
import type { DbOrTx } from '../../../platform/db/client.ts';
import { findFamilyUserId } from './reservations.repository.ts';
import { creditBalance } from '../lifecycle/credit.repository.ts';
import { reservationSummary } from '../lifecycle/summary.service.ts';

/**
 * The payment page's reservation (decision 252): before any checkout, a reservation awaiting payment shows the
 * credit the checkout will use and what is left to pay, by the same rule as `spendCreditAtCheckout`. The page is
 * reached by the reservation's unguessable id, so only the family that booked sees its credit.
 */
export async function paymentPageSummary(db: DbOrTx, id: string): Promise<ReservationSummary> {
  const summary = await reservationSummary(db, id);
  if (summary.status !== 'pending_payment' || summary.credit_applied_cents > 0) return summary;
  const balance = await creditBalance(db, summary.email, summary.currency);
  const credit = creditToApply(balance, summary.amount_cents);
  const toPay = summary.amount_cents - credit;
  return {
    ...summary,
    credit_applied_cents: credit,
    amount_charged_cents: toPay,
    amount_charged: toPay / 100,
  };
}

/**
 * Step 3's credit (decision 252): the preview is public and anyone may type any e-mail, so the credit is shown
 * only to the signed-in family whose (verified) account owns the booking's e-mail; by the checkout's own rule.
 */
export async function previewCredit(
  db: DbOrTx,
  booking: { email: string; currency: string; amountCents: number },
  signedInUserId: string | null | undefined,
): Promise<{ applied_cents: number; to_pay_cents: number } | undefined> {
  if (!signedInUserId) return undefined;
  if ((await findFamilyUserId(db, booking.email)) !== signedInUserId) return undefined;
  const balance = await creditBalance(db, booking.email, booking.currency);
  const applied = creditToApply(balance, booking.amountCents);
  return { applied_cents: applied, to_pay_cents: booking.amountCents - applied };
}
