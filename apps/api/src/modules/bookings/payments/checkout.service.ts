import { randomUUID } from 'node:crypto';
import { paymentMessages } from '@tibeb/domain/payments/messages';
import type {
  CreateCheckoutSessionBody,
  CreateCheckoutSessionResponse,
} from '@tibeb/domain/payments/contracts';
import { toCents } from '@tibeb/domain/shared/money';
import { lifecycleMessages } from '@tibeb/domain/bookings/lifecycle-messages';
import { currencyMessages, formatAmount } from '@tibeb/domain/payments/currency';
import { publishingMessages } from '@tibeb/domain/tutors/publishing';
import { AppError, badRequest, conflict, notFound } from '../../../platform/http/app-error.ts';
import { spendCreditAtCheckout } from '../lifecycle/payment-outcomes.service.ts';
import { providerOf, providerTimeout, withTimeout, type PaymentsDeps } from './payments-deps.service.ts';
import * as repo from './payments.repository.ts';
import { completeCheckout } from './provider-events.service.ts';
import {
  CheckoutAlreadyOpenedError,
  type CheckoutLineItem,
  type PaymentProvider,
} from './providers/payment.provider.ts';

/**
 * Opening a checkout (DESIGN §1.8): a reservation awaiting payment gets the provider's hosted page (or the one
 * already open); a reservation the family's credit covers is confirmed at once.
 */

/** Stripe refuses a Checkout Session that expires sooner than 30 minutes after creation; keep a margin. */
const MIN_CHECKOUT_MS = 31 * 60_000;

const successUrl = (deps: PaymentsDeps, sessionId: string) =>
  `${deps.config.publicUrl}/payment-success?session_id=${sessionId}`;

/** The provider that takes a currency: birr through Chapa, dollars by card; 409 when birr is switched off. */
function checkoutProvider(deps: PaymentsDeps, currency: string): PaymentProvider {
  if (currency === 'USD') return deps.provider;
  if (currency === 'ETB' && deps.chapa) return deps.chapa;
  throw conflict(currencyMessages.etbUnavailable, 'currency_unavailable');
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
    // A booking without a price (made before prices were required) is never confirmed as if paid (decision 265);
    // a free trial lesson is free on purpose and is confirmed at once, as credit would (decision 273).
    if (reservation.amountCents <= 0 && reservation.kind !== 'trial')
      throw conflict(publishingMessages.noPrice, 'no_price');
    if (toCents(body.amount) !== reservation.amountCents) {
      throw badRequest(paymentMessages.amountMismatch, { amount: [paymentMessages.amountMismatch] });
    }
    // Paid already (a second tap after the first went through, or the way back from the provider's page): the
    // first payment's success page, as the first request led to (decision 248).
    const paid = reservation.status === 'confirmed' ? await repo.findPaidPayment(tx, reservation.id) : null;
    if (paid) return { kind: 'paid' as const, sessionId: paid.providerSessionId, provider: paid.provider };
    if (reservation.status !== 'pending_payment' || reservation.holdExpiresAt <= now) {
      throw conflict(paymentMessages.notAwaitingPayment, 'not_awaiting_payment');
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

  if (step.kind === 'paid') {
    return {
      checkout_url: successUrl(deps, step.sessionId),
      session_id: step.sessionId,
      provider: step.provider,
    };
  }
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
      checkout_url: successUrl(deps, step.sessionId),
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
      providerTimeout(),
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
  if (now.getTime() - payment.createdAt.getTime() > providerTimeout()) {
    await repo.failOpeningPayment(deps.db, payment.id);
  }
  throw new AppError(503, lifecycleMessages.providerUnavailable, { code: 'provider_unavailable' });
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
    (reservation.kind === 'trial'
      ? `Trial lesson of ${reservation.durationMinutes} minutes for ${reservation.studentFullName}, on ${reservation.date}`
      : `${sessionCount} weekly session(s) of ${hours} h for ${reservation.studentFullName}, from ${reservation.date}`) +
    (credit > 0 ? ` (credit of ${formatAmount(credit, reservation.currency)} applied)` : '');
  if (credit === 0 && sessionCount > 0 && chargeCents % sessionCount === 0) {
    return [{ name, description, unitAmountCents: chargeCents / sessionCount, quantity: sessionCount }];
  }
  return [{ name, description, unitAmountCents: chargeCents, quantity: 1 }];
}
