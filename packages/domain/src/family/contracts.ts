import { z } from 'zod';
import {
  currencyMessages,
  paymentCurrencies,
  type CurrencyOption,
  type PaymentCurrency,
} from '../payments/currency.ts';
import { codedMessages } from '../shared/error-codes.ts';
import { roomSchema } from '../sessions/tutor-area.ts';

/**
 * The family (student-role) area's contracts (issue 15): the overview with each session's room and change
 * terms, payments with receipts, credit, settings and progress. A family account sees every student it booked
 * for (DESIGN §1.9): everything is keyed by the reservations linked to the account.
 */

export const familyMessages = {
  paymentNotFound: 'Payment not found.',
  wrongPassword: 'Your current password is not correct.',
  passwordChanged: 'Your password was changed. Please sign in again with the new one.',
  invalidTimeZone: 'Choose a time zone from the list.',
  invalidPreference: 'Choose e-mail, phone or WhatsApp.',
  settingsSaved: 'Your settings were saved.',
} as const;

/** Their codes (shared/error-codes.ts): `payment_not_found`, `invalid_time_zone`, … */
export const familyMessageCodes = codedMessages(familyMessages, {
  codes: { wrongPassword: 'current_password_wrong', passwordChanged: 'family_password_changed' },
});

/** What changing a session costs right now: free (outside the notice window) or not, and what comes back. */
export const changeTermsSchema = z.object({
  /** True while the session starts at least the notice before now: cancelling gives its value back. */
  in_time: z.boolean(),
  notice_hours: z.number().int(),
  /** The last instant at which cancelling or moving is free. */
  free_until: z.string(),
  /** The session's share of what was paid, in cents. */
  value_cents: z.number().int(),
  /** How many scheduled sessions 'series' covers from this one (it included). */
  series_count: z.number().int(),
  /** Their value together, in cents (only the in-time ones come back). */
  series_value_cents: z.number().int(),
});
export type ChangeTerms = z.infer<typeof changeTermsSchema>;

export const familySessionSchema = z.object({
  id: z.string(),
  reservation_id: z.string(),
  /** weekly, or a trial lesson (decision 273), labelled "Trial". */
  kind: z.enum(['weekly', 'trial']).optional(),
  starts_at: z.string(),
  ends_at: z.string(),
  status: z.string(),
  time_zone: z.string(),
  duration_minutes: z.number().int(),
  subject: z.string(),
  student_name: z.string(),
  tutor_id: z.number().int(),
  tutor_name: z.string(),
  /** The booking's currency: the session's value, credit or refund are in it. */
  currency: z.enum(paymentCurrencies),
  room: roomSchema,
  terms: changeTermsSchema,
});
export type FamilySession = z.infer<typeof familySessionSchema>;

/**
 * Credit is kept per currency and spent only in its own (decision 171): a family's balance is one amount per
 * currency it has credit in, dollars first; none when it has no credit.
 */
export const creditBalanceSchema = z.object({
  currency: z.enum(paymentCurrencies),
  amount_cents: z.number().int(),
});
export type CreditBalance = z.infer<typeof creditBalanceSchema>;

/** The balances to show: the non-zero ones in the order of `paymentCurrencies` (dollars, then birr). */
export function creditBalances(rows: readonly { currency: string; amount_cents: number }[]): CreditBalance[] {
  return paymentCurrencies.flatMap((currency) => {
    const amount = rows.filter((r) => r.currency === currency).reduce((sum, r) => sum + r.amount_cents, 0);
    return amount === 0 ? [] : [{ currency, amount_cents: amount }];
  });
}

export const familyOverviewSchema = z.object({
  family: z.object({ name: z.string(), email: z.string(), time_zone: z.string() }),
  credit: z.array(creditBalanceSchema),
  upcoming: z.array(familySessionSchema),
});
export type FamilyOverview = z.infer<typeof familyOverviewSchema>;

export const creditEntrySchema = z.object({
  id: z.string(),
  amount_cents: z.number().int(),
  currency: z.enum(paymentCurrencies),
  kind: z.string(),
  note: z.string(),
  created_at: z.string(),
});
export const familyCreditSchema = z.object({
  balances: z.array(creditBalanceSchema),
  entries: z.array(creditEntrySchema),
});
export type FamilyCredit = z.infer<typeof familyCreditSchema>;

export const familyPaymentSchema = z.object({
  id: z.string(),
  reservation_id: z.string(),
  receipt_number: z.string(),
  provider: z.string(),
  status: z.string(),
  amount_cents: z.number().int(),
  refunded_cents: z.number().int(),
  currency: z.string(),
  paid_at: z.string().nullable(),
  created_at: z.string(),
  subject: z.string(),
  tutor_name: z.string(),
  student_name: z.string(),
  /** Each refund of the payment, oldest first, with the reason the office gave (issue 31 item 2). */
  refunds: z
    .array(
      z.object({
        amount_cents: z.number().int(),
        status: z.string(),
        reason: z.string(),
        created_at: z.string(),
      }),
    )
    .default([]),
});
export type FamilyPayment = z.infer<typeof familyPaymentSchema>;

export const receiptSchema = familyPaymentSchema.extend({
  family: z.object({ name: z.string(), email: z.string() }),
  credit_applied_cents: z.number().int(),
  total_cents: z.number().int(),
  duration_minutes: z.number().int(),
  time_zone: z.string(),
  sessions: z.array(
    z.object({
      starts_at: z.string(),
      status: z.string(),
      /** Why a cancelled session was cancelled, as typed ('' when nothing was typed; issue 31 item 2). */
      cancel_reason: z.string().default(''),
    }),
  ),
});
export type Receipt = z.infer<typeof receiptSchema>;

/** A receipt's number, short and stable: from the payment id. */
export const receiptNumber = (paymentId: string) =>
  `TT-${paymentId.replace(/-/g, '').slice(0, 10).toUpperCase()}`;

export const paymentIdParamsSchema = z.object({
  id: z.string().uuid(familyMessages.paymentNotFound),
});

// ---------------------------------------------------------------------------------------------------------
// Settings

export const communicationPreferences = ['email', 'phone', 'whatsapp'] as const;
export const communicationLabels: Record<(typeof communicationPreferences)[number], string> = {
  email: 'E-mail',
  phone: 'Phone call or SMS',
  whatsapp: 'WhatsApp',
};

/** An IANA zone the runtime knows ('' = not chosen: the browser's zone is used). */
export function isTimeZone(zone: string): boolean {
  if (zone === '') return true;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return /\//.test(zone) || zone === 'UTC';
  } catch {
    return false;
  }
}

export const familySettingsSchema = z.object({
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  time_zone: z.string(),
  communication_preference: z.enum(communicationPreferences),
  reminders_enabled: z.boolean(),
});
export type FamilySettings = z.infer<typeof familySettingsSchema>;

export const familySettingsBodySchema = z.object({
  first_name: z.string().trim().max(100),
  last_name: z.string().trim().max(100),
  time_zone: z.string().trim().max(100).refine(isTimeZone, familyMessages.invalidTimeZone),
  communication_preference: z.enum(communicationPreferences, { error: familyMessages.invalidPreference }),
  reminders_enabled: z.boolean(),
});
export type FamilySettingsBody = z.infer<typeof familySettingsBodySchema>;

// ---------------------------------------------------------------------------------------------------------
// Progress

export const studentProgressSchema = z.object({
  student_name: z.string(),
  attended: z.number().int(),
  no_show: z.number().int(),
  cancelled: z.number().int(),
  upcoming: z.number().int(),
  hours: z.number(),
  /** Hours attended per month (YYYY-MM), oldest first. */
  months: z.array(z.object({ month: z.string(), hours: z.number(), attended: z.number().int() })),
  notes: z.array(
    z.object({
      id: z.string(),
      tutor_name: z.string(),
      note: z.string(),
      created_at: z.string(),
      /** When its tutor last corrected it (decision 261): the family sees "edited". */
      edited_at: z.string().nullable().default(null),
    }),
  ),
});
export type StudentProgress = z.infer<typeof studentProgressSchema>;
export const familyProgressSchema = z.array(studentProgressSchema);
export type FamilyProgress = z.infer<typeof familyProgressSchema>;

/** Attendance rate in whole percent of the sessions that were due (attended + no-show); null before any. */
export function attendanceRate(p: Pick<StudentProgress, 'attended' | 'no_show'>): number | null {
  const due = p.attended + p.no_show;
  return due === 0 ? null : Math.round((p.attended / due) * 100);
}

// ---------------------------------------------------------------------------------------------------------
// Booking again: the wizard prefilled with what the family wrote last time

export const bookingDetailsSchema = z.object({
  contact: z.object({
    full_name: z.string(),
    email: z.string(),
    phone: z.string(),
    guardian_relationship: z.string(),
    comms_preference: z.enum(['', ...communicationPreferences]),
    address_line1: z.string(),
    address_line2: z.string(),
    city: z.string(),
    state: z.string(),
    postal_code: z.string(),
    country: z.string(),
  }),
  /** Each student the family booked for, with the details of the latest booking for them. */
  students: z.array(
    z.object({
      student_name: z.string(),
      grade_level: z.string(),
      student_age: z.string(),
      student_school: z.string(),
    }),
  ),
});
export type BookingDetails = z.infer<typeof bookingDetailsSchema>;

// ---------------------------------------------------------------------------------------------------------
// Renewal: the next weeks of the same plan, offered from a week before the paid weeks end

/** A renewal is offered once the last paid session of a booking starts within this many days. */
export const RENEWAL_OFFER_DAYS = 7;

/** Whether a booking whose last scheduled session starts at `lastStart` is offered its renewal at `now`. */
export function renewalOffered(lastStart: Date, now: Date): boolean {
  const ms = lastStart.getTime() - now.getTime();
  return ms > 0 && ms <= RENEWAL_OFFER_DAYS * 24 * 3_600_000;
}

export const renewalOfferSchema = z.object({
  reservation_id: z.string(),
  tutor_id: z.number().int(),
  tutor_name: z.string(),
  subject: z.string(),
  student_name: z.string(),
  time_zone: z.string(),
  /** The start of the last paid session: when the paid weeks end. */
  paid_until: z.string(),
  sessions: z.array(
    z.object({
      date: z.string(),
      time: z.string(),
      start: z.string(),
      status: z.enum(['planned', 'skipped']),
      reason: z.string().optional(),
    }),
  ),
  /**
   * The renewal's currency: the renewed booking's (birr through Chapa, dollars by card), or dollars when that
   * one is no longer offered, `currency_notice` then saying why. The amounts below are in it.
   */
  currency: z.enum(paymentCurrencies),
  currency_notice: z.string().nullable(),
  /** Said before payment when the renewal's hourly price is not the one the family paid (decision 251). */
  price_notice: z.string().nullable().optional(),
  amount_cents: z.number().int(),
  /** The family's credit in the renewal's currency, spent first. */
  credit_cents: z.number().int(),
  /** What is charged (by card or through Chapa): the amount minus the credit spent first. */
  charge_cents: z.number().int(),
  /** Why no preview could be made (the first week's time is taken, say); null when the preview is there. */
  problem: z.string().nullable(),
});
export type RenewalOffer = z.infer<typeof renewalOfferSchema>;

/**
 * Renewing: the currency the family saw the offer in. Left out, the renewal is made in the server's currency;
 * given and no longer the offer's (birr switched off meanwhile), it is refused (409) so that nothing is booked
 * at a price the family did not see.
 */
export const renewalBodySchema = z
  .object({ currency: z.enum(paymentCurrencies, { error: currencyMessages.invalid }).optional() })
  // No body at all (a POST without one arrives as null).
  .nullish();
export type RenewalBody = z.infer<typeof renewalBodySchema>;

export const renewalCreatedSchema = z.object({
  id: z.string(),
  amount: z.number(),
  amount_cents: z.number().int(),
  currency: z.enum(paymentCurrencies),
  full_name: z.string(),
  email: z.string(),
});
export type RenewalCreated = z.infer<typeof renewalCreatedSchema>;

export const reservationIdParamsSchema = z.object({
  id: z.string().uuid('Booking not found.'),
});

export const renewalMessages = {
  notOffered: 'This booking cannot be renewed yet: renewal opens a week before its last paid session.',
  notFound: 'Booking not found.',
  alreadyRenewed: 'This booking has already been renewed.',
  birrUnavailable:
    'Payment in birr is not available right now, so this renewal is offered in US dollars, paid by card.',
  birrNotOffered:
    'Payment in birr is no longer offered for this subject, so this renewal is offered in US dollars, paid by card.',
  currencyChanged: 'The price of this renewal has changed. Please check the new price and renew again.',
  priceDiffers:
    'This renewal is priced differently from what you paid last time. Please check the amount before you pay.',
} as const;

/** Their codes (shared/error-codes.ts): `renewal_not_offered`, `renewal_already_renewed`, … */
export const renewalMessageCodes = codedMessages(renewalMessages, {
  prefix: 'renewal_',
  // The name the renewal's refusal has always carried (renewal.service.ts names it).
  codes: { currencyChanged: 'currency_changed' },
});

/**
 * A renewal's currency (decision 173): the renewed booking's when it is still offered for the plan (`options`,
 * the preview's `currency_options`; birr needs Chapa and the subject's birr rate), else dollars with the reason.
 */
export function renewalCurrency(
  original: string,
  options: readonly CurrencyOption[],
  enabled: readonly PaymentCurrency[],
): { currency: PaymentCurrency; option: CurrencyOption | undefined; notice: string | null } {
  const kept = options.find((o) => o.currency === original);
  if (kept) return { currency: kept.currency, option: kept, notice: null };
  const usd = options.find((o) => o.currency === 'USD');
  const notice =
    original === 'USD'
      ? null
      : enabled.includes(original as PaymentCurrency)
        ? renewalMessages.birrNotOffered
        : renewalMessages.birrUnavailable;
  return { currency: 'USD', option: usd, notice };
}

// ---------------------------------------------------------------------------------------------------------
// Lists as the family area's routes answer them

/** GET /api/student/payments/: the family's payments, newest first. */
export const familyPaymentListSchema = z.array(familyPaymentSchema);
/** GET /api/student/renewals/: the bookings offered their next weeks. */
export const renewalOfferListSchema = z.array(renewalOfferSchema);
