import { englishDates, formatDate, type DateSettings } from '../dates/format.ts';
import { formatAmount } from '../payments/currency.ts';

/**
 * An amount in cents in its currency, e.g. formatMoney(123450, 'ETB') → 'ETB 1,234.50', (1250, 'USD') → '$12.50':
 * the one money format of the product (payments/currency.ts, decision 170), so a list, a receipt and the
 * checkout write birr alike.
 */
export function formatMoney(cents: number, currency: string): string {
  return formatAmount(cents, currency);
}

/** A timestamp for admin lists, in East Africa Time: '23 Nov 2026, 14:05' (dates/format for other languages). */
export function formatEat(iso: string | null, settings: DateSettings = englishDates): string {
  if (!iso) return '—';
  return formatDate(iso, 'dateTime', settings, 'Africa/Addis_Ababa');
}
