import { isValidTimeZone } from '@tibeb/domain/bookings/time';
import { englishDates, formatDate, type DateSettings } from '@tibeb/domain/dates/format';
import { englishText, type Translate } from './translate-message.ts';

// i18n-namespace: family (the `t` these helpers take is the caller's; the key is in family, booking and public)

/** Tutors teach on Ethiopian time (DESIGN §1.7): "EAT", and the family's own time beside when it differs. */
export const EAT = 'Africa/Addis_Ababa';

let defaults: Intl.DateTimeFormat | undefined;

/**
 * The visitor's own IANA zone, from the browser. One formatter serves every call: a page of cards asks for it in
 * every render, and making a formatter costs about a millisecond on a slow phone.
 */
export const browserZone = (): string => (defaults ??= new Intl.DateTimeFormat()).resolvedOptions().timeZone;

/** The browser's zone when it is one the app can compute with, else null. */
export function validBrowserZone(): string | null {
  const zone = browserZone();
  return zone && isValidTimeZone(zone) ? zone : null;
}

/**
 * "Tue 1 Dec, 17:00 EAT" and, when the family's zone differs, "Tue 1 Dec, 09:00 your time (New York)"; the days
 * in the reader's language, with the Ethiopian date when on (`dates` from useDates()).
 */
export function sessionTimes(
  iso: string,
  familyZone: string,
  tutorZone = EAT,
  t: Translate = englishText,
  dates: DateSettings = englishDates,
) {
  const dayTime = (at: string, timeZone: string) => formatDate(at, 'dayTime', dates, timeZone);
  const eat = `${dayTime(iso, tutorZone)} EAT`;
  const own = dayTime(iso, familyZone);
  const city = familyZone.split('/').pop()?.replace(/_/g, ' ') ?? familyZone;
  return {
    eat,
    local: own === dayTime(iso, tutorZone) ? null : t('{{when}} your time ({{city}})', { when: own, city }),
  };
}
