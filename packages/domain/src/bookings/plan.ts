import { bookingLimits, type WeekdayCode } from './messages.ts';
import { addDays, weekdayOf } from './slots.ts';

export type PlannedOccurrence = { date: string; time: string; weekday: WeekdayCode };

/**
 * The sessions a reservation plans (DESIGN §1.3–1.4): for each chosen weekday, its first `weeks` occurrences on
 * or after the start date, at that day's time. Sorted by date, then time. Calendar arithmetic only: month and
 * year ends need no special case.
 */
export function planOccurrences({
  date,
  days,
  daysTimes,
  weeks = bookingLimits.weeksPerPayment,
}: {
  date: string;
  days: readonly WeekdayCode[];
  daysTimes: Partial<Record<WeekdayCode, string>>;
  weeks?: number;
}): PlannedOccurrence[] {
  const out: PlannedOccurrence[] = [];
  for (const weekday of new Set(days)) {
    const time = daysTimes[weekday];
    if (!time) continue;
    let first = date;
    while (weekdayOf(first) !== weekday) first = addDays(first, 1);
    for (let w = 0; w < weeks; w++) out.push({ date: addDays(first, 7 * w), time, weekday });
  }
  return out.sort((a, b) =>
    a.date === b.date ? a.time.localeCompare(b.time) : a.date.localeCompare(b.date),
  );
}
