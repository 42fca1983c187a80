import { creditToApply } from '@tibeb/domain/bookings/lifecycle';
import type { Tx } from '../../../platform/db/client.ts';
import { insertEvents } from './booking-events.repository.ts';
import { creditBalance, insertCredit, lockFamilyCredit } from './credit.repository.ts';
import * as repo from './sessions.repository.ts';

/**
 * The lifecycle's side of a payment (issue 11 §1): the payments services record money and call these, in their
 * own transaction, after locking the reservation (lock order: reservation → payments → sessions). They are the
 * only writers of the reservation's and sessions' statuses on the payment path.
 */

export const LATE_SKIP = 'Skipped after a late payment';

/**
 * Spends the family's credit at its checkout (issue 11 §8): as much as the amount needs, once per
 * reservation, under the family's credit lock so two checkouts never spend one credit twice. Answers the
 * credit applied (the amount to charge is the reservation's amount minus it).
 */
export async function spendCreditAtCheckout(tx: Tx, reservation: repo.ReservationRow): Promise<number> {
  if (reservation.creditAppliedCents > 0) return reservation.creditAppliedCents;
  await lockFamilyCredit(tx, reservation.email);
  const balance = await creditBalance(tx, reservation.email, reservation.currency);
  const applied = creditToApply(balance, reservation.amountCents);
  if (applied === 0) return 0;
  await insertCredit(tx, {
    familyEmail: reservation.email,
    amountCents: -applied,
    kind: 'spent',
    reservationId: reservation.id,
    currency: reservation.currency,
    note: 'Spent at checkout.',
  });
  await repo.updateReservation(tx, reservation.id, { creditAppliedCents: applied });
  await insertEvents(tx, [
    { reservationId: reservation.id, action: 'credit_applied', detail: { amount_cents: applied } },
  ]);
  return applied;
}

/**
 * A paid reservation becomes confirmed: held sessions scheduled; after a lapsed hold each planned session is
 * re-checked, and a clash (or a start already past) is skipped and its share recorded as credit.
 */
export async function confirmPaidReservation(
  tx: Tx,
  reservation: repo.ReservationRow,
  opts: { now: Date; familyUserId: string | null; paymentId: string },
): Promise<void> {
  const { now } = opts;
  const sessions = await repo.lockSessions(tx, reservation.id);
  const holdValid = reservation.status === 'pending_payment' && reservation.holdExpiresAt > now;
  let creditCents = reservation.creditCents;
  const skippedIds: string[] = [];
  if (holdValid) {
    await repo.scheduleHeldSessions(tx, reservation.id);
  } else {
    const candidates = sessions.filter(
      (s) => s.status === 'held' || s.status === 'expired' || s.status === 'cancelled',
    );
    const planned = sessions.filter(
      (s) => s.status !== 'skipped' || s.skipReason.startsWith(LATE_SKIP),
    ).length;
    const perSession = planned > 0 ? Math.floor(reservation.amountCents / planned) : 0;
    for (const session of candidates) {
      const reason =
        session.startsAt <= now
          ? `${LATE_SKIP}: the time had passed when the payment arrived.`
          : (await repo.tryReactivateSession(tx, session.id)) === 'clash'
            ? `${LATE_SKIP}: the time was booked by someone else while the payment was pending.`
            : null;
      if (reason) {
        await repo.updateSessions(tx, [session.id], {
          status: 'skipped',
          skipReason: reason,
          holdExpiresAt: null,
        });
        skippedIds.push(session.id);
        creditCents += perSession;
      }
    }
    creditCents = Math.min(creditCents, reservation.amountCents);
  }
  await repo.updateReservation(tx, reservation.id, {
    status: 'confirmed',
    confirmedAt: now,
    creditCents,
    ...(opts.familyUserId && !reservation.familyUserId ? { familyUserId: opts.familyUserId } : {}),
    cancelledAt: null,
    cancelReason: '',
  });
  await insertEvents(tx, [
    {
      reservationId: reservation.id,
      action: 'reservation_confirmed',
      detail: { payment_id: opts.paymentId, late: !holdValid, skipped: skippedIds },
    },
  ]);
}

/** A second payment of a reservation already paid: the money is a credit an admin can refund. */
export async function recordSecondPayment(tx: Tx, reservation: repo.ReservationRow, amountCents: number) {
  await repo.updateReservation(tx, reservation.id, { creditCents: reservation.creditCents + amountCents });
  await insertEvents(tx, [
    { reservationId: reservation.id, action: 'second_payment', detail: { amount_cents: amountCents } },
  ]);
}

/**
 * An ended checkout (expired, failed or cancelled by the family): if the reservation still waits for payment,
 * its held sessions are released at once, the reservation ends, and credit spent on it is given back.
 */
export async function releaseUnpaidReservation(
  tx: Tx,
  reservation: repo.ReservationRow,
  outcome: 'expired' | 'failed' | 'cancelled',
  now: Date,
): Promise<boolean> {
  if (reservation.status !== 'pending_payment') return false;
  const status = outcome === 'cancelled' ? 'cancelled' : 'expired';
  await repo.releaseHeldSessions(tx, reservation.id, status);
  await repo.updateReservation(tx, reservation.id, {
    status,
    creditAppliedCents: 0,
    ...(outcome === 'cancelled'
      ? { cancelledAt: now, cancelReason: 'The family cancelled the checkout.' }
      : {}),
  });
  if (reservation.creditAppliedCents > 0) {
    await insertCredit(tx, {
      familyEmail: reservation.email,
      amountCents: reservation.creditAppliedCents,
      kind: 'released',
      reservationId: reservation.id,
      currency: reservation.currency,
      note: 'Checkout ended without payment.',
    });
  }
  await insertEvents(tx, [
    { reservationId: reservation.id, action: `checkout_${outcome}`, detail: { released: true } },
  ]);
  return true;
}

/**
 * An admin refund's bookkeeping (the money itself goes through the provider after the commit): the given
 * sessions, or on a full refund every session to come, are cancelled; a full refund of a confirmed
 * reservation cancels it. Answers the cancelled sessions.
 */
export async function cancelForRefund(
  tx: Tx,
  reservation: repo.ReservationRow,
  opts: {
    sessionIds?: string[];
    full: boolean;
    amountCents: number;
    reason: string;
    userId: string | null;
    now: Date;
  },
) {
  await repo.lockSessions(tx, reservation.id);
  const cancelled = opts.sessionIds?.length
    ? await repo.cancelScheduledSessions(tx, reservation.id, opts.sessionIds, opts.now, {
        userId: opts.userId,
        reason: opts.reason,
        outcome: 'refund',
      })
    : opts.full
      ? await repo.cancelScheduledSessions(tx, reservation.id, undefined, opts.now, {
          userId: opts.userId,
          reason: opts.reason,
          outcome: 'refund',
        })
      : [];
  await repo.updateReservation(tx, reservation.id, {
    creditCents: Math.max(0, reservation.creditCents - opts.amountCents),
    ...(opts.full && reservation.status === 'confirmed'
      ? { status: 'cancelled', cancelledAt: opts.now, cancelReason: opts.reason || 'Refunded in full.' }
      : {}),
  });
  await insertEvents(tx, [
    {
      reservationId: reservation.id,
      actorUserId: opts.userId,
      action: 'refunded',
      detail: { amount_cents: opts.amountCents, cancelled: cancelled.map((s) => s.id), full: opts.full },
    },
  ]);
  return cancelled;
}
