import { englishDates, formatDate, type DateSettings } from '@tibeb/domain/dates/format';
import type { CreditBalance } from '@tibeb/domain/family/contracts';
import { formatAmount } from '@tibeb/domain/payments/currency';
import { englishText, type Translate } from '../../../lib/translate-message.ts';

// i18n-namespace: family (the `t` these helpers take is the family area's)

/** Tutors teach on Ethiopian time (DESIGN §1.7): "EAT", and the family's own time beside when it differs. */
export const EAT = 'Africa/Addis_Ababa';

export const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

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

/** "in 2 days 5 h", "in 3 h 20 min", "in 4 min", "now". */
export function countdown(iso: string, now: number, t: Translate = englishText): string {
  const ms = new Date(iso).getTime() - now;
  if (ms <= 0) return t('now');
  const min = Math.floor(ms / 60_000);
  const days = Math.floor(min / 1440);
  const hours = Math.floor((min % 1440) / 60);
  const minutes = min % 60;
  if (days > 0)
    return days === 1
      ? t('in 1 day {{hours}} h', { hours })
      : t('in {{days}} days {{hours}} h', { days, hours });
  if (hours > 0) return t('in {{hours}} h {{minutes}} min', { hours, minutes });
  return t('in {{minutes}} min', { minutes });
}

/** An amount in its currency: '$25.00', 'ETB 1,125.00' (decision 172). */
export const money = (cents: number, currency = 'USD') => formatAmount(cents, currency);

/**
 * The family's credit, one amount per currency (each is spent only on bookings in it): '$12.00 and ETB 450.00';
 * '$0.00' when there is none.
 */
export function creditText(balances: readonly CreditBalance[], t: Translate = englishText): string {
  if (balances.length === 0) return money(0);
  return balances
    .map((b) => money(b.amount_cents, b.currency))
    .reduce((first, second) => t('{{first}} and {{second}}', { first, second }));
}

// A date alone ('1 Dec 2026') is `useDates().format(iso, 'date', zone)`.
