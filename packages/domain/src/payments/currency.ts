import { z } from 'zod';
import { sessionsCostCents } from '../bookings/price.ts';
import { codedMessages } from '../shared/error-codes.ts';
import { formatCents, formatUsd } from '../shared/money.ts';

/**
 * The currencies a family can pay in (issue 18 §3, decision 170): US dollars by card (Stripe or the demo
 * checkout) and Ethiopian birr through Chapa. Amounts are integer cents (santim for birr) with the code.
 */
export const paymentCurrencies = ['USD', 'ETB'] as const;
export type PaymentCurrency = (typeof paymentCurrencies)[number];

export const currencyMessages = {
  invalid: 'Choose USD or ETB.',
  etbUnavailable: 'Payment in birr is not available right now. Please pay in US dollars.',
  etbNotOffered: 'Payment in birr is not offered for this subject yet. Please pay in US dollars.',
} as const;

/** Their codes (shared/error-codes.ts): `currency_invalid`, `currency_etb_unavailable`, … */
export const currencyMessageCodes = codedMessages(currencyMessages, { prefix: 'currency_' });

/** The payload field: absent or empty means US dollars (every client before issue 18 sends none). */
export const paymentCurrencySchema = z.preprocess(
  (v) => (typeof v === 'string' ? v.trim().toUpperCase() || undefined : (v ?? undefined)),
  z.enum(paymentCurrencies, { error: currencyMessages.invalid }).default('USD'),
);

/**
 * The hourly rate of a booking in a currency: dollars from the tutor's (or the subject's) rate, birr from the
 * subject's ETB rate set by an administrator. Null when the subject has no birr price: birr is not offered.
 */
export function hourlyRateIn(
  currency: PaymentCurrency,
  rates: { usdCents: number; etbCents: number | null },
): number | null {
  if (currency === 'USD') return rates.usdCents;
  return rates.etbCents !== null && Number.isInteger(rates.etbCents) && rates.etbCents > 0
    ? rates.etbCents
    : null;
}

export type CurrencyOption = { currency: PaymentCurrency; hourly_rate_cents: number; amount_cents: number };

/**
 * What the family may choose between for one plan: dollars always, birr when Chapa is enabled and the subject
 * has a birr rate. Each with the amount the server will charge (rate × hours × planned sessions).
 */
export function currencyOptions(input: {
  enabled: readonly PaymentCurrency[];
  usdRateCents: number;
  etbRateCents: number | null;
  durationHours: number;
  sessions: number;
}): CurrencyOption[] {
  const options: CurrencyOption[] = [];
  for (const currency of paymentCurrencies) {
    if (!input.enabled.includes(currency)) continue;
    const rate = hourlyRateIn(currency, { usdCents: input.usdRateCents, etbCents: input.etbRateCents });
    if (rate === null) continue;
    options.push({
      currency,
      hourly_rate_cents: rate,
      amount_cents: sessionsCostCents({
        hourlyRateCents: rate,
        durationHours: input.durationHours,
        sessions: input.sessions,
      }),
    });
  }
  return options;
}

/**
 * One way to show money (decision 170): '$1,234.00' for dollars, 'ETB 1,234.00' for birr (the ISO code, as
 * bank statements and Chapa's receipts write it; the same in Amharic, so amounts never change with the language).
 */
export function formatAmount(cents: number, currency: string): string {
  return currency === 'USD' ? formatUsd(cents) : `${currency} ${formatCents(cents)}`;
}

/** Chapa's API takes and answers amounts as decimal strings in birr ('1234.50'). */
export function toChapaAmount(cents: number): string {
  return (cents / 100).toFixed(2);
}

/** A Chapa amount ('1234.5', '1234.50' or a number) as integer santim; null when it is not an amount. */
export function fromChapaAmount(value: unknown): number | null {
  const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : '';
  if (!/^\d{1,12}(\.\d{1,2})?$/.test(text)) return null;
  const [whole = '0', fraction = ''] = text.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}
