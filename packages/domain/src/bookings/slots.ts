import { bookingLimits, weekdayCodes, type WeekdayCode } from './messages.ts';

/**
 * The slot rules of spec §5 "Booking step 2", shared by the wizard and the server (which is authoritative).
 * Times are wall-clock 'HH:MM' in the tutor's time zone; dates are 'YYYY-MM-DD'.
 */

/** An availability window, 'HH:MM' to 'HH:MM' ('24:00' allowed as an end). */
export type TimeWindow = { start: string; end: string };
/** A booked entry: a start time alone lasts 30 minutes (spec §9). */
export type BookedEntry = string | { start: string; duration_minutes?: number | null };

export type { WeekdayCode };

/** Minimum time between now and the start of a bookable slot (DESIGN §1.7: "only future", 2 hours). */
export const bookingLeadMinutes = 120;
/** How long a reservation holds its sessions during checkout (DESIGN §1.4). */
export const holdMinutes = 30;

const step = bookingLimits.slotStepMinutes;
const hhmm = /^([01]\d|2[0-4]):([0-5]\d)$/;
const isoDate = /^(\d{4})-(\d{2})-(\d{2})$/;

/** 'HH:MM' → minutes after midnight; NaN for anything else. '24:00' is 1440 (a window's end). */
export function toMinutes(time: string): number {
  const m = hhmm.exec(time);
  if (!m) return Number.NaN;
  const minutes = Number(m[1]) * 60 + Number(m[2]);
  return minutes > 24 * 60 ? Number.NaN : minutes;
}

/** Minutes after midnight → 'HH:MM' (zero-padded). */
export function fromMinutes(n: number): string {
  const h = Math.floor(n / 60);
  const m = n % 60;
  return `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`;
}

/** True for a start time 'HH:MM' on the 30-minute grid of a day (00:00 … 23:30). */
export function isGridTime(time: string): boolean {
  const m = toMinutes(time);
  return Number.isFinite(m) && m < 24 * 60 && m % step === 0;
}

/**
 * Start times on the 30-minute grid (aligned to the hour, so a window from 09:15 offers 09:30 first) inside
 * the windows, where the whole duration fits before the window ends. Sorted, unique.
 */
export function slotsInWindows(windows: readonly TimeWindow[], durationMinutes: number): string[] {
  if (!Number.isFinite(durationMinutes) || durationMinutes <= 0) return [];
  const starts = new Set<number>();
  for (const w of windows) {
    const from = toMinutes(w.start);
    const to = toMinutes(w.end);
    if (!Number.isFinite(from) || !Number.isFinite(to) || from >= to) continue;
    for (let t = Math.ceil(from / step) * step; t + durationMinutes <= to && t < 24 * 60; t += step) {
      starts.add(t);
    }
  }
  return [...starts].sort((a, b) => a - b).map(fromMinutes);
}

/** A booked entry as a [start, end) range in minutes; null when its start is not a time. */
export function bookedRange(entry: BookedEntry): [number, number] | null {
  const start = toMinutes(typeof entry === 'string' ? entry : entry.start);
  if (!Number.isFinite(start)) return null;
  const raw = typeof entry === 'string' ? null : entry.duration_minutes;
  const duration =
    typeof raw === 'number' && Number.isFinite(raw) && raw > 0 ? raw : bookingLimits.defaultBookedMinutes;
  return [start, start + duration];
}

/** Removes the slots that overlap a booked entry: start < booked end and end > booked start. */
export function removeBookedSlots(
  slots: readonly string[],
  booked: readonly BookedEntry[],
  durationMinutes: number,
): string[] {
  const ranges = booked.map(bookedRange).filter((r): r is [number, number] => r !== null);
  if (ranges.length === 0) return [...slots];
  return slots.filter((slot) => {
    const start = toMinutes(slot);
    const end = start + durationMinutes;
    return !ranges.some(([bStart, bEnd]) => start < bEnd && end > bStart);
  });
}

/** True for a real calendar date written 'YYYY-MM-DD' (2026-02-30 is not). */
export function isValidDate(date: string): boolean {
  const m = isoDate.exec(date);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const utc = new Date(Date.UTC(y, mo - 1, d));
  return utc.getUTCFullYear() === y && utc.getUTCMonth() === mo - 1 && utc.getUTCDate() === d;
}

function utcDate(date: string): Date {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d));
}

const isoOf = (d: Date) => d.toISOString().slice(0, 10);

/** The weekday code of a 'YYYY-MM-DD' date (a calendar date: no time zone involved). */
export function weekdayOf(date: string): WeekdayCode {
  // getUTCDay: 0 = Sunday; weekdayCodes start on Monday.
  return weekdayCodes[(utcDate(date).getUTCDay() + 6) % 7] as WeekdayCode;
}

/** The date `days` calendar days after `date` (negative: before). */
export function addDays(date: string, days: number): string {
  const d = utcDate(date);
  d.setUTCDate(d.getUTCDate() + days);
  return isoOf(d);
}

/** Every date of a month (month 1–12), in order. */
export function monthDates(year: number, month: number): string[] {
  const count = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const prefix = `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}`;
  return Array.from({ length: count }, (_, i) => `${prefix}-${String(i + 1).padStart(2, '0')}`);
}
