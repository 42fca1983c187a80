import {
  mayReschedule,
  sessionsInScope,
  type RescheduleSessionBody,
  type ReschedulePreview,
  rescheduleSessionBodySchema,
} from '@tibeb/domain/bookings/lifecycle';
import { lifecycleMessages as msg } from '@tibeb/domain/bookings/lifecycle-messages';
import { bookingMessages } from '@tibeb/domain/bookings/messages';
import type { ReservationSummary } from '@tibeb/domain/bookings/payload';
import { otherWeekdays, paidWeeks, planSeriesMove } from '@tibeb/domain/bookings/series-move';
import { slotsInWindows, weekdayOf } from '@tibeb/domain/bookings/slots';
import { instantToWallClock, zonedTimeToInstant } from '@tibeb/domain/bookings/time';
import { AppError, badRequest, conflict, notFound } from '../../../platform/http/app-error.ts';
import { sqlState, SqlState } from '../../../platform/db/errors.ts';
import { recordAudit } from '../../audit/index.ts';
import { bookingPolicy } from '../../content/index.ts';
import { daysOffOf } from '../../catalog/index.ts';
import { familyRecipient } from '../../accounts/index.ts';
import { invalidateTutorBookings } from '../availability/booked.cache.ts';
import * as bookingRepo from '../reservations/reservations.repository.ts';
import { insertEvents } from './booking-events.repository.ts';
import * as moveRequests from './move-requests.repository.ts';
import { rescheduleEmails } from './lifecycle.emails.ts';
import { familyOrAdmin, sendAll, type Actor, type LifecycleDeps } from './lifecycle-deps.service.ts';
import * as repo from './sessions.repository.ts';
import type { Tx } from '../../../platform/db/client.ts';
import type { TutorSideOptions } from './cancel.service.ts';
import { reservationSummary } from './summary.service.ts';

/**
 * Moves a scheduled session, or it and every later one ('series': each weekday of the plan keeps its own
 * day, decision 250, `planSeriesMove`), to a new date and time in the tutor's zone, inside the paid weeks: the slot must be one of the tutor's weekly times, start after the lead time, and be free
 * (the tutor's lock decides; the exclusion constraint is the backstop). Families only outside the notice.
 */
export async function rescheduleSession(
  deps: LifecycleDeps,
  actor: Actor,
  sessionId: string,
  body: RescheduleSessionBody,
  now = new Date(),
): Promise<ReservationSummary> {
  return moveSessions(deps, actor, sessionId, body, now, false);
}

/**
 * The series move's dry run (decision 250): every session that would move, from → to, with the move's own
 * checks (paid weeks, tutor's times, days off, lead time, notice, overlaps); nothing is written or sent.
 */
export async function previewReschedule(
  deps: LifecycleDeps,
  actor: Actor,
  sessionId: string,
  body: RescheduleSessionBody,
  now = new Date(),
): Promise<ReschedulePreview> {
  return moveSessions(deps, actor, sessionId, body, now, true);
}

/**
 * The tutor's side of a move (decision 260, tutor-changes.service.ts and move-requests.service.ts, which check
 * the lesson is the tutor's or the request the family's first): `asTutor` the move is the tutor's; `ignoreNotice`
 * the notice window was settled by the family's consent (a move request); `explicit` each session's agreed new
 * start instead of a date and time; `inTx` runs in the move's transaction (the request's own status); `mails`
 * the tutor-change e-mails.
 */
export type MoveOptions = TutorSideOptions<RescheduleMailContext> & {
  by?: 'family' | 'tutor';
  ignoreNotice?: boolean;
  explicit?: { sessionId: string; startsAt: Date }[];
  inTx?: (tx: Tx, r: repo.ReservationRow) => Promise<void>;
};
export type RescheduleMailContext = {
  reservation: repo.ReservationRow;
  moves: { from: { startsAt: Date; endsAt: Date }; to: { startsAt: Date; endsAt: Date } }[];
  tutor: { fullName: string; email: string | null; locale: string | null } | null;
  family: Awaited<ReturnType<typeof familyRecipient>>;
};

/** The move itself (`preview` false: written, told) or its dry run (`preview` true: the moves it would make). */
export async function moveSessions(
  ...args: [LifecycleDeps, Actor, string, RescheduleSessionBody, Date, false, MoveOptions?]
): Promise<ReservationSummary>;
export async function moveSessions(
  ...args: [LifecycleDeps, Actor, string, RescheduleSessionBody, Date, true, MoveOptions?]
): Promise<ReschedulePreview>;
export async function moveSessions(
  deps: LifecycleDeps,
  actor: Actor,
  sessionId: string,
  body: RescheduleSessionBody,
  now: Date,
  preview: boolean,
  options: MoveOptions = {},
): Promise<ReservationSummary | ReschedulePreview> {
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
      const by = options.by ?? (options.asTutor ? 'tutor' : familyOrAdmin(actor, r));
      const all = await repo.lockSessions(tx, r.id);
      const chosen = all.find((s) => s.id === sessionId);
      if (!chosen) throw notFound(msg.sessionNotFound);
      if (chosen.status !== 'scheduled') throw conflict(msg.notMovable(chosen.status));

      const scheduled = all.filter((s) => s.status === 'scheduled');
      const targets = sessionsInScope(scheduled, chosen, input.scope);
      const planned = options.explicit
        ? options.explicit.map((e) => {
            const s = all.find((x) => x.id === e.sessionId && x.status === 'scheduled');
            if (!s) throw conflict(msg.notMovable(all.find((x) => x.id === e.sessionId)?.status ?? 'gone'));
            return { s, ...instantToWallClock(e.startsAt, r.timeZone), startsAt: e.startsAt };
          })
        : input.scope === 'one'
          ? [
              {
                s: chosen,
                date: input.date,
                time: input.time,
                startsAt: zonedTimeToInstant(input.date, input.time, r.timeZone),
              },
            ]
          : planSeriesMove({
              targets,
              chosen,
              date: input.date,
              time: input.time,
              others: input.others,
              timeZone: r.timeZone,
              weeks: paidWeeks(all, r.timeZone),
            });
      if (!planned) throw badRequest(msg.outsidePaidWeeks, { date: [msg.outsidePaidWeeks] });
      const moves = planned.map((m) => ({
        ...m,
        endsAt: new Date(m.startsAt.getTime() + r.durationMinutes * 60_000),
      }));
      // Already where this asks (the same request again: a double tap, a retry after a lost answer): the first
      // one's answer, with no second event or e-mail (decision 248).
      if (moves.every((m) => m.startsAt.getTime() === m.s.startsAt.getTime())) return { r, moves: [] };
      if (moves.some((m) => !slotsInWindows(windows[weekdayOf(m.date)], r.durationMinutes).includes(m.time)))
        throw badRequest(msg.notInWindows, { time: [msg.notInWindows] });
      if (
        !options.ignoreNotice &&
        !mayReschedule({
          startsAt: chosen.startsAt,
          now,
          noticeHours: policy.cancellation_notice_hours,
          actor: by,
        })
      )
        throw conflict(msg.insideNotice(policy.cancellation_notice_hours), 'inside_notice');
      const dates = moves.map((m) => m.date).sort();
      const off = (await daysOffOf(tx, [r.tutorId], dates[0]!, dates.at(-1)!)).get(r.tutorId);
      if (off && dates.some(off)) throw badRequest(msg.tutorAway, { date: [msg.tutorAway] });
      const earliest = now.getTime() + policy.lead_time_hours * 3_600_000;
      if (moves.some((m) => m.startsAt.getTime() < earliest))
        throw badRequest(msg.tooSoon(policy.lead_time_hours), {
          date: [msg.tooSoon(policy.lead_time_hours)],
        });
      const ids = moves.map((m) => m.s.id);
      for (const m of moves) {
        const clash = await repo.findOverlapping(tx, r.tutorId, m.startsAt, m.endsAt, ids, now);
        if (clash.length > 0) throw conflict(bookingMessages.slotTaken, 'slot_taken');
      }
      // Two moved sessions on top of each other (a weekday moved onto another one's time).
      const byStart = [...moves].sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime());
      if (byStart.some((m, i) => i > 0 && m.startsAt.getTime() < byStart[i - 1]!.endsAt.getTime()))
        throw conflict(bookingMessages.slotTaken, 'slot_taken');
      if (preview)
        return {
          r,
          moves,
          preview: true as const,
          others: input.scope === 'one' ? [] : otherWeekdays(targets, chosen, r.timeZone),
        };
      for (const m of moves) {
        if ((await repo.tryMoveSession(tx, m.s.id, m.startsAt, m.endsAt, m.s.startsAt)) === 'clash')
          throw conflict(bookingMessages.slotTaken, 'slot_taken');
      }
      await insertEvents(
        tx,
        moves.map((m) => ({
          reservationId: r.id,
          sessionId: m.s.id,
          actorUserId: actor.userId,
          action: 'session_rescheduled',
          detail: {
            by,
            scope: input.scope,
            from: m.s.startsAt.toISOString(),
            to: m.startsAt.toISOString(),
            ...(input.reason ? { reason: input.reason } : {}),
          },
        })),
      );
      if (options.inTx) await options.inTx(tx, r);
      // A move the tutor asked of the family for a lesson moved now another way (the family's own, the admin's) is
      // over; a request being accepted has set its own status in `inTx` first.
      await moveRequests.closeForSessions(
        tx,
        moves.map((m) => m.s.id),
        now,
      );
      if (by === 'admin') {
        await recordAudit(tx, {
          actorUserId: actor.userId,
          action: 'reservation.reschedule_sessions',
          entityType: 'reservation',
          entityId: r.id,
          before: { sessions: moves.map((m) => ({ id: m.s.id, starts_at: m.s.startsAt.toISOString() })) },
          after: {
            sessions: moves.map((m) => ({ id: m.s.id, starts_at: m.startsAt.toISOString() })),
            ...(input.reason ? { reason: input.reason } : {}),
          },
        });
      }
      return { r, moves };
    })
    .catch((err: unknown) => {
      if (!(err instanceof AppError) && sqlState(err) === SqlState.exclusionViolation)
        throw conflict(bookingMessages.slotTaken, 'slot_taken');
      throw err;
    });

  if (preview)
    // Nothing to move (already where it asks) previews as no moves.
    return 'preview' in result
      ? {
          moves: result.moves.map((m) => ({
            session_id: m.s.id,
            from: m.s.startsAt.toISOString(),
            to: m.startsAt.toISOString(),
          })),
          others: result.others ?? [],
        }
      : { moves: [], others: [] };
  if (result.moves.length === 0) return reservationSummary(deps.db, result.r.id, { now });
  invalidateTutorBookings(result.r.tutorId);
  const tutor = await repo.findTutorContact(deps.db, result.r.tutorId);
  if (options.mails) {
    await sendAll(
      deps,
      options.mails({
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
      publicUrl: deps.publicUrl,
      reason: input.reason ?? '',
    }),
  );
  return reservationSummary(deps.db, result.r.id, { now });
}
