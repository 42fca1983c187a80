import { englishDates, formatDate, type DateSettings } from '../dates/format.ts';

/** Wall-clock parts of an instant in a time zone: { date: 'YYYY-MM-DD', time: 'HH:MM' }. */
export function wallClock(instant: Date | string, timeZone: string): { date: string; time: string } {
  const d = typeof instant === 'string' ? new Date(instant) : instant;
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(d)
      .map((p) => [p.type, p.value]),
  );
  return { date: `${parts.year}-${parts.month}-${parts.day}`, time: `${parts.hour}:${parts.minute}` };
}

/** 'Mon, 12 Jan 2026' for an instant in a time zone (in Amharic, with the Ethiopian date: dates/format). */
export function formatDay(
  instant: Date | string,
  timeZone: string,
  settings: DateSettings = englishDates,
): string {
  return formatDate(instant, 'day', settings, timeZone);
}

/** The short zone label the product uses: 'EAT' for Africa/Addis_Ababa (DESIGN §1.7), else the zone name. */
export function zoneLabel(timeZone: string): string {
  return timeZone === 'Africa/Addis_Ababa' ? 'EAT' : timeZone;
}

/** 'Mon, 12 Jan 2026, 16:00–17:00 EAT': one session as e-mails and pages list it. */
export function formatSessionRange(startsAt: Date | string, endsAt: Date | string, timeZone: string): string {
  const start = wallClock(startsAt, timeZone);
  const end = wallClock(endsAt, timeZone);
  return `${formatDay(startsAt, timeZone)}, ${start.time}–${end.time} ${zoneLabel(timeZone)}`;
}
