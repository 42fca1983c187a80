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

export const monthLabel = ({ year, month }: YearMonth) =>
  new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(Date.UTC(year, month - 1, 1)),
  );

/** 'Monday, 15 June 2026' for a calendar date. */
export const longDate = (date: string) =>
  new Intl.DateTimeFormat('en-GB', {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${date}T00:00:00Z`));

/** 'Mon 15 Jun' for a calendar date. */
export const shortDate = (date: string) =>
  new Intl.DateTimeFormat('en-GB', {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    timeZone: 'UTC',
  }).format(new Date(`${date}T00:00:00Z`));
