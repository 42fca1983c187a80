import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { paymentMessages } from '@tibeb/domain/payments/messages';
import type {
  AdminPayment,
  CreateCheckoutSessionBody,
  CreateCheckoutSessionResponse,
  PaymentReservation,
  PaymentStatusResponse,
  RefundBody,
  RefundResponse,
} from '@tibeb/domain/payments/contracts';
import { fromCents, toCents } from '@tibeb/domain/shared/money';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { AppError, badRequest, conflict, notFound } from '../../lib/errors.ts';
import type { Mail, Mailer } from '../../lib/mailer.ts';
import { issuePasswordToken, passwordLink } from '../accounts/accounts.service.ts';
import { expireLapsedHolds as expireHolds } from '../bookings/lifecycle.repository.ts';
import { reservationSummary as bookingSummary } from '../bookings/summary.ts';
import { confirmationEmails } from './payments.emails.ts';
import * as repo from './payments.repository.ts';
import type { CheckoutLineItem, PaymentProvider, ProviderEvent } from './providers/provider.ts';

/** Stripe refuses a Checkout Session that expires sooner than 30 minutes after creation; keep a margin. */
const MIN_CHECKOUT_MS = 31 * 60_000;

export type PaymentsDeps = {
  db: Db;
  config: Config;
  mailer: Mailer;
  provider: PaymentProvider;
  log: FastifyBaseLogger;
  /** Called with the tutors whose sessions changed (the booking module's booked-ranges cache). */
  onSessionsChanged: (tutorIds: number[]) => void;
};

// ---------------------------------------------------------------------------------------------------------
// Checkout

export async function createCheckoutSession(
  deps: PaymentsDeps,
  body: CreateCheckoutSessionBody,
  now = new Date(),
): Promise<CreateCheckoutSessionResponse> {
  return deps.db.transaction(async (tx) => {
    // The lock makes a double click (or two tabs) take turns, so the second one reuses the first checkout.
    const reservation = await repo.lockReservation(tx, body.reservation_id);
    if (!reservation) throw notFound(paymentMessages.reservationNotFound);
    if (reservation.status !== 'pending_payment' || reservation.holdExpiresAt <= now) {
      throw conflict(paymentMessages.notAwaitingPayment, 'not_awaiting_payment');
    }
    if (toCents(body.amount) !== reservation.amountCents) {
      throw badRequest(paymentMessages.amountMismatch, { amount: [paymentMessages.amountMismatch] });
    }
    const reusable = await repo.findReusablePayment(tx, reservation.id, now);
    if (reusable?.checkoutUrl) {
      return {
        checkout_url: reusable.checkoutUrl,
        session_id: reusable.providerSessionId,
        provider: reusable.provider,
      };
    }

    const sessions = await repo.listSessions(tx, reservation.id);
    const planned = sessions.filter((s) => s.status === 'held');
    const tutor = await repo.findTutor(tx, reservation.tutorId);
    const expiresAt = new Date(
      Math.max(reservation.holdExpiresAt.getTime(), now.getTime() + MIN_CHECKOUT_MS),
    );
    const paymentId = randomUUID();
    const checkout = await deps.provider.createCheckoutSession({
      paymentId,
      reservationId: reservation.id,
      currency: reservation.currency,
      customerEmail: reservation.billingEmail || reservation.email,
      lineItems: lineItems(reservation, planned.length, tutor?.fullName ?? 'your tutor'),
      expiresAt,
      successUrl: `${deps.config.publicUrl}/payment-success?session_id={CHECKOUT_SESSION_ID}`,
      cancelUrl: `${deps.config.publicUrl}/payment-cancel`,
      idempotencyKey: `tibeb-checkout-${reservation.id}`,
    });
    const inserted = await repo.insertPayment(tx, {
      id: paymentId,
      reservationId: reservation.id,
      provider: deps.provider.name,
      providerSessionId: checkout.sessionId,
      amountCents: reservation.amountCents,
      currency: reservation.currency,
      checkoutUrl: checkout.url,
      expiresAt,
    });
    // The provider answered an existing session for this idempotency key: that row is the checkout.
    const payment = inserted ?? (await repo.findPaymentBySessionId(tx, checkout.sessionId));
    if (!payment) throw new Error('checkout session row missing after insert');
    return {
      checkout_url: payment.checkoutUrl,
      session_id: payment.providerSessionId,
      provider: payment.provider,
    };
  });
}

/** One line per planned session when the amount divides evenly (it does: rate × hours × sessions). */
function lineItems(
  reservation: repo.ReservationRow,
  sessionCount: number,
  tutorName: string,
): CheckoutLineItem[] {
  const hours = reservation.durationMinutes / 60;
  const name = `Tutoring${reservation.subject ? `: ${reservation.subject}` : ''} with ${tutorName}`;
  const description = `${sessionCount} weekly session(s) of ${hours} h for ${reservation.studentFullName}, from ${reservation.date}`;
  if (sessionCount > 0 && reservation.amountCents % sessionCount === 0) {
    return [
      { name, description, unitAmountCents: reservation.amountCents / sessionCount, quantity: sessionCount },
    ];
  }
  return [{ name, description, unitAmountCents: reservation.amountCents, quantity: 1 }];
}

// ---------------------------------------------------------------------------------------------------------
// Provider events: one function per outcome, shared by Stripe's webhook and the demo page's buttons.

export type EventResult = {
  outcome: 'duplicate' | 'ignored' | 'unchanged' | 'confirmed' | 'released';
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

    if (reservation.status === 'confirmed' || reservation.status === 'completed') {
      // A second checkout of a reservation that is already paid: the money is a credit an admin can refund.
      deps.log.warn(
        { reservationId: reservation.id, paymentId: payment.id },
        'second payment for a paid reservation',
      );
      await repo.updateReservation(tx, reservation.id, {
        creditCents: reservation.creditCents + current.amountCents,
      });
      return { kind: 'unchanged' as const, reservationId: reservation.id };
    }

    const sessions = await repo.listSessions(tx, reservation.id);
    const holdValid = reservation.status === 'pending_payment' && reservation.holdExpiresAt > now;
    let creditCents = reservation.creditCents;
    if (holdValid) {
      await repo.scheduleHeldSessions(tx, reservation.id);
    } else {
      // The hold lapsed (or the checkout was released) before the money arrived: re-check every session.
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
          await repo.setSessionStatus(tx, [session.id], 'skipped', reason);
          creditCents += perSession;
        }
      }
      creditCents = Math.min(creditCents, reservation.amountCents);
    }

    const account = await linkFamilyAccount(tx, reservation);
    await repo.updateReservation(tx, reservation.id, {
      status: 'confirmed',
      confirmedAt: now,
      creditCents,
      familyUserId: account.userId,
      cancelledAt: null,
      cancelReason: '',
    });
    const setPasswordToken =
      account.created && account.userId
        ? await issuePasswordToken(tx, account.userId, 'set_password', now)
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

const LATE_SKIP = 'Skipped after a late payment';

/** Links the reservation to the family account with its e-mail, creating one (no password yet) if none. */
async function linkFamilyAccount(
  tx: Parameters<Parameters<Db['transaction']>[0]>[0],
  reservation: repo.ReservationRow,
): Promise<{ userId: string | null; created: boolean }> {
  if (reservation.familyUserId) return { userId: reservation.familyUserId, created: false };
  const existing = await repo.findUserByEmail(tx, reservation.email);
  if (existing) {
    // Staff and tutors booking for their own child keep their account; only a family account is linked.
    return { userId: existing.role === 'student' ? existing.id : null, created: false };
  }
  const base =
    reservation.email
      .split('@')[0]!
      .toLowerCase()
      .replace(/[^a-z0-9._-]/g, '')
      .slice(0, 24) || 'family';
  const [firstName = '', ...rest] = reservation.fullName.trim().split(/\s+/);
  for (let attempt = 0; attempt < 6; attempt += 1) {
    const username = attempt === 0 ? base : `${base}${Math.floor(1000 + Math.random() * 9000)}`;
    const row = await repo.insertFamilyUser(tx, {
      username,
      email: reservation.email,
      firstName,
      lastName: rest.join(' '),
      phone: reservation.phone,
    });
    if (row) return { userId: row.id, created: true };
    // The e-mail itself may have been taken a moment ago by a signup: link that account instead.
    const now = await repo.findUserByEmail(tx, reservation.email);
    if (now) return { userId: now.role === 'student' ? now.id : null, created: false };
  }
  return { userId: null, created: false };
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
      tutor: tutor ? { fullName: tutor.fullName, email: tutor.email } : null,
      setPasswordLink: setPasswordToken ? passwordLink(deps.config, setPasswordToken) : null,
      publicUrl: deps.config.publicUrl,
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
    if (reservation.status !== 'pending_payment') {
      return { kind: 'unchanged' as const, reservationId: reservation.id };
    }
    await repo.releaseHeldSessions(tx, reservation.id, outcome === 'cancelled' ? 'cancelled' : 'expired');
    await repo.updateReservation(tx, reservation.id, {
      status: outcome === 'cancelled' ? 'cancelled' : 'expired',
      ...(outcome === 'cancelled'
        ? { cancelledAt: now, cancelReason: 'The family cancelled the checkout.' }
        : {}),
    });
    return { kind: 'released' as const, reservationId: reservation.id, tutorId: reservation.tutorId };
  });
  if (result.kind === 'released') deps.onSessionsChanged([result.tutorId]);
  return {
    outcome: result.kind,
    ...('reservationId' in result ? { reservationId: result.reservationId } : {}),
  };
}

// ---------------------------------------------------------------------------------------------------------
// Status for the success page

export async function getPaymentStatus(
  deps: PaymentsDeps,
  sessionId: string,
): Promise<PaymentStatusResponse> {
  let payment = await repo.findPaymentBySessionId(deps.db, sessionId);
  if (!payment) throw notFound(paymentMessages.paymentNotFound);
  if (
    payment.status === 'pending' &&
    payment.provider === deps.provider.name &&
    payment.provider === 'stripe'
  ) {
    // The family can be back before Stripe's webhook: ask Stripe, and finish through the same code.
    try {
      const remote = await deps.provider.retrieveCheckoutSession(sessionId);
      if (remote?.status === 'complete' && remote.paid) {
        await completeCheckout(deps, 'stripe', {
          kind: 'checkout.completed',
          eventId: `reconcile:${sessionId}`,
          type: 'checkout.session.completed',
          sessionId,
          providerPaymentId: remote.providerPaymentId,
        });
      } else if (remote?.status === 'expired') {
        await releaseCheckout(
          deps,
          'stripe',
          { eventId: `reconcile-expired:${sessionId}`, type: 'checkout.session.expired', sessionId },
          'expired',
        );
      }
      payment = (await repo.findPaymentBySessionId(deps.db, sessionId)) ?? payment;
    } catch (err) {
      deps.log.warn({ err, sessionId }, 'could not ask Stripe for the checkout status');
    }
  }
  return {
    status: payment.status,
    session_id: payment.providerSessionId,
    provider: payment.provider,
    paid_at: payment.paidAt?.toISOString() ?? null,
    reservation: await reservationSummary(deps, payment.reservationId),
  };
}

export async function reservationSummary(
  deps: Pick<PaymentsDeps, 'db'>,
  reservationId: string,
): Promise<PaymentReservation> {
  return bookingSummary(deps.db, reservationId);
}

// ---------------------------------------------------------------------------------------------------------
// The demo provider's page

export async function demoCheckout(deps: PaymentsDeps, paymentId: string) {
  const payment = await repo.findPaymentById(deps.db, paymentId);
  if (!payment || payment.provider !== 'demo') return null;
  return { payment, reservation: await reservationSummary(deps, payment.reservationId) };
}

/** Pay / Cancel on the demo page: an event id per checkout and action, through the webhook's functions. */
export async function demoAction(
  deps: PaymentsDeps,
  paymentId: string,
  action: 'pay' | 'cancel',
  now = new Date(),
) {
  const payment = await repo.findPaymentById(deps.db, paymentId);
  if (!payment || payment.provider !== 'demo') throw notFound(paymentMessages.paymentNotFound);
  const eventId = `demo:${payment.id}:${action}`;
  if (action === 'pay') {
    // Like a provider's hosted page, an ended checkout can no longer take money.
    if (payment.status !== 'pending' && payment.status !== 'paid') {
      throw new AppError(409, 'This checkout has ended. Please book again.');
    }
    if (payment.status === 'pending' && payment.expiresAt <= now) {
      throw new AppError(409, 'This checkout has expired. Please book again.');
    }
    await completeCheckout(
      deps,
      'demo',
      {
        kind: 'checkout.completed',
        eventId,
        type: 'demo.checkout.paid',
        sessionId: payment.providerSessionId,
        providerPaymentId: `demo_pi_${payment.id.replaceAll('-', '')}`,
      },
      now,
    );
  } else {
    await releaseCheckout(
      deps,
      'demo',
      { eventId, type: 'demo.checkout.cancelled', sessionId: payment.providerSessionId },
      'cancelled',
      now,
    );
  }
  return payment;
}

// ---------------------------------------------------------------------------------------------------------
// Hold expiry (the every-minute job)

export async function expireLapsedHolds(
  deps: Pick<PaymentsDeps, 'db' | 'onSessionsChanged'>,
  now = new Date(),
) {
  const expired = await expireHolds(deps.db, now);
  const payments = await repo.expireLapsedPayments(deps.db, now);
  const tutorIds = [...new Set(expired.map((r) => r.tutorId))];
  if (tutorIds.length > 0) deps.onSessionsChanged(tutorIds);
  return { reservations: expired.length, payments: payments.length };
}

// ---------------------------------------------------------------------------------------------------------
// Admin: list and refunds

export async function listPayments(
  deps: Pick<PaymentsDeps, 'db'>,
  filter: { status?: repo.PaymentRow['status']; reservation_id?: string },
): Promise<AdminPayment[]> {
  const rows = await repo.listPayments(deps.db, {
    status: filter.status,
    reservationId: filter.reservation_id,
  });
  return rows.map(({ payment, ...r }) => ({
    id: payment.id,
    reservation_id: payment.reservationId,
    reservation_status: r.reservationStatus,
    provider: payment.provider,
    provider_session_id: payment.providerSessionId,
    status: payment.status,
    amount: fromCents(payment.amountCents),
    amount_cents: payment.amountCents,
    refunded_cents: payment.refundedCents,
    credit_cents: r.creditCents,
    currency: payment.currency,
    full_name: r.fullName,
    email: r.email,
    tutor_name: r.tutorName ?? '',
    created_at: payment.createdAt.toISOString(),
    paid_at: payment.paidAt?.toISOString() ?? null,
  }));
}

/**
 * A full or partial refund through the provider. The payment row is locked while the provider is asked, so
 * two admins cannot refund the same money twice; the provider's idempotency key covers a retried request.
 */
export async function refundPayment(
  deps: PaymentsDeps,
  paymentId: string,
  body: RefundBody,
  userId: string | null,
  now = new Date(),
): Promise<RefundResponse> {
  const result = await deps.db.transaction(async (tx) => {
    const payment = await repo.lockPayment(tx, paymentId);
    if (!payment) throw notFound(paymentMessages.paymentNotFound);
    if (payment.status !== 'paid' && payment.status !== 'partially_refunded') {
      throw conflict(paymentMessages.refundNotAllowed);
    }
    const remaining = payment.amountCents - payment.refundedCents;
    const amountCents = body.amount === undefined ? remaining : toCents(body.amount);
    if (amountCents <= 0 || amountCents > remaining) {
      throw badRequest(paymentMessages.refundTooLarge, { amount: [paymentMessages.refundTooLarge] });
    }
    const reservation = await repo.lockReservation(tx, payment.reservationId);
    if (body.session_ids?.length) {
      const own = new Set((await repo.listSessions(tx, payment.reservationId)).map((s) => s.id));
      const foreign = body.session_ids.filter((id) => !own.has(id));
      if (foreign.length > 0) {
        throw badRequest('These sessions are not part of this payment.', { session_ids: foreign });
      }
    }
    if (payment.provider === 'stripe' && !payment.providerPaymentId) {
      throw conflict('The provider has not reported this payment yet; try again in a minute.');
    }
    const provider = payment.provider === deps.provider.name ? deps.provider : null;
    if (!provider) throw conflict(`This payment was made with ${payment.provider}, which is not configured.`);

    const refunded = payment.refundedCents + amountCents;
    const full = refunded === payment.amountCents;
    const { refundId } = await provider.refund({
      providerSessionId: payment.providerSessionId,
      providerPaymentId: payment.providerPaymentId,
      amountCents,
      idempotencyKey: `tibeb-refund-${payment.id}-${payment.refundedCents}-${amountCents}`,
    });
    const refund = await repo.insertRefund(tx, {
      paymentId: payment.id,
      amountCents,
      providerRefundId: refundId,
      reason: body.reason ?? '',
      createdByUserId: userId,
    });
    const status = full ? 'refunded' : 'partially_refunded';
    await repo.updatePayment(tx, payment.id, { status, refundedCents: refunded });
    const cancelled = body.session_ids?.length
      ? await repo.cancelScheduledSessions(tx, payment.reservationId, body.session_ids, now)
      : full
        ? await repo.cancelScheduledSessions(tx, payment.reservationId, undefined, now)
        : [];
    if (reservation) {
      await repo.updateReservation(tx, reservation.id, {
        creditCents: Math.max(0, reservation.creditCents - amountCents),
        ...(full && reservation.status === 'confirmed'
          ? { status: 'cancelled', cancelledAt: now, cancelReason: body.reason || 'Refunded in full.' }
          : {}),
      });
    }
    return {
      response: {
        id: refund.id,
        payment_id: payment.id,
        amount: fromCents(amountCents),
        amount_cents: amountCents,
        provider_refund_id: refundId,
        payment_status: status,
        refunded_cents: refunded,
        cancelled_session_ids: cancelled.map((s) => s.id),
      } satisfies RefundResponse,
      tutorIds: [...new Set(cancelled.map((s) => s.tutorId))],
    };
  });
  if (result.tutorIds.length > 0) deps.onSessionsChanged(result.tutorIds);
  return result.response;
}
