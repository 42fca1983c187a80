/** Ethiopia's zone: the tutors' clock (DESIGN §1.7). */
export const EAT_ZONE = 'Africa/Addis_Ababa';

export const zoneLabel = (zone: string) =>
  zone === EAT_ZONE ? 'EAT' : zone.split('/').pop()!.replace(/_/g, ' ');

const formatter = (zone: string, opts: Intl.DateTimeFormatOptions) =>
  new Intl.DateTimeFormat('en-GB', { ...opts, timeZone: zone, hour12: false });

export const clock = (iso: string, zone: string) =>
  formatter(zone, { hour: '2-digit', minute: '2-digit' }).format(new Date(iso));

// Days and dates are written by useDates() (lib/dates.ts): in Amharic, and with Ethiopian dates, too.

/** 'YYYY-MM-DD' of an instant in a zone. */
export const dateIn = (iso: string, zone: string) =>
  new Intl.DateTimeFormat('en-CA', {
    timeZone: zone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date(iso));

/**
 * '17:00 EAT' and the family's '09:00' in 'New York' when the family's zone is known and differs; the caller words
 * the family's part through t() ("{{time}} family's time ({{city}})").
 */
export function bothZones(iso: string, tutorZone: string, familyZone: string) {
  const own = `${clock(iso, tutorZone)} ${zoneLabel(tutorZone)}`;
  if (!familyZone || familyZone === tutorZone) return { tutor: own, family: null };
  try {
    return { tutor: own, family: { time: clock(iso, familyZone), city: zoneLabel(familyZone) } };
  } catch {
    return { tutor: own, family: null };
  }
}

export const minutesBetween = (a: string, b: string) => Math.round((Date.parse(b) - Date.parse(a)) / 60_000);

/** The sessions' statuses as the tutor reads them: English keys of the 'tutor' namespace (locales.test.ts). */
export const statusLabel: Record<string, string> = {
  scheduled: 'Scheduled',
  completed: 'Attended',
  no_show: 'No-show',
  cancelled: 'Cancelled',
  interrupted: 'Interrupted',
};
