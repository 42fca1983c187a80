import { defaultTimeZone } from '@tibeb/domain/bookings/messages';
import { validBrowserZone } from './session-times.ts';
import { instantToWallClock, zonedTimeToInstant } from '@tibeb/domain/bookings/time';
import { englishText, type Translate } from './translate-message.ts';
import { englishDates, formatDate, type DateSettings } from '@tibeb/domain/dates/format';

// i18n-namespace: booking (the `t` these take is the booking wizard's or the trial page's, with the same words)

/** The visitor's own IANA zone, from the browser. */
export const visitorTimeZone = (): string => validBrowserZone() ?? 'UTC';

/** 'EAT' for Ethiopia (DESIGN §1.7); another tutor zone by its name. */
export const zoneLabel = (timeZone: string) => (timeZone === defaultTimeZone ? 'EAT' : timeZone);

const cityOf = (timeZone: string) => timeZone.split('/').pop()!.replace(/_/g, ' ');

/**
 * The visitor's wall-clock reading of a tutor-zone date and time, computed per date so daylight saving in the
 * visitor's zone is honoured; null when it reads the same as the tutor's clock.
 */
export function visitorLocalText(
  date: string,
  time: string,
  tutorZone: string,
  visitorZone: string,
  t: Translate = englishText,
  dates: DateSettings = englishDates,
): string | null {
  if (!date || !time) return null;
  const local = instantToWallClock(zonedTimeToInstant(date, time, tutorZone), visitorZone);
  if (local.date === date && local.time === time) return null;
  const when =
    local.date === date ? local.time : `${formatDate(local.date, 'dayShort', dates)}, ${local.time}`;
  return t('{{when}} your time ({{city}})', { when, city: cityOf(visitorZone) });
}

/** '16:00 EAT · 14:00 your time (Berlin)': the visitor's reading only when it differs, as the wizard shows it. */
export function zonedTimeText(
  date: string,
  time: string,
  tutorZone: string,
  visitorZone: string,
  t: Translate,
  dates: DateSettings,
): string {
  const base = `${time} ${zoneLabel(tutorZone)}`;
  const local = visitorLocalText(date, time, tutorZone, visitorZone, t, dates);
  return local ? `${base} · ${local}` : base;
}
