import { paidReservationStatuses, statusIn } from '@tibeb/domain/bookings/statuses';
import type { Mail } from '../../../platform/mail/mailer.ts';
import {
  familyAccountForBooking,
  familyRecipient,
  issuePasswordToken,
  passwordLink,
} from '../../accounts/index.ts';
import { recordChargeback } from '../ledger/chargeback.service.ts';
import { postPaymentReceived, postSecondPayment } from '../ledger/postings.service.ts';
import { reservationOf as lockedReservation } from '../ledger/postings.repository.ts';
import {
  confirmPaidReservation,
  recordSecondPayment,
  releaseUnpaidReservation,
} from '../lifecycle/payment-outcomes.service.ts';
import { reservationSummary } from '../lifecycle/summary.service.ts';
import { confirmationEmails } from './payments.emails.ts';
import type { PaymentsDeps } from './payments-deps.service.ts';
import * as repo from './payments.repository.ts';
import type { ProviderEvent } from './providers/payment.provider.ts';

// Provider events: one function per outcome, shared by Stripe's webhook and the demo page's buttons.

export type EventResult = {
  outcome: 'duplicate' | 'ignored' | 'unchanged' | 'confirmed' | 'released' | 'chargeback';
  reservationId?: string;
};

export async function handleProviderEvent(
  deps: PaymentsDeps,
  provider: string,
  event: ProviderEvent,
  now = new Date(),
): Promise<EventResult> {
  if (event.kind === 'checkout.completed') {
    return completeCheckout(deps, provider, event, now);
  }
  if (event.kind === 'checkout.expired' || event.kind === 'checkout.failed') {
    return releaseCheckout(
      deps,
      provider,
      event,
      event.kind === 'checkout.expired' ? 'expired' : 'failed',
      now,
    );
  }
  if (event.kind === 'charge.disputed') {
    const outcome = await recordChargeback(deps.db, { provider, ...event }, now);
    if (outcome === 'ignored')
      deps.log.warn({ eventId: event.eventId }, 'chargeback for a payment we do not know: ignored');
    return { outcome };
  }
  const recorded = await deps.db.transaction((tx) =>
    repo.recordWebhookEvent(tx, provider, event.eventId, event.type),
  );
  return { outcome: recorded ? 'ignored' : 'duplicate' };
}

type Completed = Extract<ProviderEvent, { kind: 'checkout.completed' }>;

/**
 * A paid checkout (DESIGN §1.4): in one transaction with the event id, so a replay changes nothing.
 * Held sessions become scheduled; after a lapsed hold each planned session is re-checked and a clash is
 * skipped and credited. The family account is linked or created; e-mails go out after the commit.
 */
export async function completeCheckout(
  deps: PaymentsDeps,
  provider: string,
  event: Completed,
  now = new Date(),
): Promise<EventResult> {
  const result = await deps.db.transaction(async (tx) => {
    if (!(await repo.recordWebhookEvent(tx, provider, event.eventId, event.type)))
      return { kind: 'duplicate' as const };
    const payment = await repo.findPaymentBySessionId(tx, event.sessionId);
    if (!payment) {
      deps.log.warn({ sessionId: event.sessionId }, 'payment event for an unknown checkout session');
      return { kind: 'ignored' as const };
    }
    const reservation = await repo.lockReservation(tx, payment.reservationId);
    if (!reservation) return { kind: 'ignored' as const };
    const current = await repo.lockPayment(tx, payment.id);
    if (!current || current.paidAt) return { kind: 'unchanged' as const, reservationId: reservation.id };

    await repo.updatePayment(tx, payment.id, {
      status: 'paid',
      paidAt: now,
      providerPaymentId: event.providerPaymentId ?? current.providerPaymentId,
    });

    if (statusIn(paidReservationStatuses, reservation.status)) {
      // A second checkout of a reservation that is already paid: the money is a credit an admin can refund.
      deps.log.warn(
        { reservationId: reservation.id, paymentId: payment.id },
        'second payment for a paid reservation',
      );
      await recordSecondPayment(tx, reservation, current.amountCents);
      await postSecondPayment(tx, {
        paymentId: payment.id,
        reservationId: reservation.id,
        tutorId: reservation.tutorId,
        currency: current.currency,
        paidCents: current.amountCents,
        now,
      });
      return { kind: 'unchanged' as const, reservationId: reservation.id };
    }

    // Linked only to a verified family account; with none at all, one is made (unverified) and e-mailed.
    const account = await familyAccountForBooking(tx, reservation);
    await confirmPaidReservation(tx, reservation, {
      now,
      familyUserId: account.linkUserId,
      paymentId: payment.id,
    });
    const confirmed = await lockedReservation(tx, reservation.id);
    await postPaymentReceived(tx, {
      paymentId: payment.id,
      reservationId: reservation.id,
      tutorId: reservation.tutorId,
      currency: current.currency,
      paidCents: current.amountCents,
      creditAppliedCents: confirmed?.creditAppliedCents ?? reservation.creditAppliedCents,
      lateCreditCents: Math.max(0, (confirmed?.creditCents ?? 0) - reservation.creditCents),
      now,
    });
    const setPasswordToken = account.createdUserId
      ? await issuePasswordToken(tx, account.createdUserId, 'set_password', now)
      : null;
    return {
      kind: 'confirmed' as const,
      reservationId: reservation.id,
      tutorId: reservation.tutorId,
      paymentId: payment.id,
      setPasswordToken,
    };
  });

  if (result.kind !== 'confirmed') {
    return {
      outcome: result.kind,
      ...('reservationId' in result ? { reservationId: result.reservationId } : {}),
    };
  }
  deps.onSessionsChanged([result.tutorId]);
  await sendConfirmation(deps, result.reservationId, result.paymentId, result.setPasswordToken);
  return { outcome: 'confirmed', reservationId: result.reservationId };
}

async function sendConfirmation(
  deps: PaymentsDeps,
  reservationId: string,
  paymentId: string,
  setPasswordToken: string | null,
) {
  try {
    const [reservation, payment, sessions] = await Promise.all([
      repo.findReservation(deps.db, reservationId),
      repo.findPaymentById(deps.db, paymentId),
      repo.listSessions(deps.db, reservationId),
    ]);
    if (!reservation || !payment) return;
    const tutor = await repo.findTutor(deps.db, reservation.tutorId);
    const mails = confirmationEmails({
      reservation,
      payment,
      sessions,
      tutor: tutor ? { fullName: tutor.fullName, email: tutor.email, locale: tutor.locale } : null,
      setPasswordLink: setPasswordToken ? passwordLink(deps.config, setPasswordToken) : null,
      publicUrl: deps.config.publicUrl,
      family: await familyRecipient(deps.db, reservation),
    });
    await sendAll(deps, mails);
  } catch (err) {
    // The booking stands even if mail fails; the log says which reservation to follow up.
    deps.log.error({ err, reservationId }, 'payment confirmation e-mails failed');
  }
}

async function sendAll(deps: PaymentsDeps, mails: Mail[]) {
  for (const mail of mails) {
    try {
      await deps.mailer.send(mail);
    } catch (err) {
      deps.log.error({ err, to: mail.to, subject: mail.subject }, 'e-mail failed');
    }
  }
}

type Released = Extract<ProviderEvent, { kind: 'checkout.expired' | 'checkout.failed' }>;

/**
 * An expired, failed or cancelled checkout (DESIGN §1.4: nothing booked stays held): the payment ends and,
 * if the reservation is still waiting for it, its held sessions are released at once and the reservation
 * becomes `cancelled` (the family cancelled) or `expired`.
 */
export async function releaseCheckout(
  deps: PaymentsDeps,
  provider: string,
  event: Released | { eventId: string; type: string; sessionId: string },
  outcome: 'expired' | 'failed' | 'cancelled',
  now = new Date(),
): Promise<EventResult> {
  const result = await deps.db.transaction(async (tx) => {
    if (!(await repo.recordWebhookEvent(tx, provider, event.eventId, event.type)))
      return { kind: 'duplicate' as const };
    const payment = await repo.findPaymentBySessionId(tx, event.sessionId);
    if (!payment) return { kind: 'ignored' as const };
    const reservation = await repo.lockReservation(tx, payment.reservationId);
    const current = await repo.lockPayment(tx, payment.id);
    if (!reservation || !current || current.status !== 'pending') {
      return { kind: 'unchanged' as const, reservationId: payment.reservationId };
    }
    await repo.updatePayment(tx, payment.id, { status: outcome });
    if (!(await releaseUnpaidReservation(tx, reservation, outcome, now))) {
      return { kind: 'unchanged' as const, reservationId: reservation.id };
    }
    return { kind: 'released' as const, reservationId: reservation.id, tutorId: reservation.tutorId };
  });
  if (result.kind === 'released') deps.onSessionsChanged([result.tutorId]);
  return {
    outcome: result.kind,
    ...('reservationId' in result ? { reservationId: result.reservationId } : {}),
  };
}

/**
 * The family left the provider's page (its cancel address carries the reservation, issue 12 §4): every
 * pending checkout of the reservation is cancelled and the held time released at once. Idempotent.
 */
export async function cancelCheckout(deps: PaymentsDeps, reservationId: string, now = new Date()) {
  const summary = await reservationSummary(deps.db, reservationId);
  const pending = await repo.listPendingPayments(deps.db, reservationId);
  for (const p of pending) {
    await releaseCheckout(
      deps,
      p.provider,
      { eventId: `cancel-address:${p.id}`, type: 'checkout.cancel_address', sessionId: p.providerSessionId },
      'cancelled',
      now,
    );
  }
  if (pending.length === 0 && summary.status === 'pending_payment') {
    const released = await deps.db.transaction(async (tx) => {
      const reservation = await repo.lockReservation(tx, reservationId);
      return reservation ? releaseUnpaidReservation(tx, reservation, 'cancelled', now) : false;
    });
    if (released) deps.onSessionsChanged([summary.tutor.id]);
  }
  return reservationSummary(deps.db, reservationId);
}

/**
 * Chapa's webhook, its callback and the family's return all end here (decision 170): whatever they claim,
 * Chapa's verify endpoint says whether the transaction is paid, and the amount and currency it reports must be
 * this payment's. A paid transaction completes the checkout once (the event id is recorded with its effects,
 * and a payment already paid changes nothing); anything else changes nothing, so a forged or replayed
 * notification is harmless.
 */
export async function reconcileChapa(
  deps: PaymentsDeps,
  txRef: string,
  trigger: { eventId: string; type: string },
  now = new Date(),
): Promise<EventResult> {
  if (!deps.chapa) return { outcome: 'ignored' };
  const payment = await repo.findPaymentBySessionId(deps.db, txRef);
  if (!payment || payment.provider !== 'chapa') return { outcome: 'ignored' };
  if (payment.paidAt) return { outcome: 'unchanged', reservationId: payment.reservationId };
  const remote = await deps.chapa.retrieveCheckoutSession(txRef);
  if (!remote?.paid) return { outcome: 'unchanged', reservationId: payment.reservationId };
  if (remote.amountCents !== payment.amountCents || remote.currency !== payment.currency) {
    deps.log.error(
      {
        txRef,
        paymentId: payment.id,
        expected: { cents: payment.amountCents, currency: payment.currency },
        reported: { cents: remote.amountCents, currency: remote.currency },
      },
      'Chapa reports a paid transaction whose amount or currency is not the payment: not confirmed',
    );
    return { outcome: 'unchanged', reservationId: payment.reservationId };
  }
  return completeCheckout(
    deps,
    'chapa',
    {
      kind: 'checkout.completed',
      eventId: trigger.eventId,
      type: trigger.type,
      sessionId: txRef,
      providerPaymentId: remote.providerPaymentId,
    },
    now,
  );
}
