import type { WeekdayCode } from './messages.ts';
import {
  bookingLeadMinutes,
  monthDates,
  removeBookedSlots,
  slotsInWindows,
  weekdayOf,
  type BookedEntry,
  type TimeWindow,
} from './slots.ts';
import { futureSlots, instantToWallClock } from './time.ts';

/**
 * A month's free start times (spec §7 "available"): for every date, the weekday's windows on the 30-minute grid
 * with the whole duration fitting, minus slots overlapping a booking, and with `onlyFuture`, minus slots that
 * start before now + lead time (in the tutor's zone). Every date of the month is listed, empty when full.
 */
export function monthAvailability(opts: {
  year: number;
  month: number;
  durationMinutes: number;
  windows: (weekday: WeekdayCode) => readonly TimeWindow[];
  booked: (date: string) => readonly BookedEntry[];
  onlyFuture: boolean;
  now: Date;
  timeZone: string;
  leadMinutes?: number;
}): Record<string, string[]> {
  const leadMinutes = opts.leadMinutes ?? bookingLeadMinutes;
  const perWeekday = new Map<WeekdayCode, string[]>();
  const available: Record<string, string[]> = {};
  // The lead time's cut-off day, once: earlier dates have no slot left, later ones keep all.
  const cutoffDay = opts.onlyFuture
    ? instantToWallClock(new Date(opts.now.getTime() + leadMinutes * 60_000), opts.timeZone).date
    : '';
  for (const date of monthDates(opts.year, opts.month)) {
    if (date < cutoffDay) {
      available[date] = [];
      continue;
    }
    const weekday = weekdayOf(date);
    let slots = perWeekday.get(weekday);
    if (!slots) {
      slots = slotsInWindows(opts.windows(weekday), opts.durationMinutes);
      perWeekday.set(weekday, slots);
    }
    let free = removeBookedSlots(slots, opts.booked(date), opts.durationMinutes);
    if (date === cutoffDay)
      free = futureSlots(date, free, { now: opts.now, timeZone: opts.timeZone, leadMinutes });
    available[date] = free;
  }
  return available;
}
