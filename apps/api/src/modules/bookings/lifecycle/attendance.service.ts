import { type AttendanceBody, attendanceBodySchema } from '@tibeb/domain/bookings/lifecycle';
import { lifecycleMessages as msg } from '@tibeb/domain/bookings/lifecycle-messages';
import type { ReservationSummary } from '@tibeb/domain/bookings/payload';
import { bookedSessionStatuses, statusIn } from '@tibeb/domain/bookings/statuses';
import { conflict, forbidden, notFound } from '../../../platform/http/app-error.ts';
import { recordAudit } from '../../audit/index.ts';
import { insertEvents } from './booking-events.repository.ts';
import { completeFinishedReservations } from './completion.repository.ts';
import { isAdmin, type Actor, type LifecycleDeps } from './lifecycle-deps.service.ts';
import * as repo from './sessions.repository.ts';
import { postSessionEarned } from '../ledger/postings.service.ts';
import { reservationSummary } from './summary.service.ts';

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
    if (!statusIn(bookedSessionStatuses, s.status)) throw conflict(msg.notMarkable(s.status));
    if (s.startsAt.getTime() > now.getTime()) throw conflict(msg.notStartedYet);
    const status = input.status === 'attended' ? 'completed' : 'no_show';
    await repo.updateSessions(tx, [s.id], { status, markedAt: now, markedByUserId: actor.userId });
    // Attended or a family no-show: the lesson was held for the family, and its tutor earns it (decision 226).
    await postSessionEarned(tx, s.id, now);
    if (input.note) {
      await repo.insertProgressNote(tx, {
        tutorId: r.tutorId,
        studentUserId: r.familyUserId,
        reservationId: r.id,
        sessionId: s.id,
        note: input.note,
      });
    }
    await insertEvents(tx, [
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
    await completeFinishedReservations(tx, [r.id]);
    return r.id;
  });
  return reservationSummary(deps.db, reservationId, { now });
}
