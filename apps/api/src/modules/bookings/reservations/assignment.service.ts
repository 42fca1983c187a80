import { reservationApiMessages as apiMessages } from '@tibeb/domain/bookings/api-messages';
import type { PlanChoice, SubjectPlan } from '@tibeb/domain/bookings/available';
import {
  bookingMessages,
  weekdayCodes,
  weekdayNames,
  type WeekdayCode,
} from '@tibeb/domain/bookings/messages';
import { slotsInWindows, weekdayOf } from '@tibeb/domain/bookings/slots';
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
  type PlanInput,
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
  // A renewal keeps the hourly rate its booking was bought at, in the same currency (decision 251).
  if (opts.boughtRate?.currency === currency) return opts.boughtRate.hourlyRateCents;
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

/** A subject's bookable tutors in assignment order (best rated, then least booked), with their weekly windows. */
async function subjectCandidates(db: Db, subject: string, now: Date, exclude: Set<number>) {
  const found = await repo.findActiveSubject(db, subject);
  if (!found) throw notFound(apiMessages.subjectNotFound);
  const tutors = (await repo.findSubjectTutors(db, found.id, now)).filter((t) => !exclude.has(t.id));
  const windows = await repo.findWindows(
    db,
    tutors.map((t) => t.id),
  );
  return {
    found,
    candidates: tutors.map((tutor) => ({ tutor, windows: windows.get(tutor.id) ?? repo.emptyWeek() })),
  };
}

/** When a tutor is busy from `from` to the end of `toDate`: its active sessions and its days off. */
async function busyTest(
  db: Db,
  tutorId: number,
  span: { from: PlannedSession; to: PlannedSession },
  now: Date,
) {
  const ranges = await repo.findActiveRanges(db, tutorId, span.from.startsAt, span.to.endsAt, now);
  // A tutor away on a planned date is busy then, as with a clash.
  const off = (await daysOffOf(db, [tutorId], span.from.date, span.to.date)).get(tutorId) ?? (() => false);
  return (s: PlannedSession) => off(s.date) || overlaps(s, ranges);
}

/** The chosen weekdays in the plan's order: the first date's day, then the others in week order. */
function orderedDays(input: PlanInput): WeekdayCode[] {
  const first = weekdayOf(input.date);
  return [first, ...weekdayCodes.filter((d) => d !== first && input.days.includes(d))];
}

/**
 * The chosen weekdays a tutor cannot teach: the time is not one of its weekly times, or the day's first session
 * (in `firstOnly`) or any of its sessions is busy. Empty: the tutor fits.
 */
function missedDays(
  windows: repo.WeeklyWindows,
  plan: PlannedSession[],
  input: PlanInput,
  busy: (s: PlannedSession) => boolean,
  firstOnly: boolean,
): WeekdayCode[] {
  return orderedDays(input).filter((day) => {
    const time = input.days_times[day]!;
    if (!slotsInWindows(windows[day], input.duration_minutes).includes(time)) return true;
    const sessions = plan.filter((s) => s.weekday === day);
    return (firstOnly ? sessions.slice(0, 1) : sessions).some(busy);
  });
}

/**
 * Book by subject (DESIGN §1.6, decision 249): among the subject's tutors whose weekly windows hold every chosen
 * (day, time), in order (best rated, then least booked), the first free for every planned session; failing that,
 * the first free for the first session of every chosen day (its later clashing sessions are skipped). When none
 * is, the answer names the day and time that went for the tutor closest to fitting ("This tutor is no longer
 * free on Tuesday at 16:00"). Read without locks: the booking then re-checks the chosen tutor under its lock.
 */
export async function assignTutor(
  db: Db,
  input: ReservationRequest,
  now: Date,
  exclude: Set<number>,
  weeks: number,
): Promise<Assignment> {
  const { found, candidates } = await subjectCandidates(db, input.subject, now, exclude);
  let fallback: (typeof candidates)[number] | null = null;
  let firstFits = false;
  let closest: { day: WeekdayCode; missed: number } | null = null;
  let chosen: (typeof candidates)[number] | null = null;
  for (const c of candidates) {
    const plan = planFor(input, c.tutor.timeZone, weeks);
    const firstDay = plan[0]!.weekday;
    if (!slotsInWindows(c.windows[firstDay], input.duration_minutes).includes(input.days_times[firstDay]!))
      continue;
    firstFits = true;
    const busy = await busyTest(db, c.tutor.id, { from: plan[0]!, to: plan.at(-1)! }, now);
    if (missedDays(c.windows, plan, input, busy, false).length === 0) {
      chosen = c;
      break;
    }
    const missed = missedDays(c.windows, plan, input, busy, true);
    if (missed.length === 0) {
      fallback ??= c;
      continue;
    }
    if (missed[0] !== firstDay && (!closest || missed.length < closest.missed))
      closest = { day: missed[0]!, missed: missed.length };
  }
  chosen ??= fallback;
  if (!chosen) {
    if (closest) {
      const message = apiMessages.tutorNoLongerFree(
        weekdayNames[closest.day],
        input.days_times[closest.day]!,
      );
      throw conflict(message, 'tutor_no_longer_free');
    }
    if (!firstFits && exclude.size === 0)
      throw badRequest(bookingMessages.timeAlreadyReserved, { time: [bookingMessages.timeAlreadyReserved] });
    throw conflict(bookingMessages.slotTaken, 'slot_taken');
  }
  return {
    tutor: chosen.tutor,
    rateCents: found.pricePerHourCents,
    etbRateCents: found.pricePerHourEtbCents,
    subjectName: found.name,
    subjectId: found.id,
    weeklyMinutes: weeklyBookableMinutes(chosen.windows),
  };
}

/**
 * The plan part of /available-by-subject/ (decision 249): for every weekday, the start times at which one tutor
 * of the subject is free for every session of the plan made of the times chosen so far with that day at that
 * time (all its weeks, days off, the first one not too soon, the same rules as `assignTutor`'s first choice),
 * each with the first such tutor in assignment order; and the tutor for the times chosen so far.
 */
export async function subjectPlanTimes(
  db: Db,
  subject: string,
  choice: PlanChoice,
  durationMinutes: number,
  policy: { weeks: number; leadMinutes: number },
  now: Date,
): Promise<SubjectPlan> {
  const { candidates } = await subjectCandidates(db, subject, now, new Set());
  const inputFor = (daysTimes: Partial<Record<WeekdayCode, string>>): PlanInput => ({
    date: choice.date,
    days: weekdayCodes.filter((d) => daysTimes[d]),
    days_times: daysTimes,
    duration_minutes: durationMinutes,
  });
  // Each tutor's busy test over the widest plan (every weekday chosen, up to the last week's Saturday).
  const widest = (tz: string) =>
    planFor(
      inputFor(Object.fromEntries(weekdayCodes.map((d) => [d, choice.daysTimes[d] ?? '00:00']))),
      tz,
      policy.weeks,
    );
  const tests = await Promise.all(
    candidates.map(async (c) => {
      const plan = widest(c.tutor.timeZone);
      // From the day before (an earlier first time) to the day after the last session (one past midnight).
      const first = { ...plan[0]!, startsAt: new Date(plan[0]!.startsAt.getTime() - 86_400_000) };
      const last = { ...plan.at(-1)!, endsAt: new Date(plan.at(-1)!.endsAt.getTime() + 86_400_000) };
      return { ...c, busy: await busyTest(db, c.tutor.id, { from: first, to: last }, now) };
    }),
  );
  const fits = (daysTimes: Partial<Record<WeekdayCode, string>>) => {
    const input = inputFor(daysTimes);
    for (const c of tests) {
      const plan = planFor(input, c.tutor.timeZone, policy.weeks);
      if (plan[0]!.startsAt.getTime() < now.getTime() + policy.leadMinutes * 60_000) continue;
      if (missedDays(c.windows, plan, input, c.busy, false).length === 0)
        return { id: c.tutor.id, full_name: c.tutor.fullName };
    }
    return null;
  };
  const times: SubjectPlan['times'] = {};
  for (const day of weekdayCodes) {
    const offered = new Set(tests.flatMap((c) => slotsInWindows(c.windows[day], durationMinutes)));
    times[day] = [...offered].sort().flatMap((time) => {
      const tutor = fits({ ...choice.daysTimes, [day]: time });
      return tutor ? [{ time, tutor }] : [];
    });
  }
  return { date: choice.date, tutor: fits(choice.daysTimes), times };
}
