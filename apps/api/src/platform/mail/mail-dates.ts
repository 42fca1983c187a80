import { englishDates, type DateSettings } from '@tibeb/domain/dates/format';
import { formatDay, formatSessionRange, wallClock, zoneLabel } from '@tibeb/domain/payments/session-times';
import type { Locale } from '@tibeb/domain/shared/locale';

/**
 * Dates and times in e-mails, in the recipient's language (issue 18). English stays as it always was
 * ('Mon, 12 Jan 2026, 16:00–17:00 EAT'); Amharic names the Gregorian day in Amharic with the Ethiopian date
 * beside it ('ሰኞ፣ ጃንዋሪ 12 2026 (ጥር 4 2018)፣ 16:00–17:00 EAT'). Times are on the 24-hour clock with their zone,
 * never the Ethiopian 12-hour day clock, so that a time reads the same to the family and the tutor.
 */

export const EAT = 'Africa/Addis_Ababa';

export type MailSession = { startsAt: Date; endsAt: Date };

const settingsOf = (locale: Locale): DateSettings =>
  locale === 'am' ? { language: 'am', ethiopian: true } : englishDates;

/** 'Mon, 12 Jan 2026' / 'ሰኞ፣ ጃንዋሪ 12 2026 (ጥር 4 2018)': the day of an instant in a time zone (dates/format). */
export function mailDay(instant: Date, timeZone: string, locale: Locale): string {
  return formatDay(instant, timeZone, settingsOf(locale));
}

/** One session: 'Mon, 12 Jan 2026, 16:00–17:00 EAT' / 'ሰኞ፣ ጃንዋሪ 12 2026 (ጥር 4 2018)፣ 16:00–17:00 EAT'. */
export function mailSessionRange(s: MailSession, timeZone: string, locale: Locale): string {
  if (locale === 'en') return formatSessionRange(s.startsAt, s.endsAt, timeZone);
  const start = wallClock(s.startsAt, timeZone);
  const end = wallClock(s.endsAt, timeZone);
  return `${mailDay(s.startsAt, timeZone, locale)}፣ ${start.time}–${end.time} ${zoneLabel(timeZone)}`;
}

/**
 * A session in the tutor's zone (EAT) and, when the family lives elsewhere, in its own zone too:
 * '… 16:00–17:00 EAT (Mon, 12 Jan 2026, 14:00–15:00 Europe/London, your time)'.
 */
export function mailTwoZones(s: MailSession, familyZone: string, locale: Locale, zone = EAT): string {
  const main = mailSessionRange(s, zone, locale);
  if (!familyZone || familyZone === zone) return main;
  const own = mailSessionRange(s, familyZone, locale);
  return locale === 'am' ? `${main} (በእርስዎ ሰዓት፦ ${own})` : `${main} (${own}, your time)`;
}

/** A moment such as a payment: '2026-01-12 16:00 EAT' / 'ሰኞ፣ ጃንዋሪ 12 2026 (ጥር 4 2018)፣ 16:00 EAT'. */
export function mailDateTime(instant: Date, timeZone: string, locale: Locale): string {
  const w = wallClock(instant, timeZone);
  if (locale === 'en') return `${w.date} ${w.time} ${zoneLabel(timeZone)}`;
  return `${mailDay(instant, timeZone, locale)}፣ ${w.time} ${zoneLabel(timeZone)}`;
}
