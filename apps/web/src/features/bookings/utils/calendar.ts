import { monthDates, weekdayOf } from '@tibeb/domain/bookings/slots';
import { instantToWallClock } from '@tibeb/domain/bookings/time';
import { weekdayCodes } from '@tibeb/domain/bookings/messages';

export type YearMonth = { year: number; month: number };

export const monthOf = (date: string): YearMonth => ({
  year: Number(date.slice(0, 4)),
  month: Number(date.slice(5, 7)),
});

export const addMonths = ({ year, month }: YearMonth, delta: number): YearMonth => {
  const index = year * 12 + (month - 1) + delta;
  return { year: Math.floor(index / 12), month: (index % 12) + 1 };
};

export const compareMonths = (a: YearMonth, b: YearMonth) => a.year * 12 + a.month - (b.year * 12 + b.month);

/** Today's date on the tutor's wall clock. */
export const todayIn = (timeZone: string, now = new Date()) => instantToWallClock(now, timeZone).date;

/** The month as weeks of 7 cells, Monday first; null pads the first and last week. */
export function monthGrid({ year, month }: YearMonth): (string | null)[][] {
  const dates = monthDates(year, month);
  const lead = weekdayCodes.indexOf(weekdayOf(dates[0]!));
  const cells: (string | null)[] = [...Array<null>(lead).fill(null), ...dates];
  while (cells.length % 7 !== 0) cells.push(null);
  const weeks: (string | null)[][] = [];
  for (let i = 0; i < cells.length; i += 7) weeks.push(cells.slice(i, i + 7));
  return weeks;
}

// Month and day labels come from useDates() (lib/dates.ts): in Amharic, and with Ethiopian dates, too.
