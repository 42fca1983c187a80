import {
  cancelOutcome,
  isOutsideNoticeWindow,
  sessionsInScope,
  sessionValuesById,
  splitRefund,
  type CancelOutcome,
  type CancelSessionBody,
  cancelSessionBodySchema,
} from '@tibeb/domain/bookings/lifecycle';
import { lifecycleMessages as msg } from '@tibeb/domain/bookings/lifecycle-messages';
import type { ReservationSummary } from '@tibeb/domain/bookings/payload';
import { paidSessionStatuses, statusIn } from '@tibeb/domain/bookings/statuses';
import type { Tx } from '../../../platform/db/client.ts';
import type { Mail } from '../../../platform/mail/mailer.ts';
import { conflict, notFound } from '../../../platform/http/app-error.ts';
import { REPLAY_WINDOW_MS } from '../../../platform/http/idempotency.ts';
import { recordAudit } from '../../audit/index.ts';
import { bookingPolicy } from '../../content/index.ts';
import { familyRecipient } from '../../accounts/index.ts';
// Refund bookkeeping is money: the payments repository records it.
import * as paymentsRepo from '../payments/payments.repository.ts';
import { invalidateTutorBookings } from '../availability/booked.cache.ts';
import { insertEvents } from './booking-events.repository.ts';
import * as moveRequests from './move-requests.repository.ts';
import { completeFinishedReservations } from './completion.repository.ts';
import { creditSessionValue } from './session-credit.service.ts';
import { cancelEmails } from './lifecycle.emails.ts';
import { familyOrAdmin, isAdmin, sendAll, type Actor, type LifecycleDeps } from './lifecycle-deps.service.ts';
import { processRefunds } from './refunds.service.ts';
import { insertPendingRefund, lockPaidPayments } from './refunds.repository.ts';
import * as repo from './sessions.repository.ts';
import { postMoneyReturned, postSessionEarned } from '../ledger/postings.service.ts';
import { reservationSummary } from './summary.service.ts';
import { ledgerMemos } from '@tibeb/domain/ledger/memos';

/**
 * The tutor's side (decision 260, tutor-changes.service.ts, which checks the lesson is the tutor's first): the
 * change is the tutor's (a cancellation gives the value back), and its e-mails are the tutor-change ones.
 */
export type TutorSideOptions<Ctx = CancelMailContext> = {
  asTutor?: boolean;
  mails?: (ctx: Ctx) => Mail[];
};
export type CancelMailContext = {
  reservation: repo.ReservationRow;
  sessions: { startsAt: Date; endsAt: Date; outcome: string; valueCents: number }[];
  tutor: { fullName: string; email: string | null; locale: string | null } | null;
  family: Awaited<ReturnType<typeof familyRecipient>>;
};

/** Sessions that were paid for (their value is part of the amount): all but skipped, held and expired ones. */
const isPaid = (s: repo.SessionRow) => statusIn(paidSessionStatuses, s.status);

/** Value of each paid session, by id (the amount split evenly, in start order). */
export function valuesById(r: repo.ReservationRow, all: repo.SessionRow[]): Map<string, number> {
  return sessionValuesById(r.amountCents, all, (status) => statusIn(paidSessionStatuses, status));
}

/** The reservation's status once its sessions changed: cancelled when nothing paid is left, completed when done. */
export async function settleReservationStatus(tx: Tx, r: repo.ReservationRow, now: Date, reason: string) {
  const all = await repo.listSessions(tx, r.id);
  const paid = all.filter(isPaid);
  if (paid.length > 0 && paid.every((s) => s.status === 'cancelled')) {
    await repo.updateReservation(tx, r.id, { status: 'cancelled', cancelledAt: now, cancelReason: reason });
    return 'cancelled';
  }
  await completeFinishedReservations(tx, [r.id]);
  return null;
}

/**
 * Whether this actor cancelled the session within the replay window (decision 248): a cancel sent twice answers
 * the summary the first one did, rather than "This session cannot be cancelled: it is cancelled".
 */
const cancelledBy = (s: repo.SessionRow, actor: Actor, now: Date) =>
  s.status === 'cancelled' &&
  s.cancelledByUserId === actor.userId &&
  s.cancelledAt !== null &&
  now.getTime() - s.cancelledAt.getTime() < REPLAY_WINDOW_MS;

/**
 * Cancels a scheduled session, or it and every later one ('series'). In time (at least the notice before the
 * start) the family gets the value back as it chooses; inside the notice the value is kept, unless an admin
 * overrides. Credit goes to the family's ledger; a refund is recorded as pending and sent to the provider
 * after the commit (a provider outage leaves it pending: the lifecycle job retries it with the same key).
 */
export async function cancelSession(
  deps: LifecycleDeps,
  actor: Actor,
  sessionId: string,
  body: CancelSessionBody,
  now = new Date(),
  options: TutorSideOptions = {},
): Promise<ReservationSummary> {
  const input = cancelSessionBodySchema.parse(body);
  const policy = await bookingPolicy(deps.db);
  const ref = await repo.findSessionRef(deps.db, sessionId);
  if (!ref) throw notFound(msg.sessionNotFound);

  const result = await deps.db.transaction(async (tx) => {
    const r = await repo.lockReservation(tx, ref.reservationId);
    if (!r) throw notFound(msg.sessionNotFound);
    const by = options.asTutor ? 'tutor' : familyOrAdmin(actor, r);
    const payments = await lockPaidPayments(tx, r.id);
    const all = await repo.lockSessions(tx, r.id);
    const chosen = all.find((s) => s.id === sessionId);
    if (!chosen) throw notFound(msg.sessionNotFound);
    // The same request again (a double tap, a retry after a lost answer): the first one's answer, nothing redone.
    if (cancelledBy(chosen, actor, now)) return { replay: true as const, r };
    if (chosen.status !== 'scheduled') throw conflict(msg.notCancellable(chosen.status));
    if (chosen.startsAt.getTime() <= now.getTime()) throw conflict(msg.alreadyStarted);

    const targets = sessionsInScope(
      all.filter((s) => s.status === 'scheduled'),
      chosen,
      input.scope,
    );
    const values = valuesById(r, all);
    const refundable = new Map<string, number>();
    for (const p of payments) {
      refundable.set(
        p.id,
        p.amountCents - p.refundedCents - (await paymentsRepo.pendingRefundCents(tx, p.id)),
      );
    }
    const reason =
      input.reason ?? (by === 'admin' ? 'Cancelled by an administrator.' : 'Cancelled by the family.');
    const refundIds: string[] = [];
    const done: { s: repo.SessionRow; outcome: CancelOutcome; valueCents: number }[] = [];

    for (const s of targets) {
      const valueCents = values.get(s.id) ?? 0;
      let outcome = cancelOutcome({
        startsAt: s.startsAt,
        now,
        noticeHours: policy.cancellation_notice_hours,
        actor: by,
        choice: input.outcome,
      });
      let creditCents = outcome === 'credit' ? valueCents : 0;
      let refundCents = 0;
      if (outcome === 'refund') {
        // Spread over the reservation's card payments; what cannot go back to a card becomes credit.
        let left = valueCents;
        for (const p of payments) {
          const { refund } = splitRefund(left, refundable.get(p.id) ?? 0);
          if (refund <= 0) continue;
          const row = await insertPendingRefund(tx, {
            paymentId: p.id,
            amountCents: refund,
            currency: p.currency,
            idempotencyKey: `tibeb-cancel-${s.id}-${p.id}`,
            sessionId: s.id,
            reason,
            createdByUserId: actor.userId,
          });
          if (row) refundIds.push(row.id);
          refundable.set(p.id, (refundable.get(p.id) ?? 0) - refund);
          refundCents += refund;
          left -= refund;
        }
        creditCents = left;
        if (refundCents === 0) outcome = 'credit';
      }
      // In the reservation's currency: birr credit is spent only on birr bookings (decision 171).
      await creditSessionValue(tx, {
        reservation: r,
        sessionId: s.id,
        cents: creditCents,
        note: reason,
        createdByUserId: actor.userId,
        now,
      });
      if (refundCents > 0)
        await postMoneyReturned(tx, {
          kind: 'session_cancelled_refund',
          key: `cancel-refund:${s.id}`,
          reservationId: r.id,
          tutorId: r.tutorId,
          currency: r.currency,
          amountCents: refundCents,
          sessionId: s.id,
          memo: ledgerMemos.lessonCancelledRefund,
          createdByUserId: actor.userId,
          now,
        });
      await repo.updateSessions(tx, [s.id], {
        status: 'cancelled',
        cancelledAt: now,
        cancelledByUserId: actor.userId,
        cancelReason: reason,
        cancelOutcome: outcome,
      });
      done.push({ s, outcome, valueCents });
      // Cancelled inside the notice window, nothing given back: the family kept the time, the tutor earns it.
      if (outcome === 'none') await postSessionEarned(tx, s.id, now);
      await insertEvents(tx, [
        {
          reservationId: r.id,
          sessionId: s.id,
          actorUserId: actor.userId,
          action: 'session_cancelled',
          detail: {
            by,
            scope: input.scope,
            outcome,
            value_cents: valueCents,
            credit_cents: creditCents,
            refund_cents: refundCents,
            starts_at: s.startsAt.toISOString(),
            in_time: isOutsideNoticeWindow(s.startsAt, now, policy.cancellation_notice_hours),
          },
        },
      ]);
    }
    const reservationStatus = await settleReservationStatus(tx, r, now, reason);
    // A move the tutor asked of the family for a lesson cancelled now, by anyone, has nothing left to move.
    await moveRequests.closeForSessions(
      tx,
      done.map((d) => d.s.id),
      now,
    );
    if (by === 'admin') {
      await recordAudit(tx, {
        actorUserId: actor.userId,
        action: 'reservation.cancel_sessions',
        entityType: 'reservation',
        entityId: r.id,
        before: { sessions: targets.map((s) => ({ id: s.id, status: s.status })) },
        after: {
          sessions: done.map((d) => ({
            id: d.s.id,
            status: 'cancelled',
            outcome: d.outcome,
            starts_at: d.s.startsAt.toISOString(),
          })),
          ...(input.reason ? { reason: input.reason } : {}),
          ...(reservationStatus ? { status: reservationStatus } : {}),
        },
      });
    }
    return { replay: false as const, r, done, refundIds };
  });
  if (result.replay) return reservationSummary(deps.db, result.r.id, { now });

  invalidateTutorBookings(result.r.tutorId);
  await processRefunds(deps, result.refundIds);
  const tutor = await repo.findTutorContact(deps.db, result.r.tutorId);
  const mailCtx = {
    reservation: result.r,
    sessions: result.done.map((d) => ({
      startsAt: d.s.startsAt,
      endsAt: d.s.endsAt,
      outcome: d.outcome,
      valueCents: d.valueCents,
    })),
    tutor: tutor ? { fullName: tutor.fullName, email: tutor.email, locale: tutor.locale } : null,
    family: await familyRecipient(deps.db, result.r),
  };
  const mails =
    options.mails ??
    ((ctx: typeof mailCtx) =>
      cancelEmails({
        ...ctx,
        byAdmin: isAdmin(actor),
        publicUrl: deps.publicUrl,
        reason: input.reason ?? '',
      }));
  await sendAll(deps, mails(mailCtx));
  return reservationSummary(deps.db, result.r.id, { now });
}
