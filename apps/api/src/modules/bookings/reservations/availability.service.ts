import { reservationApiMessages as apiMessages } from '@tibeb/domain/bookings/api-messages';
import type { AvailableResponse, BookedResponse } from '@tibeb/domain/bookings/payload';
import { addDays, monthDates, type BookedEntry } from '@tibeb/domain/bookings/slots';
import { instantToWallClock, zonedTimeToInstant } from '@tibeb/domain/bookings/time';
import { monthAvailability } from '@tibeb/domain/bookings/availability';
import type { PlanChoice, SubjectPlan } from '@tibeb/domain/bookings/available';
import type { Db } from '../../../platform/db/client.ts';
import { AppError, notFound } from '../../../platform/http/app-error.ts';
import { daysOffOf } from '../../catalog/index.ts';
import { cachedForTutor, invalidateTutorBookings, type BookedRange } from '../availability/booked.cache.ts';
import { subjectPlanTimes } from './assignment.service.ts';
import { policyFor, type BookingOptions } from './planning.service.ts';
import * as repo from './reservations.repository.ts';

/**
 * Month availability (DESIGN §1.5–1.7): a tutor's weekly windows minus its active sessions and days off, the
 * union over a subject's tutors, and the booked map; remembered per tutor until its sessions change.
 */

type TutorProfile = { tutor: repo.BookableTutor; windows: repo.WeeklyWindows };
type DayBooking = { entry: { start: string; duration_minutes: number }; until: number | null };
/**
 * One tutor's month: booked entries by wall-clock date, each remembering when its hold lapses (null: never),
 * and the answers already computed from them (dropped with the entry when the tutor's sessions change).
 */
type MonthBookings = {
  byDate: Map<string, DayBooking[]>;
  /** The tutor's days off (time off), as wall-clock dates: no slot on them. */
  off: (date: string) => boolean;
  answers: Map<string, { value: AvailableResponse; json: string; validUntil: number }>;
};

async function tutorProfile(db: Db, tutorId: number): Promise<TutorProfile> {
  const profile = await cachedForTutor(db, tutorId, 'profile', async () => {
    const tutor = await repo.findBookableTutor(db, tutorId);
    if (!tutor) return null;
    const windows = (await repo.findWindows(db, [tutorId])).get(tutorId) ?? repo.emptyWeek();
    return { tutor, windows };
  });
  if (!profile) {
    // Never remember a miss: a tutor created a moment ago must be bookable at once.
    invalidateTutorBookings(tutorId);
    throw notFound(apiMessages.tutorNotFound);
  }
  return profile;
}

/** The instants bounding a month in a zone, one day wider on each side for sessions crossing midnight. */
function monthSpan(year: number, month: number, timeZone: string) {
  const dates = monthDates(year, month);
  const from = zonedTimeToInstant(addDays(dates[0]!, -1), '00:00', timeZone);
  const to = zonedTimeToInstant(addDays(dates.at(-1)!, 2), '00:00', timeZone);
  return { dates, from, to };
}

/** Splits stored instants into wall-clock entries per date (a session past midnight also marks the next day). */
function toMonthBookings(
  ranges: BookedRange[],
  timeZone: string,
  off: (date: string) => boolean = () => false,
): MonthBookings {
  const byDate = new Map<string, DayBooking[]>();
  const add = (date: string, start: string, minutes: number, until: number | null) => {
    const list = byDate.get(date) ?? [];
    list.push({ entry: { start, duration_minutes: minutes }, until });
    byDate.set(date, list);
  };
  for (const r of ranges) {
    const wall = instantToWallClock(new Date(r.startsAt), timeZone);
    const minutes = Math.round((r.endsAt - r.startsAt) / 60_000);
    add(wall.date, wall.time, minutes, r.holdExpiresAt);
    let rest = wall.minutes + minutes - 24 * 60;
    let date = wall.date;
    while (rest > 0) {
      date = addDays(date, 1);
      add(date, '00:00', Math.min(rest, 24 * 60), r.holdExpiresAt);
      rest -= 24 * 60;
    }
  }
  return { byDate, off, answers: new Map() };
}

async function monthBookings(db: Db, profile: TutorProfile, year: number, month: number, now: Date) {
  const { tutor } = profile;
  return cachedForTutor(db, tutor.id, `month:${year}-${month}`, async () => {
    const { from, to, dates } = monthSpan(year, month, tutor.timeZone);
    const rows = await repo.findActiveRanges(db, tutor.id, from, to, now);
    const off = (await daysOffOf(db, [tutor.id], dates[0]!, dates.at(-1)!)).get(tutor.id);
    const ranges: BookedRange[] = rows.map((r) => ({
      startsAt: r.startsAt.getTime(),
      endsAt: r.endsAt.getTime(),
      holdExpiresAt: r.holdExpiresAt ? r.holdExpiresAt.getTime() : null,
    }));
    return toMonthBookings(ranges, tutor.timeZone, off);
  });
}

/** Booked entries of a date still occupying time at `now` (a lapsed hold no longer does). */
function activeEntries(bookings: MonthBookings, date: string, now: number): BookedEntry[] {
  const list = bookings.byDate.get(date);
  if (!list) return [];
  return list.filter((b) => b.until === null || b.until > now).map((b) => b.entry);
}

/** The next instant at which a hold of the month lapses (and the answer changes by itself). */
function nextLapse(bookings: MonthBookings, now: number): number {
  let next = Number.POSITIVE_INFINITY;
  for (const list of bookings.byDate.values())
    for (const b of list) if (b.until !== null && b.until > now && b.until < next) next = b.until;
  return next;
}

export type AvailabilityQuery = { year: number; month: number; durationMinutes: number; onlyFuture: boolean };

/**
 * A tutor's month, computed by the domain rule and remembered until the tutor's sessions change, a hold
 * lapses, or the lead-time cut-off moves to the next minute (then slots may drop off).
 */
function answerFor(
  profile: TutorProfile,
  bookings: MonthBookings,
  q: AvailabilityQuery,
  now: Date,
  leadMinutes: number,
) {
  const cutoffMinute = q.onlyFuture ? Math.ceil((now.getTime() + leadMinutes * 60_000) / 60_000) : 0;
  const key = `${q.durationMinutes}|${cutoffMinute}|${leadMinutes}`;
  const hit = bookings.answers.get(key);
  if (hit && now.getTime() < hit.validUntil) return hit;
  const value: AvailableResponse = {
    available: monthAvailability({
      year: q.year,
      month: q.month,
      durationMinutes: q.durationMinutes,
      windows: (weekday) => profile.windows[weekday],
      booked: (date) => activeEntries(bookings, date, now.getTime()),
      onlyFuture: q.onlyFuture,
      now,
      timeZone: profile.tutor.timeZone,
      leadMinutes,
    }),
  };
  for (const date of Object.keys(value.available)) if (bookings.off(date)) value.available[date] = [];
  const answer = { value, json: JSON.stringify(value), validUntil: nextLapse(bookings, now.getTime()) };
  if (bookings.answers.size >= 64) bookings.answers.clear();
  bookings.answers.set(key, answer);
  return answer;
}

/** A tutor's free start times of a month, as the JSON text of `{ available }` (served as it is). */
export async function availableForTutorJson(
  db: Db,
  tutorId: number,
  q: AvailabilityQuery,
  opts: BookingOptions = {},
): Promise<string> {
  const now = opts.now ?? new Date();
  const profile = await tutorProfile(db, tutorId);
  const bookings = await monthBookings(db, profile, q.year, q.month, now);
  const { leadMinutes } = await policyFor(db, opts);
  return answerFor(profile, bookings, q, now, leadMinutes).json;
}

/**
 * A tutor's free start times of a month for moving one of its lessons (decision 261): the lesson's own time is
 * not busy, so it can shift by 30 minutes (the move is an update of the same row; the exclusion constraint
 * holds). Computed fresh, never remembered: the cached month counts the lesson. A session of another tutor
 * changes nothing.
 */
export async function availableForMoveJson(
  db: Db,
  tutorId: number,
  q: AvailabilityQuery,
  exceptSessionId: string,
  opts: BookingOptions = {},
): Promise<string> {
  const now = opts.now ?? new Date();
  const profile = await tutorProfile(db, tutorId);
  const { tutor } = profile;
  const { from, to, dates } = monthSpan(q.year, q.month, tutor.timeZone);
  const rows = await repo.findActiveRanges(db, tutor.id, from, to, now, exceptSessionId);
  const off = (await daysOffOf(db, [tutor.id], dates[0]!, dates.at(-1)!)).get(tutor.id);
  const ranges: BookedRange[] = rows.map((r) => ({
    startsAt: r.startsAt.getTime(),
    endsAt: r.endsAt.getTime(),
    holdExpiresAt: r.holdExpiresAt ? r.holdExpiresAt.getTime() : null,
  }));
  const { leadMinutes } = await policyFor(db, opts);
  return answerFor(profile, toMonthBookings(ranges, tutor.timeZone, off), q, now, leadMinutes).json;
}

/** Subject → its bookable tutors in assignment order; cached briefly (tutor id 0 is no tutor's). */
async function subjectTutors(db: Db, subject: string, now: Date) {
  return cachedForTutor(db, 0, `subject:${subject.toLowerCase()}`, async () => {
    const found = await repo.findActiveSubject(db, subject);
    if (!found) return null;
    return { subject: found, tutors: await repo.findSubjectTutors(db, found.id, now) };
  });
}

/** The union of the subject's tutors' free slots (DESIGN §1.6), sorted and unique per date. */
export async function availableForSubject(
  db: Db,
  subject: string,
  q: AvailabilityQuery,
  opts: BookingOptions = {},
  choice: PlanChoice | null = null,
): Promise<AvailableResponse & { plan?: SubjectPlan }> {
  const now = opts.now ?? new Date();
  const found = await subjectTutors(db, subject, now);
  if (!found) {
    invalidateTutorBookings(0);
    throw notFound(apiMessages.subjectNotFound);
  }
  const union = new Map<string, Set<string>>(monthDates(q.year, q.month).map((d) => [d, new Set<string>()]));
  const { leadMinutes } = await policyFor(db, opts);
  for (const t of found.tutors) {
    let profile: TutorProfile;
    try {
      profile = await tutorProfile(db, t.id);
    } catch (err) {
      if (err instanceof AppError && err.statusCode === 404) continue; // unpublished since the list was cached
      throw err;
    }
    const bookings = await monthBookings(db, profile, q.year, q.month, now);
    const { available } = answerFor(profile, bookings, q, now, leadMinutes).value;
    for (const [date, slots] of Object.entries(available)) for (const s of slots) union.get(date)?.add(s);
  }
  const available = Object.fromEntries([...union].map(([date, set]) => [date, [...set].sort()]));
  if (!choice) return { available };
  // Decision 249: with the times chosen so far, the times one tutor can teach with them, and who.
  const { weeks } = await policyFor(db, opts);
  const plan = await subjectPlanTimes(db, subject, choice, q.durationMinutes, { weeks, leadMinutes }, now);
  return { available, plan };
}

/** The tutor's booked slots of a month by wall-clock date (only dates with bookings). */
export async function bookedForTutor(
  db: Db,
  tutorId: number,
  q: { year: number; month: number; onlyFuture: boolean },
  opts: BookingOptions = {},
): Promise<BookedResponse> {
  const now = opts.now ?? new Date();
  const profile = await tutorProfile(db, tutorId);
  const bookings = await monthBookings(db, profile, q.year, q.month, now);
  const today = instantToWallClock(now, profile.tutor.timeZone).date;
  const booked: BookedResponse['booked'] = {};
  for (const date of monthDates(q.year, q.month)) {
    if (q.onlyFuture && date < today) continue;
    const entries = activeEntries(bookings, date, now.getTime()) as {
      start: string;
      duration_minutes: number;
    }[];
    if (entries.length > 0) booked[date] = [...entries].sort((a, b) => a.start.localeCompare(b.start));
  }
  return { booked };
}
