import type { CreditBalance } from '@tibeb/domain/family/contracts';
import { formatAmount } from '@tibeb/domain/payments/currency';
import { englishText, type Translate } from '../../../lib/translate-message.ts';

// i18n-namespace: family (the `t` these helpers take is the family area's)

export { EAT, browserZone, sessionTimes } from '../../../lib/session-times.ts';

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
