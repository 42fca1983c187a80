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
import type { Config } from '../../../platform/config.ts';
import type { Db } from '../../../platform/db/client.ts';
import { AppError, badRequest, conflict, notFound } from '../../../platform/http/app-error.ts';
import type { Mail, Mailer } from '../../../platform/mail/mailer.ts';
import { issuePasswordToken, passwordLink } from '../../accounts/index.ts';
import { expireLapsedHolds as expireHolds } from '../lifecycle/lifecycle.repository.ts';
import { reservationSummary as bookingSummary } from '../lifecycle/summary.service.ts';
import { familyAccountForBooking } from '../../accounts/index.ts';
import { familyRecipient } from '../../accounts/index.ts';
import {
  cancelForRefund,
  confirmPaidReservation,
  recordSecondPayment,
  releaseUnpaidReservation,
  spendCreditAtCheckout,
} from './payment-lifecycle.service.ts';
import { recordAudit } from '../../audit/index.ts';
import { lifecycleMessages } from '@tibeb/domain/bookings/lifecycle-messages';
import { confirmationEmails } from './payments.emails.ts';
import * as repo from './payments.repository.ts';
import { currencyMessages, formatAmount } from '@tibeb/domain/payments/currency';
import type { ChapaPaymentProvider } from './providers/chapa.provider.ts';
import {
  CheckoutAlreadyOpenedError,
  type CheckoutLineItem,
  type PaymentProvider,
  type ProviderEvent,
} from './providers/payment.provider.ts';

/** Stripe refuses a Checkout Session that expires sooner than 30 minutes after creation; keep a margin. */
const MIN_CHECKOUT_MS = 31 * 60_000;

export type PaymentsDeps = {
  db: Db;
  config: Config;
  mailer: Mailer;
  /** The card provider (stripe or demo): payments in US dollars. */
  provider: PaymentProvider;
  /** Chapa when CHAPA_SECRET_KEY is set: payments in birr (issue 18 §3, decision 170). */
  chapa: ChapaPaymentProvider | null;
  log: FastifyBaseLogger;
  /** Called with the tutors whose sessions changed (the booking module's booked-ranges cache). */
  onSessionsChanged: (tutorIds: number[]) => void;
};

// ---------------------------------------------------------------------------------------------------------
// Checkout

/** The provider that takes a currency: birr through Chapa, dollars by card; 409 when birr is switched off. */
function checkoutProvider(deps: PaymentsDeps, currency: string): PaymentProvider {
  if (currency === 'USD') return deps.provider;
  if (currency === 'ETB' && deps.chapa) return deps.chapa;
  throw conflict(currencyMessages.etbUnavailable, 'currency_unavailable');
}

/** The configured provider of a payment row (refunds, status), or null when it is not configured now. */
export function providerOf(deps: Pick<PaymentsDeps, 'provider' | 'chapa'>, name: string) {
  return [deps.provider, deps.chapa].find((p) => p?.name === name) ?? null;
}

export async function createCheckoutSession(
  deps: PaymentsDeps,
  body: CreateCheckoutSessionBody,
  now = new Date(),
): Promise<CreateCheckoutSessionResponse> {
  // 1. A short transaction under the reservation's lock: reuse a checkout, or spend credit and note a new one.
  const step = await deps.db.transaction(async (tx) => {
    const reservation = await repo.lockReservation(tx, body.reservation_id);
    if (!reservation) throw notFound(paymentMessages.reservationNotFound);
    if (reservation.status !== 'pending_payment' || reservation.holdExpiresAt <= now) {
      throw conflict(paymentMessages.notAwaitingPayment, 'not_awaiting_payment');
    }
    if (toCents(body.amount) !== reservation.amountCents) {
      throw badRequest(paymentMessages.amountMismatch, { amount: [paymentMessages.amountMismatch] });
    }
    const provider = checkoutProvider(deps, reservation.currency);
    const reusable = await repo.findReusablePayment(tx, reservation.id, now);
    // A checkout already open (or being opened by a first click: its row waits for the provider's answer).
    if (reusable) return { kind: 'open' as const, reservation, payment: reusable };

    const applied = await spendCreditAtCheckout(tx, reservation);
    const chargeCents = reservation.amountCents - applied;
    const paymentId = randomUUID();
    if (chargeCents === 0) {
      // Fully covered by credit: confirmed at once, no provider involved.
      const sessionId = `credit_${paymentId.replaceAll('-', '')}`;
      await repo.insertPayment(tx, {
        id: paymentId,
        reservationId: reservation.id,
        provider: 'credit',
        providerSessionId: sessionId,
        amountCents: 0,
        currency: reservation.currency,
        status: 'pending',
        expiresAt: now,
      });
      return { kind: 'credit' as const, reservation, sessionId };
    }
    const expiresAt = new Date(
      Math.max(reservation.holdExpiresAt.getTime(), now.getTime() + MIN_CHECKOUT_MS),
    );
    const payment = await repo.insertPayment(tx, {
      id: paymentId,
      reservationId: reservation.id,
      provider: provider.name,
      providerSessionId: `opening_${paymentId}`,
      amountCents: chargeCents,
      currency: reservation.currency,
      checkoutUrl: '',
      idempotencyKey: `tibeb-checkout-${paymentId}`,
      expiresAt,
    });
    if (!payment) throw new Error('checkout row not inserted');
    return { kind: 'open' as const, reservation, payment };
  });

  if (step.kind === 'credit') {
    await completeCheckout(
      deps,
      'credit',
      {
        kind: 'checkout.completed',
        eventId: `credit:${step.sessionId}`,
        type: 'credit.checkout.covered',
        sessionId: step.sessionId,
        providerPaymentId: null,
      },
      now,
    );
    return {
      checkout_url: `${deps.config.publicUrl}/payment-success?session_id=${step.sessionId}`,
      session_id: step.sessionId,
      provider: 'credit',
    };
  }
  const { reservation, payment } = step;
  if (payment.checkoutUrl) {
    return {
      checkout_url: payment.checkoutUrl,
      session_id: payment.providerSessionId,
      provider: payment.provider,
    };
  }

  // 2. The provider, outside any transaction (a slow provider holds no lock and no connection), with the row's
  // idempotency key: a second click asking at the same time gets the same checkout.
  const [sessions, tutor] = await Promise.all([
    repo.listSessions(deps.db, reservation.id),
    repo.findTutor(deps.db, reservation.tutorId),
  ]);
  const planned = sessions.filter((s) => s.status === 'held');
  const provider = providerOf(deps, payment.provider) ?? checkoutProvider(deps, reservation.currency);
  let checkout;
  try {
    checkout = await withTimeout(
      provider.createCheckoutSession({
        paymentId: payment.id,
        reservationId: reservation.id,
        currency: reservation.currency,
        customerEmail: reservation.billingEmail || reservation.email,
        customerName: reservation.billingName || reservation.fullName,
        lineItems: lineItems(
          reservation,
          payment.amountCents,
          planned.length,
          tutor?.fullName ?? 'your tutor',
        ),
        expiresAt: payment.expiresAt,
        successUrl: `${deps.config.publicUrl}/payment-success?session_id={CHECKOUT_SESSION_ID}`,
        cancelUrl: `${deps.config.publicUrl}/payment-cancel?reservation_id=${reservation.id}`,
        idempotencyKey: payment.idempotencyKey ?? `tibeb-checkout-${payment.id}`,
      }),
      providerTimeoutMs,
    );
  } catch (err) {
    if (err instanceof CheckoutAlreadyOpenedError) return checkoutOpenedElsewhere(deps, payment, now);
    deps.log.error({ err, reservationId: reservation.id }, 'payment provider did not open a checkout');
    // The row is closed so the next click opens a fresh checkout; nothing was charged.
    await repo.failOpeningPayment(deps.db, payment.id);
    throw new AppError(503, lifecycleMessages.providerUnavailable, { code: 'provider_unavailable' });
  }
  // 3. Record the provider's answer (only on a row still waiting for it).
  const saved = await repo.saveCheckout(deps.db, payment.id, checkout.sessionId, checkout.url);
  const row = saved ?? (await repo.findPaymentById(deps.db, payment.id));
  return {
    checkout_url: row?.checkoutUrl || checkout.url,
    session_id: row?.providerSessionId.startsWith('opening_')
      ? checkout.sessionId
      : (row?.providerSessionId ?? checkout.sessionId),
    provider: payment.provider,
  };
}

/**
 * Chapa refused a second initialize for the row's tx_ref: another request (a second click, another instance)
 * is opening the same checkout. Its answer is awaited briefly; a row whose opener is certainly gone (older
 * than the provider's time limit, still without an address) is closed so that the next click opens a new one.
 */
async function checkoutOpenedElsewhere(
  deps: PaymentsDeps,
  payment: repo.PaymentRow,
  now: Date,
): Promise<CreateCheckoutSessionResponse> {
  for (let i = 0; i < 10; i++) {
    const row = await repo.findPaymentById(deps.db, payment.id);
    if (row?.checkoutUrl) {
      return { checkout_url: row.checkoutUrl, session_id: row.providerSessionId, provider: row.provider };
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  if (now.getTime() - payment.createdAt.getTime() > providerTimeoutMs) {
    await repo.failOpeningPayment(deps.db, payment.id);
  }
  throw new AppError(503, lifecycleMessages.providerUnavailable, { code: 'provider_unavailable' });
}

/** How long a provider may take to open a checkout before the family is told to try again (503). */
let providerTimeoutMs = 20_000;
/** Tests: a shorter bound for a provider that hangs. */
export function setProviderTimeoutMs(ms: number | null) {
  providerTimeoutMs = ms ?? 20_000;
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`provider timed out after ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** One line per planned session when the amount divides evenly (it does: rate × hours × sessions). */
function lineItems(
  reservation: repo.ReservationRow,
  chargeCents: number,
  sessionCount: number,
  tutorName: string,
): CheckoutLineItem[] {
  const hours = reservation.durationMinutes / 60;
  const name = `Tutoring${reservation.subject ? `: ${reservation.subject}` : ''} with ${tutorName}`;
  const credit = reservation.amountCents - chargeCents;
  const description =
    `${sessionCount} weekly session(s) of ${hours} h for ${reservation.studentFullName}, from ${reservation.date}` +
    (credit > 0 ? ` (credit of ${formatAmount(credit, reservation.currency)} applied)` : '');
  if (credit === 0 && sessionCount > 0 && chargeCents % sessionCount === 0) {
    return [{ name, description, unitAmountCents: chargeCents / sessionCount, quantity: sessionCount }];
  }
  return [{ name, description, unitAmountCents: chargeCents, quantity: 1 }];
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
      await recordSecondPayment(tx, reservation, current.amountCents);
      return { kind: 'unchanged' as const, reservationId: reservation.id };
    }

    // Linked only to a verified family account; with none at all, one is made (unverified) and e-mailed.
    const account = await familyAccountForBooking(tx, reservation);
    await confirmPaidReservation(tx, reservation, {
      now,
      familyUserId: account.linkUserId,
      paymentId: payment.id,
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
  const summary = await reservationSummary(deps, reservationId);
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
  return reservationSummary(deps, reservationId);
}

// ---------------------------------------------------------------------------------------------------------
// Status for the success page

export async function getPaymentStatus(
  deps: PaymentsDeps,
  sessionId: string,
): Promise<PaymentStatusResponse> {
  let payment = await repo.findPaymentBySessionId(deps.db, sessionId);
  if (!payment) throw notFound(paymentMessages.paymentNotFound);
  if (payment.provider === 'chapa' && deps.chapa && !payment.paidAt) {
    // Back from Chapa's page (its return_url): Chapa's verify says whether the money is taken.
    try {
      await reconcileChapa(deps, sessionId, { eventId: `return:${sessionId}`, type: 'chapa.return' });
      payment = (await repo.findPaymentBySessionId(deps.db, sessionId)) ?? payment;
    } catch (err) {
      deps.log.warn({ err, sessionId }, 'could not ask Chapa for the transaction status');
    }
  } else if (
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
 * A full or partial refund through the provider. The bookkeeping (a pending refund row, the sessions it
 * cancels, the audit entry) is written under the payment's lock; the provider is asked after the commit with
 * the refund's own idempotency key, so a slow provider holds no lock and a retry never pays twice. A provider
 * outage answers 503 and leaves the refund pending: the lifecycle job sends it later with the same key.
 */
export async function refundPayment(
  deps: PaymentsDeps,
  paymentId: string,
  body: RefundBody,
  userId: string | null,
  now = new Date(),
): Promise<RefundResponse> {
  const result = await deps.db.transaction(async (tx) => {
    const found = await repo.findPaymentById(tx, paymentId);
    if (!found) throw notFound(paymentMessages.paymentNotFound);
    // Lock order: reservation, then its payments, then its sessions.
    const reservation = await repo.lockReservation(tx, found.reservationId);
    const payment = await repo.lockPayment(tx, paymentId);
    if (!payment) throw notFound(paymentMessages.paymentNotFound);
    if (payment.status !== 'paid' && payment.status !== 'partially_refunded') {
      throw conflict(paymentMessages.refundNotAllowed);
    }
    const pending = await repo.pendingRefundCents(tx, payment.id);
    const remaining = payment.amountCents - payment.refundedCents - pending;
    const amountCents = body.amount === undefined ? remaining : toCents(body.amount);
    if (amountCents <= 0 || amountCents > remaining) {
      throw badRequest(paymentMessages.refundTooLarge, { amount: [paymentMessages.refundTooLarge] });
    }
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
    if (!providerOf(deps, payment.provider))
      throw conflict(`This payment was made with ${payment.provider}, which is not configured.`);

    const full = payment.refundedCents + pending + amountCents === payment.amountCents;
    const refund = await repo.insertRefund(tx, {
      paymentId: payment.id,
      amountCents,
      currency: payment.currency,
      status: 'pending',
      idempotencyKey: `tibeb-refund-${payment.id}-${payment.refundedCents + pending}-${amountCents}`,
      reason: body.reason ?? '',
      createdByUserId: userId,
    });
    const cancelled = reservation
      ? await cancelForRefund(tx, reservation, {
          sessionIds: body.session_ids,
          full,
          amountCents,
          reason: body.reason || 'Refunded in full.',
          userId,
          now,
        })
      : [];
    await recordAudit(tx, {
      actorUserId: userId,
      action: 'payment.refund',
      entityType: 'payment',
      entityId: payment.id,
      before: { status: payment.status, refunded_cents: payment.refundedCents },
      after: { refund_cents: amountCents, cancelled_session_ids: cancelled.map((s) => s.id) },
    });
    return { refund, payment, cancelled };
  });
  if (result.cancelled.length > 0)
    deps.onSessionsChanged([...new Set(result.cancelled.map((s) => s.tutorId))]);

  const { refund, payment } = result;
  let providerRefundId: string;
  try {
    ({ refundId: providerRefundId } = await withTimeout(
      providerOf(deps, payment.provider)!.refund({
        providerSessionId: payment.providerSessionId,
        providerPaymentId: payment.providerPaymentId,
        amountCents: refund.amountCents,
        idempotencyKey: refund.idempotencyKey ?? `tibeb-refund-${refund.id}`,
      }),
      providerTimeoutMs,
    ));
  } catch (err) {
    deps.log.error({ err, refundId: refund.id }, 'refund not sent; it stays pending and will be retried');
    throw new AppError(
      503,
      'The payment provider is not answering right now. The refund is recorded and will be sent automatically.',
      { code: 'provider_unavailable' },
    );
  }
  const settled = await repo.settleRefund(deps.db, refund.id, providerRefundId);
  const after = await repo.findPaymentById(deps.db, payment.id);
  return {
    id: refund.id,
    payment_id: payment.id,
    amount: fromCents(refund.amountCents),
    amount_cents: refund.amountCents,
    provider_refund_id: settled?.providerRefundId ?? providerRefundId,
    payment_status: after?.status ?? payment.status,
    refunded_cents: after?.refundedCents ?? payment.refundedCents,
    cancelled_session_ids: result.cancelled.map((s) => s.id),
  } satisfies RefundResponse;
}
