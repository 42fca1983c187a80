import { instantToWallClock } from '@tibeb/domain/bookings/time';
import {
  moveRequestExpired,
  tutorChangeMessages as m,
  type MoveRequest,
} from '@tibeb/domain/bookings/tutor-changes';
import type { DbOrTx } from '../../../platform/db/client.ts';
import { AppError, conflict, notFound } from '../../../platform/http/app-error.ts';
import { familyRecipient } from '../../accounts/index.ts';
import { invalidateTutorBookings } from '../availability/booked.cache.ts';
import { sendAll, type Actor, type LifecycleDeps } from './lifecycle-deps.service.ts';
import { moveSessions } from './reschedule.service.ts';
import * as repo from './move-requests.repository.ts';
import * as sessionsRepo from './sessions.repository.ts';
import { moveAnsweredEmails, type MoveAnswer } from './tutor-changes.emails.ts';

/**
 * A tutor's move inside the notice window is a request (decision 260): the family accepts it (the lesson moves
 * through the lifecycle's `moveSessions` if the time is still free, else 409) or declines it (the lesson stays);
 * the tutor may withdraw it; it expires when its first lesson starts (on every read, and by the lifecycle job).
 */

type Who = { familyUserId: string } | { tutorId: number };

/** The pending requests (batches) of a family or a tutor, as the cards show them; `batchId` narrows to one. */
export async function requestView(db: DbOrTx, who: Who, batchId?: string): Promise<MoveRequest[]> {
  const rows = await repo.listPending(db, who);
  const out = new Map<string, MoveRequest>();
  for (const row of rows) {
    const id = row.request.batchId ?? row.request.id;
    if (batchId && id !== batchId) continue;
    const view = out.get(id) ?? {
      id,
      status: row.request.status,
      reason: row.request.reason,
      tutor_name: row.tutorName,
      student_name: row.student,
      subject: row.subject,
      time_zone: row.timeZone,
      family_time_zone: row.familyTimeZone ?? '',
      created_at: row.request.createdAt.toISOString(),
      lessons: [],
    };
    view.lessons.push({
      session_id: row.request.sessionId,
      from: row.sessionStartsAt.toISOString(),
      to: row.request.startsAt.toISOString(),
    });
    out.set(id, view);
  }
  return [...out.values()];
}

/**
 * Pending batches whose first lesson has started are expired (idempotent; the job and every read call it), and both
 * sides are told the lessons stay: the update answers each batch to one caller only, so each is told once.
 */
export async function expireMoveRequests(deps: LifecycleDeps, now = new Date()) {
  const batches = await repo.expireStarted(deps.db, now);
  for (const batchId of batches) {
    const rows = await repo.batchRows(deps.db, batchId);
    const reservation = rows[0] ? await repo.findReservation(deps.db, rows[0].reservationId) : null;
    if (!reservation) continue;
    const from = rows.map((x) => ({ startsAt: x.sessionStartsAt, endsAt: x.sessionEndsAt }));
    await tellBoth(deps, reservation, rows, 'expired', from);
  }
  return batches.length;
}

export async function familyMoveRequests(deps: LifecycleDeps, actor: Actor, now = new Date()) {
  await expireMoveRequests(deps, now);
  return requestView(deps.db, { familyUserId: actor.userId });
}

export async function tutorMoveRequests(deps: LifecycleDeps, actor: Actor, now = new Date()) {
  await expireMoveRequests(deps, now);
  const tutor = await repo.tutorOfUser(deps.db, actor.userId);
  if (!tutor) return [];
  return requestView(deps.db, { tutorId: tutor.id });
}

/** The batch, checked: it exists, is the actor's (family or tutor), is pending and has not expired. */
async function openBatch(
  deps: LifecycleDeps,
  actor: Actor,
  batchId: string,
  side: 'family' | 'tutor',
  now: Date,
) {
  const rows = await repo.batchRows(deps.db, batchId);
  const first = rows[0];
  if (!first) throw notFound(m.requestNotFound);
  const reservation = await repo.findReservation(deps.db, first.reservationId);
  if (!reservation) throw notFound(m.requestNotFound);
  if (side === 'family' && (actor.role !== 'student' || reservation.familyUserId !== actor.userId))
    throw notFound(m.requestNotFound);
  if (side === 'tutor') {
    const tutor = await sessionsRepo.findTutorContact(deps.db, first.tutorId);
    if (actor.role !== 'tutor' || tutor?.userId !== actor.userId) throw notFound(m.requestNotFound);
  }
  const status = first.request.status;
  if (status === 'pending' && moveRequestExpired(first.sessionStartsAt, now)) {
    await expireMoveRequests(deps, now);
    throw conflict(m.requestExpired);
  }
  if (status !== 'pending') throw conflict(m.requestClosed(status));
  return { rows, reservation };
}

async function tellBoth(
  deps: LifecycleDeps,
  reservation: sessionsRepo.ReservationRow,
  rows: Awaited<ReturnType<typeof repo.batchRows>>,
  answer: MoveAnswer,
  from: { startsAt: Date; endsAt: Date }[],
) {
  const tutor = await sessionsRepo.findTutorContact(deps.db, reservation.tutorId);
  await sendAll(
    deps,
    moveAnsweredEmails({
      reservation,
      tutor,
      family: await familyRecipient(deps.db, reservation),
      publicUrl: deps.publicUrl,
      reason: rows[0]?.request.reason ?? '',
      answer,
      moves: rows.map((x, i) => ({
        from: from[i]!,
        to: { startsAt: x.request.startsAt, endsAt: x.request.endsAt },
      })),
    }),
  );
}

/**
 * The family accepts: every lesson of the batch moves to its asked time in one transaction (the lifecycle's
 * checks, the notice settled by this consent); a time taken meanwhile answers 409 and nothing moves.
 */
export async function acceptMoveRequest(
  deps: LifecycleDeps,
  actor: Actor,
  batchId: string,
  now = new Date(),
) {
  const { rows, reservation } = await openBatch(deps, actor, batchId, 'family', now);
  const first = rows[0]!;
  const wall = instantToWallClock(first.request.startsAt, reservation.timeZone);
  const from = rows.map((x) => ({ startsAt: x.sessionStartsAt, endsAt: x.sessionEndsAt }));
  try {
    const summary = await moveSessions(
      deps,
      actor,
      first.request.sessionId,
      { date: wall.date, time: wall.time, scope: 'one' },
      now,
      false,
      {
        by: 'family',
        ignoreNotice: true,
        explicit: rows.map((x) => ({ sessionId: x.request.sessionId, startsAt: x.request.startsAt })),
        inTx: async (tx) => {
          const locked = await repo.batchRows(tx, batchId, true);
          if (locked.some((x) => x.request.status !== 'pending'))
            throw conflict(
              m.requestClosed(locked.find((x) => x.request.status !== 'pending')!.request.status),
            );
          await repo.setBatchStatus(tx, batchId, 'accepted', now);
        },
        mails: () => [],
      },
    );
    // Already there (nothing moved): the request is still answered.
    await repo.setBatchStatus(deps.db, batchId, 'accepted', now);
    invalidateTutorBookings(reservation.tutorId);
    await tellBoth(deps, reservation, rows, 'accepted', from);
    return summary;
  } catch (err) {
    if (err instanceof AppError && err.code === 'slot_taken') throw conflict(m.timeGone);
    if (err instanceof AppError && err.statusCode === 400) throw conflict(m.timeGone);
    throw err;
  }
}

/** The family declines: the lessons stay; both sides are told. */
export async function declineMoveRequest(
  deps: LifecycleDeps,
  actor: Actor,
  batchId: string,
  now = new Date(),
) {
  return closeBatch(deps, actor, batchId, 'family', 'declined', now);
}

/** The tutor withdraws its request: the lessons stay; both sides are told. */
export async function withdrawMoveRequest(
  deps: LifecycleDeps,
  actor: Actor,
  batchId: string,
  now = new Date(),
) {
  return closeBatch(deps, actor, batchId, 'tutor', 'withdrawn', now);
}

async function closeBatch(
  deps: LifecycleDeps,
  actor: Actor,
  batchId: string,
  side: 'family' | 'tutor',
  answer: 'declined' | 'withdrawn',
  now: Date,
) {
  const { rows, reservation } = await openBatch(deps, actor, batchId, side, now);
  const closed = await repo.setBatchStatus(deps.db, batchId, answer, now);
  if (closed.length === 0) throw conflict(m.requestClosed('closed'));
  await tellBoth(
    deps,
    reservation,
    rows,
    answer,
    rows.map((x) => ({ startsAt: x.sessionStartsAt, endsAt: x.sessionEndsAt })),
  );
  return { id: batchId, status: answer };
}
