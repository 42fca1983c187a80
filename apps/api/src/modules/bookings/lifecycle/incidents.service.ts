import {
  dueOutcome,
  incidentDeadline,
  incidentDecisionBodySchema,
  incidentMessages as im,
  interruptionBodySchema,
  makeupBodySchema,
  makeupStartAllowed,
  mayReport,
  disputeBodySchema,
  tutorAbsentBodySchema,
  type DisputeBody,
  type IncidentDecisionBody,
  type IncidentReport,
  type IncidentReporter,
  type IncidentView,
  type InterruptionBody,
  type MakeupBody,
  type MyIncidents,
  type ReportCheck,
  type TutorAbsentBody,
} from '@tibeb/domain/bookings/incidents';
import { splitRefund } from '@tibeb/domain/bookings/lifecycle';
import { lifecycleMessages as msg } from '@tibeb/domain/bookings/lifecycle-messages';
import { bookingMessages } from '@tibeb/domain/bookings/messages';
import { slotsInWindows, weekdayOf } from '@tibeb/domain/bookings/slots';
import { instantToWallClock, zonedTimeToInstant } from '@tibeb/domain/bookings/time';
import type { IncidentKind } from '@tibeb/domain/bookings/statuses';
import { ledgerMemos } from '@tibeb/domain/ledger/memos';
import type { Tx } from '../../../platform/db/client.ts';
import { sqlState, SqlState } from '../../../platform/db/errors.ts';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../../platform/http/app-error.ts';
import { recordAudit } from '../../audit/index.ts';
import { bookingPolicy } from '../../content/index.ts';
import { daysOffOf } from '../../catalog/index.ts';
import { familyRecipient } from '../../accounts/index.ts';
import * as paymentsRepo from '../payments/payments.repository.ts';
import { invalidateTutorBookings } from '../availability/booked.cache.ts';
import * as bookingRepo from '../reservations/reservations.repository.ts';
import { postEarningReversed, postMoneyReturned, sessionPriceCents } from '../ledger/postings.service.ts';
import { insertEvents } from './booking-events.repository.ts';
import { settleReservationStatus } from './cancel.service.ts';
import { completeFinishedReservations } from './completion.repository.ts';
import { creditSessionValue } from './session-credit.service.ts';
import { incidentEmails, type IncidentMailEvent } from './incidents.emails.ts';
import * as repo from './incidents.repository.ts';
import { isAdmin, sendAll, type Actor, type LifecycleDeps } from './lifecycle-deps.service.ts';
import { tutorOfUser } from './move-requests.repository.ts';
import { processRefunds } from './refunds.service.ts';
import { insertPendingRefund, lockPaidPayments } from './refunds.repository.ts';
import * as sessionsRepo from './sessions.repository.ts';

/**
 * "Interrupted is not absent" (issue 30 item 3, decision 271). A lesson that could not happen or was cut short by
 * a power or connection cut is reported by its tutor, its family or an admin: it becomes `interrupted`, its earning
 * (if the job had posted it) is reversed, and the family books a make-up of the same tutor within 14 days at no
 * charge (a new session of the reservation, earning the original's price once held). No make-up by the deadline:
 * the lesson's value is credit (the job). A tutor who did not come is reported by the family; the tutor may
 * dispute within 48 hours (an admin then upholds or dismisses); undisputed at the deadline, or upheld, the family
 * gets the lesson back as it asked (credit or refund), the earning is reversed and the session is cancelled.
 * Like every lifecycle change: one transaction, locks in the README's order, an event, an audit entry for admins,
 * e-mails after the commit.
 */

const ABSENT_REASON = 'The tutor did not come.';

/** Who the actor is to the session: its family, its tutor, an admin; null: a stranger (404). */
function roleOf(
  actor: Actor,
  r: sessionsRepo.ReservationRow,
  tutorUserId: string | null | undefined,
): IncidentReporter | null {
  if (isAdmin(actor)) return 'admin';
  if (actor.role === 'student' && r.familyUserId !== null && r.familyUserId === actor.userId) return 'family';
  if (actor.role === 'tutor' && tutorUserId && tutorUserId === actor.userId) return 'tutor';
  return null;
}

function refuse(check: Exclude<ReportCheck, 'ok'>, status: string): never {
  if (check === 'not_allowed') throw forbidden(im.absentFamilyOnly);
  if (check === 'not_started') throw conflict(im.notStarted);
  if (check === 'too_late') throw conflict(im.tooLate);
  throw conflict(im.wrongStatus(status));
}

type Told = {
  reservation: sessionsRepo.ReservationRow;
  session: { startsAt: Date; endsAt: Date };
  event: IncidentMailEvent;
};

async function tell(deps: LifecycleDeps, told: Told[]) {
  for (const t of told) {
    const tutor = await sessionsRepo.findTutorContact(deps.db, t.reservation.tutorId);
    await sendAll(
      deps,
      incidentEmails({
        reservation: t.reservation,
        session: t.session,
        tutor: tutor ? { fullName: tutor.fullName, email: tutor.email, locale: tutor.locale } : null,
        family: await familyRecipient(deps.db, t.reservation),
        publicUrl: deps.publicUrl,
        event: t.event,
      }),
    );
  }
}

async function viewOrThrow(deps: LifecycleDeps, id: string): Promise<IncidentView> {
  const view = await repo.viewOf(deps.db, id);
  if (!view) throw notFound(msg.sessionNotFound);
  return view;
}

/** A report (an interruption or an absence): the checks and the incident row, inside the change's transaction. */
async function openReport(
  deps: LifecycleDeps,
  actor: Actor,
  sessionId: string,
  kind: IncidentKind,
  now: Date,
  apply: (
    tx: Tx,
    ctx: {
      r: sessionsRepo.ReservationRow;
      s: sessionsRepo.SessionRow;
      by: IncidentReporter;
      incidentId: string;
    },
  ) => Promise<void>,
  row: { cause: string; note: string },
) {
  const ref = await sessionsRepo.findSessionRef(deps.db, sessionId);
  if (!ref) throw notFound(msg.sessionNotFound);
  const tutor = await sessionsRepo.findTutorContact(deps.db, ref.tutorId);
  return deps.db.transaction(async (tx) => {
    const r = await sessionsRepo.lockReservation(tx, ref.reservationId);
    if (!r) throw notFound(msg.sessionNotFound);
    const by = roleOf(actor, r, tutor?.userId);
    if (!by) throw notFound(msg.sessionNotFound);
    await lockPaidPayments(tx, r.id);
    const all = await sessionsRepo.lockSessions(tx, r.id);
    const s = all.find((x) => x.id === sessionId);
    if (!s) throw notFound(msg.sessionNotFound);
    if (await repo.findBySession(tx, s.id)) throw conflict(im.alreadyReported, 'incident_already_reported');
    const check = mayReport({ kind, by, status: s.status, startsAt: s.startsAt, endsAt: s.endsAt, now });
    if (check !== 'ok') refuse(check, s.status);
    const deadlineAt = incidentDeadline(kind, now);
    const incident = await repo.insertIncident(tx, {
      sessionId: s.id,
      tutorId: s.tutorId,
      kind,
      cause: row.cause,
      note: row.note,
      reportedByUserId: actor.userId,
      reportedByRole: by,
      status: 'open',
      deadlineAt,
    });
    if (!incident) throw conflict(im.alreadyReported, 'incident_already_reported');
    await apply(tx, { r, s, by, incidentId: incident.id });
    if (by === 'admin') {
      await recordAudit(tx, {
        actorUserId: actor.userId,
        action: kind === 'interruption' ? 'session.interruption' : 'session.tutor_absent',
        entityType: 'reservation',
        entityId: r.id,
        before: { session: s.id, status: s.status },
        after: { session: s.id, incident: incident.id, ...(row.cause ? { cause: row.cause } : {}) },
      });
    }
    return { r, s, incident };
  });
}

/** POST /bookings/sessions/:id/interruption/: the lesson could not happen or was cut short. */
export async function reportInterruption(
  deps: LifecycleDeps,
  actor: Actor,
  sessionId: string,
  body: InterruptionBody,
  now = new Date(),
): Promise<IncidentView> {
  const input = interruptionBodySchema.parse(body);
  const done = await openReport(
    deps,
    actor,
    sessionId,
    'interruption',
    now,
    async (tx, { r, s, by }) => {
      await sessionsRepo.updateSessions(tx, [s.id], { status: 'interrupted' });
      // Held already (the job completed it, or its tutor marked it): the earning goes back until the make-up.
      await postEarningReversed(tx, {
        sessionId: s.id,
        memo: ledgerMemos.lessonInterrupted,
        createdByUserId: actor.userId,
        now,
      });
      await insertEvents(tx, [
        {
          reservationId: r.id,
          sessionId: s.id,
          actorUserId: actor.userId,
          action: 'session_interrupted',
          detail: { by, cause: input.cause, previous: s.status, note: Boolean(input.note) },
        },
      ]);
      await completeFinishedReservations(tx, [r.id]);
    },
    { cause: input.cause, note: input.note },
  );
  invalidateTutorBookings(done.r.tutorId);
  await tell(deps, [
    {
      reservation: done.r,
      session: done.s,
      event: {
        kind: 'interrupted',
        cause: input.cause,
        note: input.note,
        by: done.incident.reportedByRole,
        deadlineAt: done.incident.deadlineAt,
      },
    },
  ]);
  return viewOrThrow(deps, done.incident.id);
}

/** POST /bookings/sessions/:id/tutor-absent/: the family says the tutor did not come. */
export async function reportTutorAbsent(
  deps: LifecycleDeps,
  actor: Actor,
  sessionId: string,
  body: TutorAbsentBody,
  now = new Date(),
): Promise<IncidentView> {
  const input = tutorAbsentBodySchema.parse(body);
  const done = await openReport(
    deps,
    actor,
    sessionId,
    'tutor_absent',
    now,
    async (tx, { r, s, by }) => {
      await insertEvents(tx, [
        {
          reservationId: r.id,
          sessionId: s.id,
          actorUserId: actor.userId,
          action: 'tutor_absent_reported',
          detail: { by, outcome: input.outcome, note: Boolean(input.note) },
        },
      ]);
    },
    { cause: '', note: input.note },
  );
  await tell(deps, [
    {
      reservation: done.r,
      session: done.s,
      event: {
        kind: 'absence_reported',
        note: input.note,
        deadlineAt: done.incident.deadlineAt,
        outcome: input.outcome,
      },
    },
  ]);
  return viewOrThrow(deps, done.incident.id);
}

/**
 * POST /bookings/sessions/:id/makeup/: the family (or an admin) books the interrupted lesson's make-up: a free
 * time of the same tutor (one of the tutor's weekly times, not a day off, after the lead time, by the deadline),
 * the same length, a new scheduled session of the reservation at no charge. The tutor's lock decides; the
 * exclusion constraint is the backstop (409).
 */
export async function bookMakeup(
  deps: LifecycleDeps,
  actor: Actor,
  sessionId: string,
  body: MakeupBody,
  now = new Date(),
): Promise<IncidentView> {
  const input = makeupBodySchema.parse(body);
  const policy = await bookingPolicy(deps.db);
  const ref = await sessionsRepo.findSessionRef(deps.db, sessionId);
  if (!ref) throw notFound(msg.sessionNotFound);
  const tutor = await sessionsRepo.findTutorContact(deps.db, ref.tutorId);
  const windows =
    (await bookingRepo.findWindows(deps.db, [ref.tutorId])).get(ref.tutorId) ?? bookingRepo.emptyWeek();

  const done = await deps.db
    .transaction(async (tx) => {
      await bookingRepo.lockTutor(tx, ref.tutorId);
      const r = await sessionsRepo.lockReservation(tx, ref.reservationId);
      if (!r) throw notFound(msg.sessionNotFound);
      const by = roleOf(actor, r, tutor?.userId);
      if (!by) throw notFound(msg.sessionNotFound);
      if (by === 'tutor') throw forbidden(msg.notYours);
      const all = await sessionsRepo.lockSessions(tx, r.id);
      const s = all.find((x) => x.id === sessionId);
      if (!s) throw notFound(msg.sessionNotFound);
      const found = await repo.findBySession(tx, s.id);
      if (!found || found.kind !== 'interruption') throw conflict(im.notInterrupted);
      const incident = await repo.lockIncident(tx, found.id);
      if (incident?.status === 'made_up') throw conflict(im.makeupBooked, 'incident_makeup_booked');
      if (!incident || incident.status !== 'open') throw conflict(im.notInterrupted);
      if (incident.deadlineAt.getTime() < now.getTime()) throw conflict(im.makeupTooLate);

      const durationMs = s.endsAt.getTime() - s.startsAt.getTime();
      const startsAt = zonedTimeToInstant(input.date, input.time, r.timeZone);
      const endsAt = new Date(startsAt.getTime() + durationMs);
      if (!slotsInWindows(windows[weekdayOf(input.date)], durationMs / 60_000).includes(input.time))
        throw badRequest(msg.notInWindows, { time: [msg.notInWindows] });
      const off = (await daysOffOf(tx, [r.tutorId], input.date, input.date)).get(r.tutorId);
      if (off?.(input.date)) throw badRequest(msg.tutorAway, { date: [msg.tutorAway] });
      const allowed = makeupStartAllowed({
        startsAt,
        deadlineAt: incident.deadlineAt,
        now,
        leadHours: policy.lead_time_hours,
      });
      if (allowed === 'too_soon')
        throw badRequest(msg.tooSoon(policy.lead_time_hours), {
          date: [msg.tooSoon(policy.lead_time_hours)],
        });
      if (allowed === 'after_deadline') throw badRequest(im.makeupTooLate, { date: [im.makeupTooLate] });
      if ((await sessionsRepo.findOverlapping(tx, r.tutorId, startsAt, endsAt, [], now)).length > 0)
        throw conflict(bookingMessages.slotTaken, 'slot_taken');
      const made = await repo.tryInsertMakeup(tx, {
        reservationId: r.id,
        tutorId: r.tutorId,
        startsAt,
        endsAt,
        makeupOfSessionId: s.id,
      });
      if (made === 'clash') throw conflict(bookingMessages.slotTaken, 'slot_taken');
      if (made === 'taken') throw conflict(im.makeupBooked, 'incident_makeup_booked');
      await repo.updateIncident(tx, incident.id, {
        status: 'made_up',
        resolvedAt: now,
        resolvedByUserId: actor.userId,
        resolution: '',
      });
      // A booking whose other lessons are all done has one to come again.
      if (r.status === 'completed') await sessionsRepo.updateReservation(tx, r.id, { status: 'confirmed' });
      await insertEvents(tx, [
        {
          reservationId: r.id,
          sessionId: made.id,
          actorUserId: actor.userId,
          action: 'makeup_booked',
          detail: { by, makeup_of: s.id, starts_at: startsAt.toISOString() },
        },
      ]);
      if (by === 'admin') {
        await recordAudit(tx, {
          actorUserId: actor.userId,
          action: 'session.makeup',
          entityType: 'reservation',
          entityId: r.id,
          before: { session: s.id, status: s.status },
          after: { makeup: made.id, starts_at: startsAt.toISOString() },
        });
      }
      return { r, s, incident, makeup: { startsAt, endsAt } };
    })
    .catch((err: unknown) => {
      if (!(err instanceof AppError) && sqlState(err) === SqlState.exclusionViolation)
        throw conflict(bookingMessages.slotTaken, 'slot_taken');
      throw err;
    });
  invalidateTutorBookings(done.r.tutorId);
  await tell(deps, [
    { reservation: done.r, session: done.s, event: { kind: 'makeup_booked', makeup: done.makeup } },
  ]);
  return viewOrThrow(deps, done.incident.id);
}

/** POST /bookings/sessions/:id/absence-dispute/: the session's tutor says the lesson did happen (48 hours). */
export async function disputeAbsence(
  deps: LifecycleDeps,
  actor: Actor,
  sessionId: string,
  body: DisputeBody,
  now = new Date(),
): Promise<IncidentView> {
  const input = disputeBodySchema.parse(body);
  const ref = await sessionsRepo.findSessionRef(deps.db, sessionId);
  if (!ref) throw notFound(msg.sessionNotFound);
  const tutor = await sessionsRepo.findTutorContact(deps.db, ref.tutorId);
  const done = await deps.db.transaction(async (tx) => {
    const r = await sessionsRepo.lockReservation(tx, ref.reservationId);
    if (!r) throw notFound(msg.sessionNotFound);
    const by = roleOf(actor, r, tutor?.userId);
    if (!by) throw notFound(msg.sessionNotFound);
    if (by !== 'tutor') throw forbidden(im.notYourAbsence);
    const found = await repo.findBySession(tx, sessionId);
    if (!found || found.kind !== 'tutor_absent') throw conflict(im.noAbsence);
    const incident = await repo.lockIncident(tx, found.id);
    if (!incident || incident.status !== 'open' || incident.deadlineAt.getTime() < now.getTime())
      throw conflict(im.disputeClosed);
    await repo.updateIncident(tx, incident.id, {
      status: 'disputed',
      disputeNote: input.note,
      disputedAt: now,
    });
    await insertEvents(tx, [
      {
        reservationId: r.id,
        sessionId,
        actorUserId: actor.userId,
        action: 'tutor_absent_disputed',
        detail: {},
      },
    ]);
    const s = await sessionsRepo.listSessions(tx, r.id);
    return { r, s: s.find((x) => x.id === sessionId)!, incident };
  });
  await tell(deps, [
    { reservation: done.r, session: done.s, event: { kind: 'absence_disputed', note: input.note } },
  ]);
  return viewOrThrow(deps, done.incident.id);
}

type Settled = { told: Told[]; refundIds: string[]; tutorId: number };

/**
 * An absence that stands (undisputed at its deadline, or upheld by an admin): the earning reversed, the lesson
 * back as the family asked (a refund spread over the card payments, what cannot go back as credit), the session
 * cancelled. Runs under the reservation's, its payments' and its sessions' locks.
 */
async function upholdAbsence(
  tx: Tx,
  ctx: {
    r: sessionsRepo.ReservationRow;
    s: sessionsRepo.SessionRow;
    incident: repo.IncidentRow;
    payments: Awaited<ReturnType<typeof lockPaidPayments>>;
    actorUserId: string | null;
    note: string;
    now: Date;
  },
): Promise<Settled> {
  const { r, s, now } = ctx;
  await postEarningReversed(tx, {
    sessionId: s.id,
    memo: ledgerMemos.tutorAbsent,
    createdByUserId: ctx.actorUserId,
    now,
  });
  const value = await sessionPriceCents(tx, r, s.id);
  let outcome: 'credit' | 'refund' = await repo.absenceOutcome(tx, s.id);
  let refundCents = 0;
  const refundIds: string[] = [];
  if (outcome === 'refund') {
    let left = value;
    for (const p of ctx.payments) {
      const refundable = p.amountCents - p.refundedCents - (await paymentsRepo.pendingRefundCents(tx, p.id));
      const { refund } = splitRefund(left, refundable);
      if (refund <= 0) continue;
      const row = await insertPendingRefund(tx, {
        paymentId: p.id,
        amountCents: refund,
        currency: p.currency,
        idempotencyKey: `tibeb-absent-${s.id}-${p.id}`,
        sessionId: s.id,
        reason: ABSENT_REASON,
        createdByUserId: ctx.actorUserId,
      });
      if (row) refundIds.push(row.id);
      refundCents += refund;
      left -= refund;
    }
    if (refundCents === 0) outcome = 'credit';
  }
  const creditCents = value - refundCents;
  await creditSessionValue(tx, {
    reservation: r,
    sessionId: s.id,
    cents: creditCents,
    note: ABSENT_REASON,
    createdByUserId: ctx.actorUserId,
    now,
    key: `absent-credit:${s.id}`,
    memo: ledgerMemos.tutorAbsentCredit,
  });
  if (refundCents > 0)
    await postMoneyReturned(tx, {
      kind: 'session_cancelled_refund',
      key: `absent-refund:${s.id}`,
      reservationId: r.id,
      tutorId: r.tutorId,
      currency: r.currency,
      amountCents: refundCents,
      sessionId: s.id,
      memo: ledgerMemos.tutorAbsentRefund,
      createdByUserId: ctx.actorUserId,
      now,
    });
  await sessionsRepo.updateSessions(tx, [s.id], {
    status: 'cancelled',
    cancelledAt: now,
    cancelledByUserId: ctx.actorUserId,
    cancelReason: ABSENT_REASON,
    cancelOutcome: outcome,
  });
  await repo.updateIncident(tx, ctx.incident.id, {
    status: 'upheld',
    resolvedAt: now,
    resolvedByUserId: ctx.actorUserId,
    resolution: ctx.note,
  });
  await insertEvents(tx, [
    {
      reservationId: r.id,
      sessionId: s.id,
      actorUserId: ctx.actorUserId,
      action: 'tutor_absent_upheld',
      detail: {
        outcome,
        value_cents: value,
        credit_cents: creditCents,
        refund_cents: refundCents,
        previous: s.status,
      },
    },
  ]);
  await settleReservationStatus(tx, r, now, ABSENT_REASON);
  return {
    tutorId: r.tutorId,
    refundIds,
    told: [
      {
        reservation: r,
        session: s,
        event: {
          kind: 'absence_upheld',
          outcome: refundCents > 0 ? 'refund' : 'credit',
          amountCents: value,
          note: ctx.note,
        },
      },
    ],
  };
}

/** An interruption with no make-up by its deadline: the lesson's value is the family's credit; it stays interrupted. */
async function lapseInterruption(
  tx: Tx,
  ctx: { r: sessionsRepo.ReservationRow; s: sessionsRepo.SessionRow; incident: repo.IncidentRow; now: Date },
): Promise<Settled> {
  const { r, s, now } = ctx;
  const value = await sessionPriceCents(tx, r, s.id);
  await creditSessionValue(tx, {
    reservation: r,
    sessionId: s.id,
    cents: value,
    note: 'Interrupted lesson not made up.',
    now,
    key: `makeup-lapsed:${s.id}`,
    memo: ledgerMemos.makeupLapsedCredit,
  });
  await sessionsRepo.updateSessions(tx, [s.id], { cancelOutcome: 'credit' });
  await repo.updateIncident(tx, ctx.incident.id, {
    status: 'lapsed',
    resolvedAt: now,
    resolution: '',
  });
  await insertEvents(tx, [
    {
      reservationId: r.id,
      sessionId: s.id,
      action: 'makeup_lapsed',
      detail: { credit_cents: value },
    },
  ]);
  return {
    tutorId: r.tutorId,
    refundIds: [],
    told: [{ reservation: r, session: s, event: { kind: 'makeup_lapsed', amountCents: value } }],
  };
}

/** Locks what an incident's outcome changes, in the lifecycle's order, and runs it while it still waits. */
async function settleIncident(
  deps: LifecycleDeps,
  incidentId: string,
  step: (
    tx: Tx,
    ctx: {
      r: sessionsRepo.ReservationRow;
      s: sessionsRepo.SessionRow;
      incident: repo.IncidentRow;
      payments: Awaited<ReturnType<typeof lockPaidPayments>>;
    },
  ) => Promise<Settled | null>,
): Promise<Settled | null> {
  const found = await repo.findIncident(deps.db, incidentId);
  if (!found) throw notFound(msg.sessionNotFound);
  const ref = await sessionsRepo.findSessionRef(deps.db, found.sessionId);
  if (!ref) throw notFound(msg.sessionNotFound);
  const settled = await deps.db.transaction(async (tx) => {
    const r = await sessionsRepo.lockReservation(tx, ref.reservationId);
    if (!r) return null;
    const payments = await lockPaidPayments(tx, r.id);
    const all = await sessionsRepo.lockSessions(tx, r.id);
    const s = all.find((x) => x.id === found.sessionId);
    const incident = await repo.lockIncident(tx, incidentId);
    if (!s || !incident) return null;
    return step(tx, { r, s, incident, payments });
  });
  if (settled) {
    invalidateTutorBookings(settled.tutorId);
    await processRefunds(deps, settled.refundIds);
    await tell(deps, settled.told);
  }
  return settled;
}

/**
 * The lifecycle job's step (every minute): open incidents past their deadline. An interruption lapses (credit),
 * an absence the tutor did not dispute stands. Each in its own transaction; a row settled meanwhile is skipped.
 */
export async function settleDueIncidents(deps: LifecycleDeps, now = new Date()): Promise<number> {
  let settled = 0;
  for (const due of await repo.listDue(deps.db, now)) {
    const done = await settleIncident(deps, due.id, async (tx, ctx) => {
      const next = dueOutcome(ctx.incident.kind, ctx.incident.status);
      if (!next || ctx.incident.deadlineAt.getTime() > now.getTime()) return null;
      return next === 'lapsed'
        ? lapseInterruption(tx, { ...ctx, now })
        : upholdAbsence(tx, { ...ctx, actorUserId: null, note: '', now });
    }).catch((err: unknown) => {
      deps.log.error({ err, incidentId: due.id }, 'incident deadline not settled; retried next minute');
      return null;
    });
    if (done) settled += 1;
  }
  return settled;
}

/** POST /admin/incidents/:id/decision/: an admin upholds or dismisses a disputed absence. */
export async function decideIncident(
  deps: LifecycleDeps,
  actor: Actor,
  incidentId: string,
  body: IncidentDecisionBody,
  now = new Date(),
): Promise<IncidentView> {
  const input = incidentDecisionBodySchema.parse(body);
  await settleIncident(deps, incidentId, async (tx, ctx) => {
    if (ctx.incident.kind !== 'tutor_absent' || ctx.incident.status !== 'disputed')
      throw conflict(im.notDisputed);
    let settled: Settled;
    if (input.decision === 'uphold') {
      settled = await upholdAbsence(tx, { ...ctx, actorUserId: actor.userId, note: input.note, now });
    } else {
      await repo.updateIncident(tx, ctx.incident.id, {
        status: 'dismissed',
        resolvedAt: now,
        resolvedByUserId: actor.userId,
        resolution: input.note,
      });
      await insertEvents(tx, [
        {
          reservationId: ctx.r.id,
          sessionId: ctx.s.id,
          actorUserId: actor.userId,
          action: 'tutor_absent_dismissed',
          detail: {},
        },
      ]);
      settled = {
        tutorId: ctx.r.tutorId,
        refundIds: [],
        told: [
          { reservation: ctx.r, session: ctx.s, event: { kind: 'absence_dismissed', note: input.note } },
        ],
      };
    }
    await recordAudit(tx, {
      actorUserId: actor.userId,
      action: input.decision === 'uphold' ? 'session.absence_upheld' : 'session.absence_dismissed',
      entityType: 'reservation',
      entityId: ctx.r.id,
      before: { session: ctx.s.id, incident: ctx.incident.id, status: 'disputed' },
      after: {
        session: ctx.s.id,
        incident: ctx.incident.id,
        status: input.decision === 'uphold' ? 'upheld' : 'dismissed',
        ...(input.note ? { note: input.note } : {}),
      },
    });
    return settled;
  });
  return viewOrThrow(deps, incidentId);
}

/** GET /bookings/incidents/mine/: the lessons a family or a tutor may still report, and its reports. */
export async function myIncidents(deps: LifecycleDeps, actor: Actor, now = new Date()): Promise<MyIncidents> {
  let who: { familyUserId: string } | { tutorId: number };
  if (actor.role === 'tutor') {
    const tutor = await tutorOfUser(deps.db, actor.userId);
    if (!tutor) return { reportable: [], incidents: [] };
    who = { tutorId: tutor.id };
  } else {
    who = { familyUserId: actor.userId };
  }
  const [sessions, incidents] = await Promise.all([
    repo.reportableSessions(deps.db, who, now),
    repo.viewsFor(deps.db, who, now),
  ]);
  return {
    reportable: sessions.map((s) => ({
      id: s.id,
      reservation_id: s.reservationId,
      starts_at: s.startsAt.toISOString(),
      ends_at: s.endsAt.toISOString(),
      status: s.status,
      tutor_id: s.tutorId,
      tutor_name: s.tutorName,
      student_name: s.studentName,
      subject: s.subject,
      duration_minutes: s.durationMinutes,
      time_zone: s.timeZone,
    })),
    incidents,
  };
}

/** GET /admin/incidents/?month=YYYY-MM: per tutor and month (EAT) the counts, and the month's incidents. */
export async function incidentReport(
  deps: LifecycleDeps,
  month: string | undefined,
  now = new Date(),
): Promise<IncidentReport> {
  const m = month ?? instantToWallClock(now, 'Africa/Addis_Ababa').date.slice(0, 7);
  const [y, mo] = m.split('-').map(Number) as [number, number];
  const next = mo === 12 ? `${y + 1}-01` : `${y}-${String(mo + 1).padStart(2, '0')}`;
  const from = zonedTimeToInstant(`${m}-01`, '00:00', 'Africa/Addis_Ababa');
  const to = zonedTimeToInstant(`${next}-01`, '00:00', 'Africa/Addis_Ababa');
  const [counts, incidents] = await Promise.all([
    repo.countsOfMonth(deps.db, from, to),
    repo.viewsOfMonth(deps.db, from, to),
  ]);
  return {
    month: m,
    tutors: counts.map((c) => ({
      tutor_id: c.tutorId,
      tutor_name: c.tutorName,
      interruptions: c.interruptions,
      absences: c.absences,
      disputed: c.disputed,
    })),
    incidents,
  };
}
