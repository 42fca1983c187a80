import { instantToWallClock, zoneOffsetMinutes } from '@tibeb/domain/bookings/time';

/**
 * An iCalendar (RFC 5545) document of sessions, written by hand: a few properties, escaped and folded. Times
 * carry the tutor's zone (`TZID`, with its VTIMEZONE) when that zone has one fixed offset, as Ethiopia does;
 * a zone with daylight saving falls back to UTC times, which every calendar shows correctly.
 */
export type FeedEvent = {
  uid: string;
  startsAt: Date;
  endsAt: Date;
  timeZone: string;
  /** As shown, "Cancelled: …" included for a cancelled one (in the owner's language). */
  summary: string;
  description: string;
  url: string;
  cancelled: boolean;
  /** Grows with every change (reschedule, cancel), so subscribed calendars take the new version. */
  sequence: number;
  updatedAt: Date;
};

// C0 controls, DEL and C1 controls: matching control characters is the point here.
// eslint-disable-next-line no-control-regex
const controls = /[\u0000-\u001F\u007F-\u009F]/g;

/**
 * RFC 5545 TEXT (§3.3.11): backslash, semicolon and comma escaped, a line break (CRLF or LF) as `\n`; a tab reads
 * as a space, and every other control character (a lone CR above all, which some readers take as a line end and
 * which let a stored name start a new property or event: issue 29 item 6) is dropped.
 */
export const escapeText = (s: string) =>
  s
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\n/g, '\\n')
    .replace(/\t/g, ' ')
    .replace(controls, '');

/** A value that is not TEXT (a URI, an id, a zone name) is never escaped, but holds no control character either. */
const bare = (s: string) => s.replace(controls, '');

/**
 * Lines longer than 75 octets continue on the next line after a space (RFC 5545 §3.1), cut between characters,
 * never inside one's UTF-8 bytes (Ethiopic letters take three).
 */
export function fold(line: string): string {
  const bytes = Buffer.from(line, 'utf8');
  if (bytes.length <= 75) return line;
  const out: string[] = [];
  let current = '';
  let size = 0;
  for (const ch of line) {
    const n = Buffer.byteLength(ch);
    if (size + n > (out.length === 0 ? 75 : 74)) {
      out.push(current);
      current = '';
      size = 0;
    }
    current += ch;
    size += n;
  }
  out.push(current);
  return out.join('\r\n ');
}

const utc = (d: Date) =>
  d
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
const local = (d: Date, zone: string) => {
  const w = instantToWallClock(d, zone);
  return `${w.date.replace(/-/g, '')}T${w.time.replace(':', '')}00`;
};
const offset = (minutes: number) => {
  const sign = minutes < 0 ? '-' : '+';
  const abs = Math.abs(minutes);
  return `${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}${String(abs % 60).padStart(2, '0')}`;
};

/** The zone's one offset over the year, or null when it changes (daylight saving). */
function fixedOffset(zone: string, year: number): number | null {
  try {
    const jan = zoneOffsetMinutes(new Date(Date.UTC(year, 0, 1)), zone);
    const jul = zoneOffsetMinutes(new Date(Date.UTC(year, 6, 1)), zone);
    return jan === jul ? jan : null;
  } catch {
    return null;
  }
}

export function buildCalendar(name: string, events: FeedEvent[], now = new Date()): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Tibeb Tutoring//Sessions//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    `X-WR-CALNAME:${escapeText(name)}`,
    'X-PUBLISHED-TTL:PT1H',
    'REFRESH-INTERVAL;VALUE=DURATION:PT1H',
  ];
  const year = now.getUTCFullYear();
  const zones = new Map<string, number | null>();
  for (const e of events) if (!zones.has(e.timeZone)) zones.set(e.timeZone, fixedOffset(e.timeZone, year));
  for (const [zone, minutes] of zones) {
    if (minutes === null) continue;
    const abbreviation = zone === 'Africa/Addis_Ababa' ? 'EAT' : offset(minutes);
    lines.push(
      'BEGIN:VTIMEZONE',
      `TZID:${bare(zone)}`,
      'BEGIN:STANDARD',
      'DTSTART:19700101T000000',
      `TZOFFSETFROM:${offset(minutes)}`,
      `TZOFFSETTO:${offset(minutes)}`,
      `TZNAME:${abbreviation}`,
      'END:STANDARD',
      'END:VTIMEZONE',
    );
  }
  for (const e of events) {
    const zoned = zones.get(e.timeZone) !== null;
    const time = (d: Date) => (zoned ? `;TZID=${bare(e.timeZone)}:${local(d, e.timeZone)}` : `:${utc(d)}`);
    lines.push(
      'BEGIN:VEVENT',
      `UID:${bare(e.uid)}`,
      `DTSTAMP:${utc(now)}`,
      `LAST-MODIFIED:${utc(e.updatedAt)}`,
      `SEQUENCE:${e.sequence}`,
      `DTSTART${time(e.startsAt)}`,
      `DTEND${time(e.endsAt)}`,
      `SUMMARY:${escapeText(e.summary)}`,
      `DESCRIPTION:${escapeText(e.description)}`,
      `URL:${bare(e.url)}`,
      // Kept with its UID (decision 181): Google drops a cancelled event, Apple strikes it through, and an
      // app that ignores STATUS still reads "Cancelled" and sees the time as free.
      `STATUS:${e.cancelled ? 'CANCELLED' : 'CONFIRMED'}`,
      `TRANSP:${e.cancelled ? 'TRANSPARENT' : 'OPAQUE'}`,
      'END:VEVENT',
    );
  }
  lines.push('END:VCALENDAR');
  return `${lines.map(fold).join('\r\n')}\r\n`;
}
