import { reservationApiMessages as apiMessages } from '@tibeb/domain/bookings/api-messages';
import { bookingMessages, weekdayNames, type WeekdayCode } from '@tibeb/domain/bookings/messages';
import type {
  AvailableResponse,
  BookedResponse,
  ReservationCreated,
  ReservationRequest,
} from '@tibeb/domain/bookings/payload';
import { planOccurrences } from '@tibeb/domain/bookings/plan';
import { sessionsCostCents } from '@tibeb/domain/bookings/price';
import {
  addDays,
  monthDates,
  slotsInWindows,
  weekdayOf,
  type BookedEntry,
} from '@tibeb/domain/bookings/slots';
import { instantToWallClock, zonedTimeToInstant } from '@tibeb/domain/bookings/time';
import { monthAvailability } from '@tibeb/domain/bookings/availability';
import { fromCents } from '@tibeb/domain/shared/money';
import type { ReservationPreview } from '@tibeb/domain/bookings/lifecycle';
import { lifecycleMessages, skipReasons } from '@tibeb/domain/bookings/lifecycle-messages';
import {
  currencyMessages,
  currencyOptions,
  hourlyRateIn,
  type PaymentCurrency,
} from '@tibeb/domain/payments/currency';
import type { HoldLimits } from './hold-limits.service.ts';
import { bookingPolicy } from '../../content/index.ts';
import { daysOffOf } from '../../catalog/index.ts';
import { insertEvents } from '../lifecycle/lifecycle.repository.ts';
import type { Db, Tx } from '../../../platform/db/client.ts';
import { AppError, badRequest, conflict, notFound } from '../../../platform/http/app-error.ts';
import { cachedForTutor, invalidateTutorBookings, type BookedRange } from '../availability/booked.cache.ts';
import { expireLapsedHolds } from './holds.repository.ts';
import * as repo from './reservations.repository.ts';
import { sqlState, SqlState } from '../../../platform/db/errors.ts';

/**
 * The booking engine's rules (DESIGN §1.3–1.7): month availability from weekly windows minus active sessions,
 * and reservations that plan 4 weeks of sessions and hold them, never overlapping another active session of
 * the tutor (the per-tutor lock decides; the database's exclusion constraint is the backstop).
 */

export type BookingOptions = {
  now?: Date;
  /** Overrides the policy's lead time (tests). */
  leadMinutes?: number;
  /** The client's address as the server sees it (bounded holds per address, issue 12). */
  clientAddress?: string;
  /** Unpaid reservations allowed at once per e-mail and per address (none when left out). */
  holdLimits?: HoldLimits;
  /** The currencies families may pay in: birr only when Chapa is configured (default: dollars only). */
  currencies?: readonly PaymentCurrency[];
};

/**
 * The hourly rate in the family's currency (decision 170): dollars from the tutor's (or subject's) rate, birr
 * from the subject's ETB rate. Birr without Chapa, or for a subject with no birr rate, is refused (400).
 */
function rateFor(input: ReservationRequest, assignment: Assignment, opts: BookingOptions): number {
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

/** The booking policy (admin settings), with a test's override of the lead time. */
async function policyFor(db: Db, opts: BookingOptions) {
  const p = await bookingPolicy(db);
  return {
    leadMinutes: opts.leadMinutes ?? p.lead_time_hours * 60,
    holdMinutes: p.hold_minutes,
    weeks: p.weeks_per_payment,
  };
}

// ---------------------------------------------------------------------------------------------------------
// Availability

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
): Promise<AvailableResponse> {
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
  return { available: Object.fromEntries([...union].map(([date, set]) => [date, [...set].sort()])) };
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

// ---------------------------------------------------------------------------------------------------------
// Reservations

type PlannedSession = { date: string; time: string; weekday: WeekdayCode; startsAt: Date; endsAt: Date };

function planFor(input: ReservationRequest, timeZone: string, weeks: number): PlannedSession[] {
  return planOccurrences({ date: input.date, days: input.days, daysTimes: input.days_times, weeks }).map(
    (o) => {
      const startsAt = zonedTimeToInstant(o.date, o.time, timeZone);
      return { ...o, startsAt, endsAt: new Date(startsAt.getTime() + input.duration_minutes * 60_000) };
    },
  );
}

/** Null when every chosen (day, time) is a slot of the windows; otherwise the message to answer with. */
function windowProblem(windows: repo.WeeklyWindows, input: ReservationRequest): string | null {
  const firstDay = weekdayOf(input.date);
  const ordered = [firstDay, ...input.days.filter((d) => d !== firstDay)];
  for (const day of ordered) {
    const time = input.days_times[day]!;
    if (!slotsInWindows(windows[day], input.duration_minutes).includes(time)) {
      return day === firstDay
        ? bookingMessages.timeAlreadyReserved
        : apiMessages.dayTimeUnavailable(weekdayNames[day], time);
    }
  }
  return null;
}

const overlaps = (s: PlannedSession, ranges: repo.ActiveRange[]) =>
  ranges.some((r) => s.startsAt < r.endsAt && s.endsAt > r.startsAt);

function isTooSoon(s: PlannedSession, now: Date, leadMinutes: number) {
  return s.startsAt.getTime() < now.getTime() + leadMinutes * 60_000;
}

/**
 * The one planning rule of a booking and its preview: each planned session is held, or skipped because it
 * clashes with an active session of the tutor or starts too soon (the first one never is: it is refused).
 */
function decide(
  plan: PlannedSession[],
  ranges: repo.ActiveRange[],
  now: Date,
  leadMinutes: number,
  off: (date: string) => boolean,
) {
  return plan.map((s) => ({
    s,
    reason: off(s.date)
      ? skipReasons.tutorAway
      : overlaps(s, ranges)
        ? skipReasons.clash
        : isTooSoon(s, now, leadMinutes)
          ? skipReasons.tooSoon
          : null,
  }));
}

/** The tutor's days off over a plan (wall-clock dates in the tutor's zone); the first one refuses the booking. */
async function planDaysOff(db: Db, tutorId: number, plan: PlannedSession[]) {
  const off =
    (await daysOffOf(db, [tutorId], plan[0]!.date, plan.at(-1)!.date)).get(tutorId) ?? (() => false);
  if (off(plan[0]!.date))
    throw badRequest(lifecycleMessages.tutorAway, { date: [lifecycleMessages.tutorAway] });
  return off;
}

function refuseTooSoon(first: PlannedSession, now: Date, leadMinutes: number) {
  if (isTooSoon(first, now, leadMinutes)) {
    throw badRequest(apiMessages.tooSoon(leadMinutes / 60), {
      date: [apiMessages.tooSoon(leadMinutes / 60)],
    });
  }
}


class FirstSessionTaken extends Error {}

type Assignment = {
  tutor: repo.BookableTutor;
  rateCents: number;
  /** The subject's birr rate (santim per hour); null: birr is not offered. */
  etbRateCents: number | null;
  subjectName: string;
  subjectId: number | null;
};

/**
 * Book by subject (DESIGN §1.6): among the subject's tutors whose weekly windows hold every chosen (day, time),
 * in order (best rated, then least booked), the first free for every planned session; failing that, the first
 * free for the first session (its other clashing sessions are skipped). Read without locks: the booking then
 * re-checks the chosen tutor under the tutor's lock.
 */
async function assignTutor(
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
  };
}

export async function createReservation(
  db: Db,
  input: ReservationRequest,
  opts: BookingOptions = {},
): Promise<ReservationCreated> {
  const now = opts.now ?? new Date();
  const policy = {
    ...(await policyFor(db, opts)),
    clientAddress: opts.clientAddress ?? '',
    holdLimits: opts.holdLimits ?? { perEmail: Infinity, perAddress: Infinity },
    currencies: opts.currencies ?? ['USD'],
  };

  if (input.tutor !== null) {
    const assignment = await chosenTutor(db, input, input.tutor);
    try {
      return await book(db, input, assignment, now, policy);
    } catch (err) {
      if (err instanceof FirstSessionTaken) throw conflict(bookingMessages.slotTaken, 'slot_taken');
      throw err;
    }
  }

  // By subject: a tutor taken by a concurrent booking between assignment and lock is passed over.
  const passedOver = new Set<number>();
  for (;;) {
    const assignment = await assignTutor(db, input, now, passedOver, policy.weeks);
    try {
      return await book(db, input, assignment, now, policy);
    } catch (err) {
      if (!(err instanceof FirstSessionTaken) || passedOver.size >= 5) {
        if (err instanceof FirstSessionTaken) throw conflict(bookingMessages.slotTaken, 'slot_taken');
        throw err;
      }
      passedOver.add(assignment.tutor.id);
    }
  }
}

/** The tutor the family chose: bookable, and every chosen (day, time) one of its weekly times. */
async function chosenTutor(db: Db, input: ReservationRequest, tutorId: number): Promise<Assignment> {
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
    etbRateCents: await repo.findSubjectEtbRate(db, tutor.subjectId),
    subjectName: input.subject || tutor.subject,
    subjectId: tutor.subjectId,
  };
}

/**
 * The plan before payment (issue 11 §3): the same assignment, planning and price rules as a booking, read
 * without locks and without writing anything. A booking made right after answers the same sessions and
 * amount unless someone else books in between.
 */
export async function previewReservation(
  db: Db,
  input: ReservationRequest,
  opts: BookingOptions = {},
): Promise<ReservationPreview> {
  const now = opts.now ?? new Date();
  const policy = await policyFor(db, opts);
  const assignment =
    input.tutor !== null
      ? await chosenTutor(db, input, input.tutor)
      : await assignTutor(db, input, now, new Set(), policy.weeks);
  const { tutor } = assignment;
  const plan = planFor(input, tutor.timeZone, policy.weeks);
  const first = plan[0]!;
  refuseTooSoon(first, now, policy.leadMinutes);
  const off = await planDaysOff(db, tutor.id, plan);
  const ranges = await repo.findActiveRanges(db, tutor.id, first.startsAt, plan.at(-1)!.endsAt, now);
  if (overlaps(first, ranges)) throw conflict(bookingMessages.slotTaken, 'slot_taken');
  const decided = decide(plan, ranges, now, policy.leadMinutes, off);
  const planned = decided.filter((d) => d.reason === null).length;
  const amountCents = sessionsCostCents({
    hourlyRateCents: rateFor(input, assignment, opts),
    durationHours: input.duration_hours,
    sessions: planned,
  });
  return {
    sessions: decided.map(({ s, reason }) => ({
      date: s.date,
      time: s.time,
      start: s.startsAt.toISOString(),
      status: reason === null ? ('planned' as const) : ('skipped' as const),
      ...(reason === null ? {} : { reason }),
    })),
    amount: fromCents(amountCents),
    amount_cents: amountCents,
    currency: input.currency ?? 'USD',
    currency_options: currencyOptions({
      enabled: opts.currencies ?? ['USD'],
      usdRateCents: assignment.rateCents,
      etbRateCents: assignment.etbRateCents,
      durationHours: input.duration_hours,
      sessions: planned,
    }),
    tutor: { id: tutor.id, full_name: tutor.fullName },
    subject: assignment.subjectName,
    duration_hours: input.duration_hours,
    time_zone: tutor.timeZone,
  };
}

type BookingPolicyNow = {
  leadMinutes: number;
  holdMinutes: number;
  weeks: number;
  clientAddress: string;
  holdLimits: HoldLimits;
  currencies: readonly PaymentCurrency[];
};

/**
 * Holding time costs something (issue 12 §4): one e-mail, one address hold a bounded number of unpaid
 * reservations. Counted under advisory locks taken after the tutor's (lock order: tutor → e-mail → address),
 * so two bookings of one family at once cannot both pass the bound.
 */
async function refuseOverHoldLimits(tx: Tx, input: ReservationRequest, policy: BookingPolicyNow, now: Date) {
  const { perEmail, perAddress } = policy.holdLimits;
  if (Number.isFinite(perEmail)) {
    await repo.lockHolder(tx, 7303, input.email.toLowerCase());
    if ((await repo.countLiveHolds(tx, { email: input.email }, now)) >= perEmail)
      throw new AppError(429, lifecycleMessages.holdLimitEmail(perEmail), { code: 'hold_limit' });
  }
  if (Number.isFinite(perAddress) && policy.clientAddress) {
    await repo.lockHolder(tx, 7304, policy.clientAddress);
    if ((await repo.countLiveHolds(tx, { address: policy.clientAddress }, now)) >= perAddress)
      throw new AppError(429, lifecycleMessages.holdLimitAddress(perAddress), { code: 'hold_limit' });
  }
}

/** Plans, checks and holds the sessions of one tutor in one transaction under that tutor's lock. */
async function book(
  db: Db,
  input: ReservationRequest,
  assignment: Assignment,
  now: Date,
  policy: BookingPolicyNow,
): Promise<ReservationCreated> {
  const { tutor } = assignment;
  const { leadMinutes } = policy;
  // Priced in the family's currency, before anything is locked (a refused currency writes nothing).
  const rateCents = rateFor(input, assignment, policy);
  const currency = input.currency ?? 'USD';
  const plan = planFor(input, tutor.timeZone, policy.weeks);
  const first = plan[0]!;
  refuseTooSoon(first, now, leadMinutes);
  const off = await planDaysOff(db, tutor.id, plan);
  const holdExpiresAt = new Date(now.getTime() + policy.holdMinutes * 60_000);

  const attempt = () =>
    db.transaction(async (tx) => {
      await repo.lockTutor(tx, tutor.id);
      await expireLapsedHolds(tx, { tutorId: tutor.id, now });
      const ranges = await repo.findActiveRanges(tx, tutor.id, first.startsAt, plan.at(-1)!.endsAt, now);
      if (overlaps(first, ranges)) throw new FirstSessionTaken();
      await refuseOverHoldLimits(tx, input, policy, now);
      const decided = decide(plan, ranges, now, leadMinutes, off);
      const held = decided.filter((d) => d.reason === null).length;
      const amountCents = sessionsCostCents({
        hourlyRateCents: rateCents,
        durationHours: input.duration_hours,
        sessions: held,
      });
      const familyUserId = await repo.findFamilyUserId(tx, input.email);
      const { id } = await repo.insertReservation(tx, {
        tutorId: tutor.id,
        subjectId: assignment.subjectId,
        familyUserId,
        status: 'pending_payment',
        date: input.date,
        time: input.time,
        durationMinutes: input.duration_minutes,
        days: input.days,
        daysTimes: input.days_times,
        timeZone: tutor.timeZone,
        fullName: input.full_name,
        email: input.email,
        phone: input.phone,
        subject: assignment.subjectName,
        subjectLevel: input.subject_level,
        studentFullName: input.student_full_name,
        studentGrade: input.student_grade,
        studentDob: input.student_dob,
        studentAge: input.student_age,
        studentSchool: input.student_school,
        studentEmail: input.student_email,
        studentPhone: input.student_phone,
        guardianFullName: input.guardian_full_name,
        guardianRelationship: input.guardian_relationship,
        guardianEmail: input.guardian_email,
        guardianPhone: input.guardian_phone,
        guardianSecondaryName: input.guardian_secondary_name,
        guardianSecondaryEmail: input.guardian_secondary_email,
        guardianSecondaryPhone: input.guardian_secondary_phone,
        guardianAddressLine1: input.guardian_address_line1,
        guardianAddressLine2: input.guardian_address_line2,
        guardianCity: input.guardian_city,
        guardianState: input.guardian_state,
        guardianPostalCode: input.guardian_postal_code,
        guardianCountry: input.guardian_country,
        communicationPreference: input.communication_preference,
        billingName: input.billing_name,
        billingEmail: input.billing_email,
        locale: input.locale,
        amountCents,
        currency,
        holdExpiresAt,
        clientAddress: policy.clientAddress,
      });
      const rows = await repo.insertSessions(
        tx,
        decided.map(({ s, reason }) => ({
          reservationId: id,
          tutorId: tutor.id,
          startsAt: s.startsAt,
          endsAt: s.endsAt,
          status: reason === null ? ('held' as const) : ('skipped' as const),
          holdExpiresAt: reason === null ? holdExpiresAt : null,
          skipReason: reason ?? '',
        })),
      );
      await insertEvents(tx, [
        {
          reservationId: id,
          action: 'reservation_created',
          detail: {
            amount_cents: amountCents,
            held: rows.filter((r) => r.status === 'held').length,
            skipped: rows.filter((r) => r.status === 'skipped').length,
            hold_expires_at: holdExpiresAt.toISOString(),
          },
        },
      ]);
      return { id, amountCents, rows };
    });

  let result: Awaited<ReturnType<typeof attempt>>;
  try {
    result = await withRetry(attempt);
  } catch (err) {
    if (err instanceof FirstSessionTaken) throw err;
    // The exclusion constraint refused an overlap the lock did not see (another writer): the slot is taken.
    if (sqlState(err) === SqlState.exclusionViolation) throw new FirstSessionTaken();
    throw err;
  } finally {
    invalidateTutorBookings(tutor.id);
  }

  const wall = (d: Date) => instantToWallClock(d, tutor.timeZone);
  return {
    id: result.id,
    status: 'pending_payment',
    amount: fromCents(result.amountCents),
    amount_cents: result.amountCents,
    currency,
    tutor: { id: tutor.id, full_name: tutor.fullName },
    subject: assignment.subjectName,
    duration_hours: input.duration_hours,
    time_zone: tutor.timeZone,
    hold_expires_at: holdExpiresAt.toISOString(),
    sessions: result.rows
      .filter((r) => r.status === 'held')
      .map((r) => ({
        id: r.id,
        starts_at: r.startsAt.toISOString(),
        ends_at: r.endsAt.toISOString(),
        start: r.startsAt.toISOString(),
        date: wall(r.startsAt).date,
        time: wall(r.startsAt).time,
        status: r.status,
      })),
    skipped: result.rows
      .filter((r) => r.status === 'skipped')
      .map((r) => ({ date: wall(r.startsAt).date, time: wall(r.startsAt).time, reason: r.skipReason })),
  };
}

/** A deadlock or serialization failure (PostgreSQL's own choice of victim) is retried, briefly. */
async function withRetry<T>(run: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await run();
    } catch (err) {
      const state = sqlState(err);
      if (attempt >= 3 || (state !== SqlState.deadlockDetected && state !== SqlState.serializationFailure)) throw err;
      await new Promise((r) => setTimeout(r, 10 * attempt));
    }
  }
}

/** The one reservation summary lives with the lifecycle (bookings module). */
export { reservationSummary } from '../lifecycle/summary.service.ts';
