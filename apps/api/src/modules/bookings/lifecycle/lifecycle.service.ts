import type { FastifyBaseLogger } from 'fastify';
import {
  cancelOutcome,
  isOutsideNoticeWindow,
  mayReschedule,
  seriesDates,
  sessionsInScope,
  sessionValuesCents,
  splitRefund,
  type AttendanceBody,
  type CancelOutcome,
  type CancelSessionBody,
  type RescheduleSessionBody,
  attendanceBodySchema,
  cancelSessionBodySchema,
  rescheduleSessionBodySchema,
} from '@tibeb/domain/bookings/lifecycle';
import { lifecycleMessages as msg } from '@tibeb/domain/bookings/lifecycle-messages';
import { bookingMessages } from '@tibeb/domain/bookings/messages';
import type { ReservationSummary } from '@tibeb/domain/bookings/payload';
import { slotsInWindows, weekdayOf } from '@tibeb/domain/bookings/slots';
import { zonedTimeToInstant } from '@tibeb/domain/bookings/time';
import type { Db, Tx } from '../../../platform/db/client.ts';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../../platform/http/app-error.ts';
import type { Mail, Mailer } from '../../../platform/mail/mailer.ts';
import type { Role } from '../../../platform/auth/tokens.ts';
import { ADMIN_ROLES } from '@tibeb/domain/accounts/roles';
import { recordAudit } from '../../audit/index.ts';
// Refund bookkeeping is money: the payments repository records it.
import * as paymentsRepo from '../payments/payments.repository.ts';
import type { PaymentProvider } from '../payments/providers/payment.provider.ts';
import { invalidateTutorBookings } from '../availability/booked.cache.ts';
import * as bookingRepo from '../reservations/reservations.repository.ts';
import { bookingPolicy } from '../../content/index.ts';
import { daysOffOf } from '../../catalog/index.ts';
import { cancelEmails, rescheduleEmails } from './lifecycle.emails.ts';
import { familyRecipient } from '../../accounts/index.ts';
import * as repo from './lifecycle.repository.ts';
import { reservationSummary } from './summary.service.ts';
import { sqlState, SqlState } from '../../../platform/db/errors.ts';

/**
 * The booking lifecycle (issue 11, decision 090): the one place that changes a reservation's or a session's
 * status after it is created. Lock order (README.md): tutor advisory lock (when time is taken or moved) →
 * reservation → its payments → its sessions. Provider calls (refunds) happen after the commit.
 */

export type Actor = { userId: string; role: Role };

export type LifecycleDeps = {
  db: Db;
  mailer: Pick<Mailer, 'send'>;
  log: Pick<FastifyBaseLogger, 'error' | 'warn' | 'info'>;
  /** The card provider refunds go through; null when none is configured (refunds then wait). */
  provider: PaymentProvider | null;
  /** Chapa, for refunds of payments made in birr (issue 18 §3); null when not configured. */
  chapa?: PaymentProvider | null;
};

const isAdmin = (actor: Actor) => ADMIN_ROLES.includes(actor.role);

/** The family that owns the reservation, or an admin; everyone else 403. */
function familyOrAdmin(actor: Actor, r: repo.ReservationRow): 'family' | 'admin' {
  if (isAdmin(actor)) return 'admin';
  if (actor.role === 'student' && r.familyUserId !== null && r.familyUserId === actor.userId) return 'family';
  throw forbidden(msg.notYours);
}

/** Sessions that were paid for (their value is part of the amount): all but skipped, held and expired ones. */
const isPaid = (s: repo.SessionRow) =>
  s.status !== 'skipped' && s.status !== 'held' && s.status !== 'expired';

/** Value of each paid session, by id (the amount split evenly, in start order). */
function valuesById(r: repo.ReservationRow, all: repo.SessionRow[]): Map<string, number> {
  const paid = all.filter(isPaid);
  const values = sessionValuesCents(r.amountCents, paid.length);
  return new Map(paid.map((s, i) => [s.id, values[i]!]));
}

async function sendAll(deps: LifecycleDeps, mails: Mail[]) {
  for (const mail of mails) {
    try {
      await deps.mailer.send(mail);
    } catch (err) {
      deps.log.error({ err, subject: mail.subject }, 'lifecycle e-mail failed');
    }
  }
}

/** The reservation's status once its sessions changed: cancelled when nothing paid is left, completed when done. */
async function settleReservationStatus(tx: Tx, r: repo.ReservationRow, now: Date, reason: string) {
  const all = await repo.listSessions(tx, r.id);
  const paid = all.filter(isPaid);
  if (paid.length > 0 && paid.every((s) => s.status === 'cancelled')) {
    await repo.updateReservation(tx, r.id, { status: 'cancelled', cancelledAt: now, cancelReason: reason });
    return 'cancelled';
  }
  await repo.completeFinishedReservations(tx, [r.id]);
  return null;
}

// ---------------------------------------------------------------------------------------------------------
// Cancel

export type CancelResult = { summary: ReservationSummary; refundsPending: number };

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
): Promise<ReservationSummary> {
  const input = cancelSessionBodySchema.parse(body);
  const policy = await bookingPolicy(deps.db);
  const ref = await repo.findSessionRef(deps.db, sessionId);
  if (!ref) throw notFound(msg.sessionNotFound);

  const result = await deps.db.transaction(async (tx) => {
    const r = await repo.lockReservation(tx, ref.reservationId);
    if (!r) throw notFound(msg.sessionNotFound);
    const by = familyOrAdmin(actor, r);
    const payments = await repo.lockPaidPayments(tx, r.id);
    const all = await repo.lockSessions(tx, r.id);
    const chosen = all.find((s) => s.id === sessionId);
    if (!chosen) throw notFound(msg.sessionNotFound);
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
      refundable.set(p.id, p.amountCents - p.refundedCents - (await paymentsRepo.pendingRefundCents(tx, p.id)));
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
          const row = await repo.insertPendingRefund(tx, {
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
      if (creditCents > 0) {
        await repo.insertCredit(tx, {
          familyEmail: r.email,
          amountCents: creditCents,
          // In the reservation's currency: birr credit is spent only on birr bookings (decision 171).
          currency: r.currency,
          kind: 'cancellation',
          reservationId: r.id,
          sessionId: s.id,
          createdByUserId: actor.userId,
          note: reason,
        });
      }
      await repo.updateSessions(tx, [s.id], {
        status: 'cancelled',
        cancelledAt: now,
        cancelledByUserId: actor.userId,
        cancelReason: reason,
        cancelOutcome: outcome,
      });
      done.push({ s, outcome, valueCents });
      await repo.insertEvents(tx, [
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
    if (by === 'admin') {
      await recordAudit(tx, {
        actorUserId: actor.userId,
        action: 'reservation.cancel_sessions',
        entityType: 'reservation',
        entityId: r.id,
        before: { sessions: targets.map((s) => ({ id: s.id, status: s.status })) },
        after: {
          sessions: done.map((d) => ({ id: d.s.id, status: 'cancelled', outcome: d.outcome })),
          ...(reservationStatus ? { status: reservationStatus } : {}),
        },
      });
    }
    return { r, done, refundIds };
  });

  invalidateTutorBookings(result.r.tutorId);
  await processRefunds(deps, result.refundIds);
  const tutor = await repo.findTutorContact(deps.db, result.r.tutorId);
  await sendAll(
    deps,
    cancelEmails({
      reservation: result.r,
      sessions: result.done.map((d) => ({
        startsAt: d.s.startsAt,
        endsAt: d.s.endsAt,
        outcome: d.outcome,
        valueCents: d.valueCents,
      })),
      tutor: tutor ? { fullName: tutor.fullName, email: tutor.email, locale: tutor.locale } : null,
      family: await familyRecipient(deps.db, result.r),
      byAdmin: isAdmin(actor),
    }),
  );
  return reservationSummary(deps.db, result.r.id, { now });
}

/**
 * Sends pending refunds to the provider, outside any transaction, each with its own idempotency key (a retry
 * never pays twice). A provider that fails or is not configured leaves the refund pending for the next try.
 */
export async function processRefunds(deps: LifecycleDeps, ids?: string[]): Promise<number> {
  if (ids && ids.length === 0) return 0;
  const pending = await repo.listPendingRefunds(deps.db, ids);
  let settled = 0;
  for (const { refund, payment } of pending) {
    const provider = [deps.provider, deps.chapa].find((p) => p?.name === payment.provider) ?? null;
    if (!provider) {
      deps.log.warn(
        { refundId: refund.id, provider: payment.provider },
        'refund waits: provider not configured',
      );
      continue;
    }
    try {
      const { refundId } = await provider.refund({
        providerSessionId: payment.providerSessionId,
        providerPaymentId: payment.providerPaymentId,
        amountCents: refund.amountCents,
        idempotencyKey: refund.idempotencyKey ?? `tibeb-refund-${refund.id}`,
      });
      await paymentsRepo.settleRefund(deps.db, refund.id, refundId);
      settled += 1;
    } catch (err) {
      deps.log.warn({ err, refundId: refund.id }, 'refund not sent yet; it will be retried');
    }
  }
  return settled;
}

// ---------------------------------------------------------------------------------------------------------
// Reschedule

/**
 * Moves a scheduled session, or it and every later one ('series', a week apart), to a new date and time in
 * the tutor's zone: the slot must be one of the tutor's weekly times, start after the lead time, and be free
 * (the tutor's lock decides; the exclusion constraint is the backstop). Families only outside the notice.
 */
export async function rescheduleSession(
  deps: LifecycleDeps,
  actor: Actor,
  sessionId: string,
  body: RescheduleSessionBody,
  now = new Date(),
): Promise<ReservationSummary> {
  const input = rescheduleSessionBodySchema.parse(body);
  const policy = await bookingPolicy(deps.db);
  const ref = await repo.findSessionRef(deps.db, sessionId);
  if (!ref) throw notFound(msg.sessionNotFound);
  const windows =
    (await bookingRepo.findWindows(deps.db, [ref.tutorId])).get(ref.tutorId) ?? bookingRepo.emptyWeek();

  const result = await deps.db
    .transaction(async (tx) => {
      await bookingRepo.lockTutor(tx, ref.tutorId);
      const r = await repo.lockReservation(tx, ref.reservationId);
      if (!r) throw notFound(msg.sessionNotFound);
      const by = familyOrAdmin(actor, r);
      const all = await repo.lockSessions(tx, r.id);
      const chosen = all.find((s) => s.id === sessionId);
      if (!chosen) throw notFound(msg.sessionNotFound);
      if (chosen.status !== 'scheduled') throw conflict(msg.notMovable(chosen.status));
      if (
        !mayReschedule({
          startsAt: chosen.startsAt,
          now,
          noticeHours: policy.cancellation_notice_hours,
          actor: by,
        })
      )
        throw conflict(msg.insideNotice(policy.cancellation_notice_hours), 'inside_notice');

      const targets = sessionsInScope(
        all.filter((s) => s.status === 'scheduled'),
        chosen,
        input.scope,
      );
      const dates = input.scope === 'one' ? [input.date] : seriesDates(input.date, targets.length);
      if (!slotsInWindows(windows[weekdayOf(input.date)], r.durationMinutes).includes(input.time))
        throw badRequest(msg.notInWindows, { time: [msg.notInWindows] });
      const moves = targets.map((s, i) => {
        const startsAt = zonedTimeToInstant(dates[i]!, input.time, r.timeZone);
        return { s, startsAt, endsAt: new Date(startsAt.getTime() + r.durationMinutes * 60_000) };
      });
      const off = (await daysOffOf(tx, [r.tutorId], dates[0]!, dates.at(-1)!)).get(r.tutorId);
      if (off && dates.some(off)) throw badRequest(msg.tutorAway, { date: [msg.tutorAway] });
      const earliest = now.getTime() + policy.lead_time_hours * 3_600_000;
      if (moves[0]!.startsAt.getTime() < earliest)
        throw badRequest(msg.tooSoon(policy.lead_time_hours), {
          date: [msg.tooSoon(policy.lead_time_hours)],
        });
      const ids = targets.map((s) => s.id);
      for (const m of moves) {
        const clash = await repo.findOverlapping(tx, r.tutorId, m.startsAt, m.endsAt, ids, now);
        if (clash.length > 0) throw conflict(bookingMessages.slotTaken, 'slot_taken');
      }
      for (const m of moves) {
        if ((await repo.tryMoveSession(tx, m.s.id, m.startsAt, m.endsAt, m.s.startsAt)) === 'clash')
          throw conflict(bookingMessages.slotTaken, 'slot_taken');
      }
      await repo.insertEvents(
        tx,
        moves.map((m) => ({
          reservationId: r.id,
          sessionId: m.s.id,
          actorUserId: actor.userId,
          action: 'session_rescheduled',
          detail: { by, scope: input.scope, from: m.s.startsAt.toISOString(), to: m.startsAt.toISOString() },
        })),
      );
      if (by === 'admin') {
        await recordAudit(tx, {
          actorUserId: actor.userId,
          action: 'reservation.reschedule_sessions',
          entityType: 'reservation',
          entityId: r.id,
          before: { sessions: moves.map((m) => ({ id: m.s.id, starts_at: m.s.startsAt.toISOString() })) },
          after: { sessions: moves.map((m) => ({ id: m.s.id, starts_at: m.startsAt.toISOString() })) },
        });
      }
      return { r, moves };
    })
    .catch((err: unknown) => {
      if (!(err instanceof AppError) && sqlState(err) === SqlState.exclusionViolation)
        throw conflict(bookingMessages.slotTaken, 'slot_taken');
      throw err;
    });

  invalidateTutorBookings(result.r.tutorId);
  const tutor = await repo.findTutorContact(deps.db, result.r.tutorId);
  await sendAll(
    deps,
    rescheduleEmails({
      reservation: result.r,
      moves: result.moves.map((m) => ({
        from: { startsAt: m.s.startsAt, endsAt: m.s.endsAt },
        to: { startsAt: m.startsAt, endsAt: m.endsAt },
      })),
      tutor: tutor ? { fullName: tutor.fullName, email: tutor.email, locale: tutor.locale } : null,
      family: await familyRecipient(deps.db, result.r),
    }),
  );
  return reservationSummary(deps.db, result.r.id, { now });
}

// ---------------------------------------------------------------------------------------------------------
// Attendance and completion

/**
 * The session's tutor (or an admin) marks a started session attended (→ completed) or no-show; the note is
 * the progress note the family sees.
 */
export async function markAttendance(
  deps: LifecycleDeps,
  actor: Actor,
  sessionId: string,
  body: AttendanceBody,
  now = new Date(),
): Promise<ReservationSummary> {
  const input = attendanceBodySchema.parse(body);
  const ref = await repo.findSessionRef(deps.db, sessionId);
  if (!ref) throw notFound(msg.sessionNotFound);
  const tutor = await repo.findTutorContact(deps.db, ref.tutorId);
  const admin = isAdmin(actor);
  if (!admin && !(actor.role === 'tutor' && tutor?.userId === actor.userId))
    throw forbidden(msg.notYourSession);

  const reservationId = await deps.db.transaction(async (tx) => {
    const r = await repo.lockReservation(tx, ref.reservationId);
    if (!r) throw notFound(msg.sessionNotFound);
    const all = await repo.lockSessions(tx, r.id);
    const s = all.find((x) => x.id === sessionId);
    if (!s) throw notFound(msg.sessionNotFound);
    if (!['scheduled', 'completed', 'no_show'].includes(s.status)) throw conflict(msg.notMarkable(s.status));
    if (s.startsAt.getTime() > now.getTime()) throw conflict(msg.notStartedYet);
    const status = input.status === 'attended' ? 'completed' : 'no_show';
    await repo.updateSessions(tx, [s.id], { status, markedAt: now, markedByUserId: actor.userId });
    if (input.note) {
      await repo.insertProgressNote(tx, {
        tutorId: r.tutorId,
        studentUserId: r.familyUserId,
        reservationId: r.id,
        sessionId: s.id,
        note: input.note,
      });
    }
    await repo.insertEvents(tx, [
      {
        reservationId: r.id,
        sessionId: s.id,
        actorUserId: actor.userId,
        action: 'attendance_marked',
        detail: { status, previous: s.status, note: Boolean(input.note) },
      },
    ]);
    if (admin) {
      await recordAudit(tx, {
        actorUserId: actor.userId,
        action: 'session.attendance',
        entityType: 'reservation',
        entityId: r.id,
        before: { session: s.id, status: s.status },
        after: { session: s.id, status },
      });
    }
    await repo.completeFinishedReservations(tx, [r.id]);
    return r.id;
  });
  return reservationSummary(deps.db, reservationId, { now });
}

/** The completion job's step: scheduled sessions whose end has passed become completed (decision 090). */
export async function completeEndedSessions(db: Db, now = new Date()): Promise<number> {
  return db.transaction(async (tx) => {
    const locked = await repo.lockReservationsWithEndedSessions(tx, now);
    const ids = locked.map((r) => r.id);
    const completed = await repo.completeEndedSessions(tx, ids, now);
    await repo.insertEvents(
      tx,
      completed.map((s) => ({
        reservationId: s.reservationId,
        sessionId: s.id,
        action: 'session_completed',
        detail: { by: 'job' },
      })),
    );
    const finished = await repo.completeFinishedReservations(tx, ids);
    await repo.insertEvents(
      tx,
      finished.map((r) => ({ reservationId: r.id, action: 'reservation_completed', detail: { by: 'job' } })),
    );
    return completed.length;
  });
}

// ---------------------------------------------------------------------------------------------------------
// Credit

/** A family's credit balance in cents (by e-mail, as the ledger keys it). */
export function creditBalance(db: Db, email: string, currency = 'USD'): Promise<number> {
  return repo.creditBalance(db, email, currency);
}
