import { defaultTimeZone } from '@tibeb/domain/bookings/messages';
import { browserZone } from '../../../lib/session-times.ts';
import { instantToWallClock, isValidTimeZone, zonedTimeToInstant } from '@tibeb/domain/bookings/time';
import { formatDate, type DateSettings } from '@tibeb/domain/dates/format';
import type { Translate } from '../../../lib/translate-message.ts';

// i18n-namespace: booking (the same words as the booking wizard's times)

/** The visitor's own IANA zone, from the browser. */
export function visitorTimeZone(): string {
  const zone = browserZone();
  return zone && isValidTimeZone(zone) ? zone : 'UTC';
}

/** 'EAT' for Ethiopia (DESIGN §1.7); another tutor zone by its name. */
export const zoneLabel = (timeZone: string) => (timeZone === defaultTimeZone ? 'EAT' : timeZone);

const cityOf = (timeZone: string) => timeZone.split('/').pop()!.replace(/_/g, ' ');

/** '16:00 EAT · 14:00 your time (Berlin)': the visitor's reading only when it differs, as the wizard shows it. */
export function zonedTimeText(
  date: string,
  time: string,
  tutorZone: string,
  visitorZone: string,
  t: Translate,
  dates: DateSettings,
): string {
  const local = instantToWallClock(zonedTimeToInstant(date, time, tutorZone), visitorZone);
  const base = `${time} ${zoneLabel(tutorZone)}`;
  if (local.date === date && local.time === time) return base;
  const when =
    local.date === date ? local.time : `${formatDate(local.date, 'dayShort', dates)}, ${local.time}`;
  return `${base} · ${t('{{when}} your time ({{city}})', { when, city: cityOf(visitorZone) })}`;
}
