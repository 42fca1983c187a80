import { englishDates, formatDate, type DateSettings } from '../dates/format.ts';

/** An amount in cents in its currency, e.g. formatMoney(123450, 'ETB') → 'ETB 1,234.50', (1250, 'USD') → '$12.50'. */
export function formatMoney(cents: number, currency: string): string {
  try {
    return new Intl.NumberFormat('en-US', { style: 'currency', currency, minimumFractionDigits: 2 }).format(
      cents / 100,
    );
  } catch {
    return `${currency} ${(cents / 100).toFixed(2)}`;
  }
}

/** A timestamp for admin lists, in East Africa Time: '23 Nov 2026, 14:05' (dates/format for other languages). */
export function formatEat(iso: string | null, settings: DateSettings = englishDates): string {
  if (!iso) return '—';
  return formatDate(iso, 'dateTime', settings, 'Africa/Addis_Ababa');
}
