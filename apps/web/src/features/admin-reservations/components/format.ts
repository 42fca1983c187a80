import { formatAmount } from '@tibeb/domain/payments/currency';
import { toCents } from '@tibeb/domain/shared/money';
import { formatDate, type DateSettings } from '@tibeb/domain/dates/format';
import type { Translate } from '../../../lib/translate-message.ts';

// i18n-namespace: admin
/** Display helpers of the reservation screens (times in EAT, the business's zone, DESIGN §1.7). */
export const statusLabels = (t: Translate): Record<string, string> => ({
  pending_payment: t('Awaiting payment'),
  confirmed: t('Confirmed'),
  completed: t('Completed'),
  expired: t('Expired'),
  cancelled: t('Cancelled'),
  held: t('Held'),
  scheduled: t('Scheduled'),
  no_show: t('No-show'),
  skipped: t('Skipped'),
  interrupted: t('Interrupted'),
  // A reservation's payments, named as recorded.
  pending: t('pending'),
  paid: t('paid'),
  failed: t('failed'),
  refunded: t('refunded'),
  partially_refunded: t('partially_refunded'),
});

export const statusTone: Record<string, string> = {
  confirmed: 'bg-emerald-50 text-emerald-800 border-emerald-200',
  scheduled: 'bg-emerald-50 text-emerald-800 border-emerald-200',
  completed: 'bg-sky-50 text-sky-800 border-sky-200',
  pending_payment: 'bg-amber-50 text-amber-900 border-amber-200',
  held: 'bg-amber-50 text-amber-900 border-amber-200',
  cancelled: 'bg-stone-100 text-stone-700 border-stone-300',
  expired: 'bg-stone-100 text-stone-700 border-stone-300',
  skipped: 'bg-stone-100 text-stone-700 border-stone-300',
  no_show: 'bg-red-50 text-red-800 border-red-200',
  interrupted: 'bg-amber-50 text-amber-900 border-amber-300',
};

/** An amount in whole units ('120.5') the way every money figure is shown (formatAmount, decision 170). */
export const money = (amount: number, currency: string) => formatAmount(toCents(amount), currency);

/** 'Mon, 12 Jan 2026' for a calendar date; in Amharic, with the Ethiopian date (settings from useDates()). */
export const longDate = (date: string, settings: DateSettings) => formatDate(date, 'day', settings);

/** '12 Jan 2026, 16:05' for an instant, in EAT. */
export const eatDateTime = (iso: string, settings: DateSettings) =>
  formatDate(iso, 'dateTime', settings, 'Africa/Addis_Ababa');
