import { reservationApiMessages as apiMessages } from '@tibeb/domain/bookings/api-messages';
import { bookingMessages, weekdayNames, type WeekdayCode } from '@tibeb/domain/bookings/messages';
import type { ReservationRequest } from '@tibeb/domain/bookings/payload';
import { planOccurrences } from '@tibeb/domain/bookings/plan';
import { sessionsCostCents } from '@tibeb/domain/bookings/price';
import { slotsInWindows, weekdayOf } from '@tibeb/domain/bookings/slots';
import { zonedTimeToInstant } from '@tibeb/domain/bookings/time';
import { lifecycleMessages, skipReasons } from '@tibeb/domain/bookings/lifecycle-messages';
import type { PaymentCurrency } from '@tibeb/domain/payments/currency';
import type { Db } from '../../../platform/db/client.ts';
import { badRequest } from '../../../platform/http/app-error.ts';
import { bookingPolicy } from '../../content/index.ts';
import { daysOffOf } from '../../catalog/index.ts';
import type { HoldLimits } from './hold-limits.service.ts';
import type * as repo from './reservations.repository.ts';

/**
 * The booking engine's planning rules (DESIGN §1.3–1.7), shared by the preview, the booking and the assignment
 * by subject: a request becomes 4 weeks of planned sessions in the tutor's zone, each held or skipped (a clash,
 * a day off, too soon) and the first one never skipped but refused.
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
  /** The booking this one renews (a renewal, issue 15 item 3): linked in the same transaction. */
  renews?: string;
  /** A renewal's bought rate (decision 251): priced at it when the booking is in that currency. */
  boughtRate?: { currency: string; hourlyRateCents: number };
  /** A trial lesson (decision 273): one session at the offer's price (cents, in the booking's currency). */
  trial?: { priceCents: number };
};

/** The booking policy (admin settings), with a test's override of the lead time. */
export async function policyFor(db: Db, opts: BookingOptions) {
  const p = await bookingPolicy(db);
  return {
    leadMinutes: opts.leadMinutes ?? p.lead_time_hours * 60,
    holdMinutes: p.hold_minutes,
    weeks: p.weeks_per_payment,
  };
}

export type PlannedSession = {
  date: string;
  time: string;
  weekday: WeekdayCode;
  startsAt: Date;
  endsAt: Date;
};

/** What a plan is made of: the first date, the weekdays with their times, the length of a session. */
export type PlanInput = Pick<ReservationRequest, 'date' | 'days' | 'days_times' | 'duration_minutes'>;

export function planFor(input: PlanInput, timeZone: string, weeks: number): PlannedSession[] {
  return planOccurrences({ date: input.date, days: input.days, daysTimes: input.days_times, weeks }).map(
    (o) => {
      const startsAt = zonedTimeToInstant(o.date, o.time, timeZone);
      return { ...o, startsAt, endsAt: new Date(startsAt.getTime() + input.duration_minutes * 60_000) };
    },
  );
}

/** Null when every chosen (day, time) is a slot of the windows; otherwise the message to answer with. */
export function windowProblem(windows: repo.WeeklyWindows, input: ReservationRequest): string | null {
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

export const overlaps = (s: PlannedSession, ranges: repo.ActiveRange[]) =>
  ranges.some((r) => s.startsAt < r.endsAt && s.endsAt > r.startsAt);

function isTooSoon(s: PlannedSession, now: Date, leadMinutes: number) {
  return s.startsAt.getTime() < now.getTime() + leadMinutes * 60_000;
}

/**
 * The one planning rule of a booking and its preview: each planned session is held, or skipped because it
 * clashes with an active session of the tutor or starts too soon (the first one never is: it is refused); and
 * what the held ones cost.
 */
export function decide(
  plan: PlannedSession[],
  ranges: repo.ActiveRange[],
  now: Date,
  leadMinutes: number,
  off: (date: string) => boolean,
  price: { hourlyRateCents: number; durationHours: number },
) {
  const decided = plan.map((s) => ({
    s,
    reason: off(s.date)
      ? skipReasons.tutorAway
      : overlaps(s, ranges)
        ? skipReasons.clash
        : isTooSoon(s, now, leadMinutes)
          ? skipReasons.tooSoon
          : null,
  }));
  const held = decided.filter((d) => d.reason === null).length;
  return { decided, held, amountCents: sessionsCostCents({ ...price, sessions: held }) };
}

/**
 * The plan of a booking (and of its preview) with `tutor`: its sessions, the first one refused when too soon or
 * on a day off, and the tutor's days off over them.
 */
export async function planBooking(
  db: Db,
  input: ReservationRequest,
  tutor: { id: number; timeZone: string },
  policy: { weeks: number; leadMinutes: number },
  now: Date,
) {
  const plan = planFor(input, tutor.timeZone, policy.weeks);
  const first = plan[0]!;
  refuseTooSoon(first, now, policy.leadMinutes);
  const off = await planDaysOff(db, tutor.id, plan);
  return { plan, first, off };
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
