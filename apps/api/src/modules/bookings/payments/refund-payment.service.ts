import { openRefundMessages } from '@tibeb/domain/admin/refunds';
import { refundablePaymentStatuses, statusIn } from '@tibeb/domain/bookings/statuses';
import type { RefundBody, RefundResponse } from '@tibeb/domain/payments/contracts';
import { paymentMessages } from '@tibeb/domain/payments/messages';
import { fromCents, toCents } from '@tibeb/domain/shared/money';
import { AppError, badRequest, conflict, notFound } from '../../../platform/http/app-error.ts';
import type { Mail } from '../../../platform/mail/mailer.ts';
import { familyRecipient } from '../../accounts/index.ts';
import { recordAudit } from '../../audit/index.ts';
import { cancelForRefund } from '../lifecycle/payment-outcomes.service.ts';
import { providerOf, providerTimeout, withTimeout, type PaymentsDeps } from './payments-deps.service.ts';
import { refundEmails } from './payments.emails.ts';
import * as repo from './payments.repository.ts';
import { postMoneyReturned } from '../ledger/postings.service.ts';
import { ledgerMemos } from '@tibeb/domain/ledger/memos';

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
    if (!statusIn(refundablePaymentStatuses, payment.status)) {
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
    if (reservation)
      await postMoneyReturned(tx, {
        kind: 'refund',
        key: `refund:${refund.id}`,
        reservationId: reservation.id,
        tutorId: reservation.tutorId,
        currency: payment.currency,
        amountCents,
        fromCreditCents: reservation.creditCents,
        paymentId: payment.id,
        refundId: refund.id,
        memo: body.reason || ledgerMemos.refund,
        createdByUserId: userId,
        now,
      });
    await recordAudit(tx, {
      actorUserId: userId,
      action: 'payment.refund',
      entityType: 'payment',
      entityId: payment.id,
      before: { status: payment.status, refunded_cents: payment.refundedCents, currency: payment.currency },
      after: {
        refund_cents: amountCents,
        currency: payment.currency,
        reason: body.reason ?? '',
        cancelled_session_ids: cancelled.map((s) => s.id),
        // The lessons it cancelled, with their times: the audit sentence names them (issue 31 item 2).
        cancelled_sessions: cancelled.map((s) => ({ id: s.id, starts_at: s.startsAt.toISOString() })),
      },
    });
    return { refund, payment, cancelled, reservation, full };
  });
  if (result.cancelled.length > 0)
    deps.onSessionsChanged([...new Set(result.cancelled.map((s) => s.tutorId))]);
  // Both sides are told, with the reason, once the books are written (issue 31 item 2); a provider that is slow
  // to answer leaves the refund pending and retried, never unsent, so the e-mails do not wait for it.
  await sendRefundMails(deps, result, body.reason ?? '');

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
      providerTimeout(),
    ));
  } catch (err) {
    deps.log.error({ err, refundId: refund.id }, 'refund not sent; it stays pending and will be retried');
    throw new AppError(503, openRefundMessages.providerNotAnswering);
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

async function sendRefundMails(
  deps: PaymentsDeps,
  done: {
    refund: { amountCents: number; currency: string };
    reservation: repo.ReservationRow | null;
    cancelled: { startsAt: Date; endsAt: Date }[];
    full: boolean;
  },
  reason: string,
) {
  const r = done.reservation;
  if (!r) return;
  let mails: Mail[] = [];
  try {
    const tutor = await repo.findTutor(deps.db, r.tutorId);
    mails = refundEmails({
      reservation: r,
      amountCents: done.refund.amountCents,
      currency: done.refund.currency,
      full: done.full,
      cancelled: done.cancelled,
      reason,
      tutor: tutor ? { fullName: tutor.fullName, email: tutor.email, locale: tutor.locale } : null,
      family: await familyRecipient(deps.db, r),
      publicUrl: deps.config.publicUrl,
    });
  } catch (err) {
    deps.log.error({ err, reservationId: r.id }, 'refund e-mails not written');
    return;
  }
  for (const mail of mails) {
    try {
      await deps.mailer.send(mail);
    } catch (err) {
      deps.log.error({ err, to: mail.to, subject: mail.subject }, 'refund e-mail failed');
    }
  }
}
