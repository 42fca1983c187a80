import { bookingLeadMinutes, toMinutes } from './slots.ts';

/**
 * Wall-clock ↔ instant conversion with Intl, for any IANA zone (DESIGN §1.7). The API speaks wall-clock dates
 * and 'HH:MM' in the tutor's zone (Africa/Addis_Ababa by default); sessions are stored as instants; the wizard
 * shows each planned session in the visitor's own zone, which may observe daylight saving.
 */

export type WallClock = { date: string; time: string; minutes: number };

/**
 * One formatter per zone (making one is the slow part). Zone names arrive from requests and are accepted in any
 * letter case, so the cache is bounded: past 1,000 names it starts again.
 */
const formatters = new Map<string, Intl.DateTimeFormat>();
const maxFormatters = 1_000;

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    if (formatters.size >= maxFormatters) formatters.clear();
    formatters.set(timeZone, f);
  }
  return f;
}

/** True when Intl knows the zone ('Africa/Addis_Ababa', 'America/New_York', 'UTC'…). */
export function isValidTimeZone(timeZone: string): boolean {
  try {
    formatterFor(timeZone);
    return true;
  } catch {
    return false;
  }
}

function parts(instant: Date, timeZone: string) {
  const out: Record<string, number> = {};
  for (const p of formatterFor(timeZone).formatToParts(instant)) {
    if (p.type !== 'literal') out[p.type] = Number(p.value);
  }
  return out as { year: number; month: number; day: number; hour: number; minute: number; second: number };
}

/** The zone's offset from UTC at an instant, in minutes (EAT: +180; New York in July: -240). */
export function zoneOffsetMinutes(instant: Date, timeZone: string): number {
  const p = parts(instant, timeZone);
  const asUtc = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return Math.round((asUtc - Math.floor(instant.getTime() / 1000) * 1000) / 60_000);
}

/** The instant at which the wall clock in `timeZone` reads `date` `time`. In a DST gap, the time after the gap;
 * in an overlap (a fall-back hour), the earlier of the two instants. */
export function zonedTimeToInstant(date: string, time: string, timeZone: string): Date {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const minutes = toMinutes(time);
  const naive = Date.UTC(y, m - 1, d) + minutes * 60_000;
  const first = naive - zoneOffsetMinutes(new Date(naive), timeZone) * 60_000;
  const second = naive - zoneOffsetMinutes(new Date(first), timeZone) * 60_000;
  // In a gap (02:30 on a spring-forward day) no instant reads that time: move forward, as Temporal does.
  const reads = instantToWallClock(new Date(second), timeZone);
  if (reads.date !== date || reads.minutes !== minutes) return new Date(Math.max(first, second));
  return new Date(second);
}

/** What the wall clock in `timeZone` reads at `instant`. */
export function instantToWallClock(instant: Date | string, timeZone: string): WallClock {
  const p = parts(typeof instant === 'string' ? new Date(instant) : instant, timeZone);
  const pad = (n: number) => String(n).padStart(2, '0');
  const hour = p.hour === 24 ? 0 : p.hour;
  return {
    date: `${String(p.year).padStart(4, '0')}-${pad(p.month)}-${pad(p.day)}`,
    time: `${pad(hour)}:${pad(p.minute)}`,
    minutes: hour * 60 + p.minute,
  };
}

/** 'HH:MM' (24-hour) of an instant in a zone: the visitor-local time the wizard shows beside EAT. */
export function formatLocalTime(instant: Date | string, timeZone: string): string {
  return instantToWallClock(instant, timeZone).time;
}

/**
 * Only future slots (spec: only_future=1): keeps the slots of `date` that start at or after now + lead time.
 * Dates before the cut-off day lose every slot; later dates keep all.
 */
export function futureSlots(
  date: string,
  slots: readonly string[],
  opts: { now: Date; timeZone: string; leadMinutes?: number },
): string[] {
  const cutoff = new Date(opts.now.getTime() + (opts.leadMinutes ?? bookingLeadMinutes) * 60_000);
  const cutoffDay = instantToWallClock(cutoff, opts.timeZone).date;
  if (date > cutoffDay) return [...slots];
  if (date < cutoffDay) return [];
  return slots.filter((s) => zonedTimeToInstant(date, s, opts.timeZone).getTime() >= cutoff.getTime());
}
