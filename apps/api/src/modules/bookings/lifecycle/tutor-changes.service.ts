import { randomUUID } from 'node:crypto';
import { zonedTimeToInstant } from '@tibeb/domain/bookings/time';
import { addDays } from '@tibeb/domain/sessions/tutor-area';
import {
  askOfficeBodySchema,
  sickDayBodySchema,
  tutorCancelBodySchema,
  tutorChangeMessages as m,
  tutorMoveBodySchema,
  tutorMoveNeedsConsent,
  type AskOfficeBody,
  type SickDayBody,
  type TutorCancelBody,
  type TutorMoveBody,
  type TutorMoveResult,
} from '@tibeb/domain/bookings/tutor-changes';
import { lifecycleMessages } from '@tibeb/domain/bookings/lifecycle-messages';
import { AppError, conflict, forbidden, notFound } from '../../../platform/http/app-error.ts';
import { bookingPolicy } from '../../content/index.ts';
import { familyRecipient } from '../../accounts/index.ts';
import { cancelSession } from './cancel.service.ts';
import { sendAll, type Actor, type LifecycleDeps } from './lifecycle-deps.service.ts';
import { moveSessions } from './reschedule.service.ts';
import * as repo from './move-requests.repository.ts';
import * as sessionsRepo from './sessions.repository.ts';
import { requestView } from './move-requests.service.ts';
import {
  askOfficeEmails,
  moveRequestEmails,
  tutorCancelEmails,
  tutorMovedEmails,
} from './tutor-changes.emails.ts';

/**
 * The tutor's side of changes (issue 31 item 6, decision 260), through the one lifecycle: cancel and move reuse
 * `cancelSession` and `moveSessions` as the tutor (the value always goes back as credit; inside the notice window
 * a move is a request the family answers, move-requests.service.ts); a sick day cancels the day's lessons;
 * "ask the office" is a contact message to the admins.
 */

/** The lesson, when it is this tutor's; else 404 (unknown) or 403 (another tutor's). */
async function ownLesson(deps: LifecycleDeps, actor: Actor, sessionId: string) {
  const ref = await sessionsRepo.findSessionRef(deps.db, sessionId);
  if (!ref) throw notFound(lifecycleMessages.sessionNotFound);
  const tutor = await sessionsRepo.findTutorContact(deps.db, ref.tutorId);
  if (actor.role !== 'tutor' || !tutor || tutor.userId !== actor.userId) throw forbidden(m.notYourLesson);
  return { ref, tutor };
}

export async function tutorCancel(
  deps: LifecycleDeps,
  actor: Actor,
  sessionId: string,
  body: TutorCancelBody,
  now = new Date(),
  opts: { sick?: boolean } = {},
) {
  const input = tutorCancelBodySchema.parse(body);
  await ownLesson(deps, actor, sessionId);
  const summary = await cancelSession(
    deps,
    actor,
    sessionId,
    { scope: input.scope, outcome: 'credit', reason: input.reason },
    now,
    {
      asTutor: true,
      mails: (ctx) =>
        tutorCancelEmails({
          ...ctx,
          publicUrl: deps.publicUrl,
          reason: input.reason,
          sick: opts.sick,
        }),
    },
  );
  return summary;
}

/**
 * Outside the notice window the move is made (the lifecycle's checks: the tutor's times, days off, lead time,
 * paid weeks, free) and both sides are told with the reason; inside it the same checks run as a dry run and the
 * family is asked (a batch of `session_move_requests`, one per lesson).
 */
export async function tutorMove(
  deps: LifecycleDeps,
  actor: Actor,
  sessionId: string,
  body: TutorMoveBody,
  now = new Date(),
): Promise<TutorMoveResult> {
  const input = tutorMoveBodySchema.parse(body);
  const { ref } = await ownLesson(deps, actor, sessionId);
  const policy = await bookingPolicy(deps.db);
  const [chosen] = (await sessionsRepo.listSessions(deps.db, ref.reservationId)).filter(
    (s) => s.id === sessionId,
  );
  if (!chosen) throw notFound(lifecycleMessages.sessionNotFound);
  if ((await repo.pendingForSessions(deps.db, [sessionId])).length > 0) throw conflict(m.alreadyAsked);
  const move = { date: input.date, time: input.time, scope: input.scope, others: input.others };

  if (!tutorMoveNeedsConsent(chosen.startsAt, now, policy.cancellation_notice_hours)) {
    await moveSessions(deps, actor, sessionId, move, now, false, {
      asTutor: true,
      mails: (ctx) => tutorMovedEmails({ ...ctx, publicUrl: deps.publicUrl, reason: input.reason }),
    });
    return { outcome: 'moved', request: null };
  }

  const preview = await moveSessions(deps, actor, sessionId, move, now, true, {
    asTutor: true,
    ignoreNotice: true,
  });
  if (preview.moves.length === 0) return { outcome: 'moved', request: null };
  const ids = preview.moves.map((p) => p.session_id);
  const batchId = randomUUID();
  const reservation = await deps.db.transaction(async (tx) => {
    const r = await sessionsRepo.lockReservation(tx, ref.reservationId);
    if (!r) throw notFound(lifecycleMessages.sessionNotFound);
    const all = await sessionsRepo.lockSessions(tx, r.id);
    if ((await repo.pendingForSessions(tx, ids)).length > 0) throw conflict(m.alreadyAsked);
    await repo.insertRequests(
      tx,
      preview.moves.map((p) => {
        const s = all.find((x) => x.id === p.session_id)!;
        const startsAt = new Date(p.to);
        return {
          sessionId: p.session_id,
          batchId,
          startsAt,
          endsAt: new Date(startsAt.getTime() + (s.endsAt.getTime() - s.startsAt.getTime())),
          reason: input.reason,
          by: actor.userId,
        };
      }),
    );
    return r;
  });
  const rows = await repo.batchRows(deps.db, batchId);
  const tutor = await sessionsRepo.findTutorContact(deps.db, ref.tutorId);
  await sendAll(
    deps,
    moveRequestEmails({
      reservation,
      tutor,
      family: await familyRecipient(deps.db, reservation),
      publicUrl: deps.publicUrl,
      reason: input.reason,
      moves: rows.map((x) => ({
        from: { startsAt: x.sessionStartsAt, endsAt: x.sessionEndsAt },
        to: { startsAt: x.request.startsAt, endsAt: x.request.endsAt },
      })),
    }),
  );
  const [view] = await requestView(deps.db, { tutorId: ref.tutorId }, batchId);
  return { outcome: 'asked', request: view ?? null };
}

/**
 * A sick day (decision 260): every lesson of that day (the tutor's zone) not yet started is cancelled from the
 * tutor's side, its value credited to the family, each family e-mailed with the reason. To offer a family another
 * time instead, the tutor moves that lesson first (inside the notice window: a request the family answers).
 */
export async function reportSickDay(deps: LifecycleDeps, actor: Actor, body: SickDayBody, now = new Date()) {
  const input = sickDayBodySchema.parse(body);
  const tutor = actor.role === 'tutor' ? await repo.tutorOfUser(deps.db, actor.userId) : null;
  if (!tutor) throw forbidden(m.notYourLesson);
  const zone = tutor.timeZone || 'Africa/Addis_Ababa';
  const from = zonedTimeToInstant(input.date, '00:00', zone);
  const to = zonedTimeToInstant(addDays(input.date, 1), '00:00', zone);
  const lessons = await repo.scheduledBetween(deps.db, tutor.id, from, to, now);
  let cancelled = 0;
  for (const lesson of lessons) {
    await tutorCancel(deps, actor, lesson.id, { scope: 'one', reason: input.reason }, now, { sick: true });
    cancelled += 1;
  }
  return { cancelled };
}

const OFFICE_PER_HOUR = 5;

/** "Ask the office": stored as a contact message (Admin → Contacts), e-mailed to the admins; 5 an hour at most. */
export async function askOffice(deps: LifecycleDeps, actor: Actor, body: AskOfficeBody, now = new Date()) {
  const input = askOfficeBodySchema.parse(body);
  const tutor = actor.role === 'tutor' ? await repo.tutorOfUser(deps.db, actor.userId) : null;
  if (!tutor) throw forbidden(m.notYourLesson);
  const lessons = await repo.lessonsOf(deps.db, tutor.id, input.session_ids);
  if (lessons.length !== new Set(input.session_ids).size) throw forbidden(m.notYourLesson);
  if (
    (await repo.officeMessagesSince(deps.db, tutor.email, new Date(now.getTime() - 3_600_000))) >=
    OFFICE_PER_HOUR
  )
    throw new AppError(429, m.officeBusy);
  const lines = lessons.map((l) => `- ${l.startsAt.toISOString()} (${l.student})`).join('\n');
  const row = await repo.insertOfficeMessage(deps.db, {
    name: `Tutor: ${tutor.fullName}`,
    email: tutor.email,
    message: lines ? `${input.message}\n\n${lines}` : input.message,
  });
  await sendAll(
    deps,
    askOfficeEmails({
      admins: await repo.adminRecipients(deps.db),
      tutor: { fullName: tutor.fullName, email: tutor.email },
      message: input.message,
      lessons,
      publicUrl: deps.publicUrl,
    }),
  );
  return { id: row.id };
}
