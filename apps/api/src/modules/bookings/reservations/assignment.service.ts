import { reservationApiMessages as apiMessages } from '@tibeb/domain/bookings/api-messages';
import { bookingMessages } from '@tibeb/domain/bookings/messages';
import type { ReservationRequest } from '@tibeb/domain/bookings/payload';
import { currencyMessages, hourlyRateIn } from '@tibeb/domain/payments/currency';
import type { Db } from '../../../platform/db/client.ts';
import { badRequest, conflict, notFound } from '../../../platform/http/app-error.ts';
import { daysOffOf } from '../../catalog/index.ts';
import { weeklyBookableMinutes } from './hold-limits.service.ts';
import {
  overlaps,
  planFor,
  windowProblem,
  type BookingOptions,
  type PlannedSession,
} from './planning.service.ts';
import * as repo from './reservations.repository.ts';

/** Which tutor a booking goes to, and at what rate: the one the family chose, or one assigned by subject. */

export type Assignment = {
  tutor: repo.BookableTutor;
  rateCents: number;
  /** The birr rate (santim per hour): the chosen tutor's own, else the subject's; null: birr is not offered. */
  etbRateCents: number | null;
  subjectName: string;
  subjectId: number | null;
  /** The tutor's bookable minutes a week (the share of its time unpaid holds may keep is taken of it). */
  weeklyMinutes: number;
};

/**
 * The hourly rate in the family's currency (decision 170): dollars from the tutor's (or subject's) rate, birr
 * from the tutor's birr rate when it has one (issue 27), else the subject's ETB rate. Birr without Chapa, or with
 * no birr rate at all, is refused (400).
 */
export function rateFor(input: ReservationRequest, assignment: Assignment, opts: BookingOptions): number {
  const currency = input.currency ?? 'USD';
  if (!(opts.currencies ?? ['USD']).includes(currency)) {
    throw badRequest(currencyMessages.etbUnavailable, { currency: [currencyMessages.etbUnavailable] });
  }
  const rate = hourlyRateIn(currency, { usdCents: assignment.rateCents, etbCents: assignment.etbRateCents });
  if (rate === null) {
    throw badRequest(currencyMessages.etbNotOffered, { currency: [currencyMessages.etbNotOffered] });
  }
  return rate;
}

/** The tutor the family chose: bookable, and every chosen (day, time) one of its weekly times. */
export async function chosenTutor(db: Db, input: ReservationRequest, tutorId: number): Promise<Assignment> {
  const tutor = await repo.findBookableTutor(db, tutorId);
  if (!tutor) throw notFound(apiMessages.tutorNotFound);
  const windows = (await repo.findWindows(db, [tutor.id])).get(tutor.id) ?? repo.emptyWeek();
  const problem = windowProblem(windows, input);
  if (problem)
    throw badRequest(problem, {
      [problem === bookingMessages.timeAlreadyReserved ? 'time' : 'days_times']: [problem],
    });
  return {
    tutor,
    rateCents: tutor.hourlyRateCents,
    etbRateCents: await repo.findTutorEtbRate(db, tutor),
    subjectName: input.subject || tutor.subject,
    subjectId: tutor.subjectId,
    weeklyMinutes: weeklyBookableMinutes(windows),
  };
}

/**
 * Book by subject (DESIGN §1.6): among the subject's tutors whose weekly windows hold every chosen (day, time),
 * in order (best rated, then least booked), the first free for every planned session; failing that, the first
 * free for the first session (its other clashing sessions are skipped). Read without locks: the booking then
 * re-checks the chosen tutor under the tutor's lock.
 */
export async function assignTutor(
  db: Db,
  input: ReservationRequest,
  now: Date,
  exclude: Set<number>,
  weeks: number,
): Promise<Assignment> {
  const found = await repo.findActiveSubject(db, input.subject);
  if (!found) throw notFound(apiMessages.subjectNotFound);
  const candidates = (await repo.findSubjectTutors(db, found.id, now)).filter((t) => !exclude.has(t.id));
  const windows = await repo.findWindows(
    db,
    candidates.map((t) => t.id),
  );
  let fallback: repo.BookableTutor | null = null;
  let anyFits = false;
  for (const tutor of candidates) {
    if (windowProblem(windows.get(tutor.id) ?? repo.emptyWeek(), input) !== null) continue;
    anyFits = true;
    const plan = planFor(input, tutor.timeZone, weeks);
    const ranges = await repo.findActiveRanges(db, tutor.id, plan[0]!.startsAt, plan.at(-1)!.endsAt, now);
    // A tutor away on a planned date is busy then, as with a clash; away on the first one, not a candidate.
    const off =
      (await daysOffOf(db, [tutor.id], plan[0]!.date, plan.at(-1)!.date)).get(tutor.id) ?? (() => false);
    const busy = (s: PlannedSession) => off(s.date) || overlaps(s, ranges);
    if (plan.every((s) => !busy(s))) {
      fallback = tutor;
      break;
    }
    if (!fallback && !busy(plan[0]!)) fallback = tutor;
  }
  if (!fallback) {
    if (!anyFits && exclude.size === 0)
      throw badRequest(bookingMessages.timeAlreadyReserved, { time: [bookingMessages.timeAlreadyReserved] });
    throw conflict(bookingMessages.slotTaken, 'slot_taken');
  }
  return {
    tutor: fallback,
    rateCents: found.pricePerHourCents,
    etbRateCents: found.pricePerHourEtbCents,
    subjectName: found.name,
    subjectId: found.id,
    weeklyMinutes: weeklyBookableMinutes(windows.get(fallback.id) ?? repo.emptyWeek()),
  };
}
