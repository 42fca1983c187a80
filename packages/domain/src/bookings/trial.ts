import { z } from 'zod';
import { codedMessages } from '../shared/error-codes.ts';
import { fromCents, toCents } from '../shared/money.ts';
import { reservationPayloadSchema, type ReservationRequest } from './payload.ts';

/**
 * Trial lessons (issue 30 item 2, decision 273): a tutor (or an admin for them) offers one short first lesson,
 * 30 or 45 minutes, at a price in the tutor's currency (0 = free; a birr price beside it, optional like the hourly
 * one). A family books it from the tutor's card or page: one slot within 14 days, paid through the usual checkout,
 * or confirmed at once when free. At most one live trial per family (its e-mail, any case) and tutor.
 */

export const trialMinutesOptions = [30, 45] as const;
export type TrialMinutes = (typeof trialMinutesOptions)[number];
/** How far ahead a trial can be booked (days, from today in the tutor's zone). */
export const TRIAL_DAYS_AHEAD = 14;
/** The highest trial price (in the tutor's currency), a guard against a typo. */
export const TRIAL_PRICE_MAX = 10_000;
/** The highest birr trial price. */
export const TRIAL_PRICE_ETB_MAX = 1_000_000;

export const trialMessages = {
  notOffered: 'This tutor does not offer a trial lesson.',
  alreadyBooked:
    'This e-mail already has a trial lesson with this tutor. You can book weekly lessons with them instead.',
  minutesInvalid: 'A trial lesson lasts 30 or 45 minutes.',
  priceInvalid: 'Enter a price of 0 (free) or more.',
  slotRequired: 'Please choose a time for the trial lesson.',
  outsideWindow: 'Please choose a time within the next 14 days.',
} as const;

export const trialMessageCodes = codedMessages(trialMessages, {
  prefix: 'trial_',
  codes: { alreadyBooked: 'trial_already_booked' },
});

/** A tutor's trial offer as every answer carries it (public tutor, directory, profile); null: none. */
export const trialOfferSchema = z.object({
  minutes: z.union([z.literal(30), z.literal(45)]),
  /** In the tutor's currency (dollars); 0 = free. */
  price: z.number(),
  price_cents: z.number().int(),
  /** Birr, for families paying through Chapa; null: the trial is not offered in birr. */
  price_etb: z.number().nullable(),
  free: z.boolean(),
});
export type TrialOffer = z.infer<typeof trialOfferSchema>;

const priceInput = (max: number) =>
  z
    .number({ error: trialMessages.priceInvalid })
    .min(0, trialMessages.priceInvalid)
    .max(max, trialMessages.priceInvalid)
    .refine((v) => Number.isInteger(Math.round(v * 100)) && Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, {
      message: trialMessages.priceInvalid,
    });

/** What the tutor's and the admin's forms send: the offer, or null to stop offering a trial. */
export const trialOfferInputSchema = z
  .object({
    minutes: z.union([z.literal(30), z.literal(45)], { error: trialMessages.minutesInvalid }),
    price: priceInput(TRIAL_PRICE_MAX),
    price_etb: priceInput(TRIAL_PRICE_ETB_MAX).nullable().optional(),
  })
  .strict();
export type TrialOfferInput = z.infer<typeof trialOfferInputSchema>;

/** The tutor row's trial columns. */
export type TrialColumns = {
  trialMinutes: number | null;
  trialPriceCents: number | null;
  trialPriceEtbCents: number | null;
};

/** The offer a tutor's columns describe; null when none (or the columns are incomplete). */
export function trialOfferOf(c: TrialColumns): TrialOffer | null {
  if ((c.trialMinutes !== 30 && c.trialMinutes !== 45) || c.trialPriceCents === null || c.trialPriceCents < 0)
    return null;
  return {
    minutes: c.trialMinutes,
    price: fromCents(c.trialPriceCents),
    price_cents: c.trialPriceCents,
    price_etb: c.trialPriceEtbCents === null ? null : fromCents(c.trialPriceEtbCents),
    free: c.trialPriceCents === 0,
  };
}

/** The columns an offer (or null: none) is stored as. */
export function trialColumnsOf(input: TrialOfferInput | null): TrialColumns {
  if (input === null) return { trialMinutes: null, trialPriceCents: null, trialPriceEtbCents: null };
  return {
    trialMinutes: input.minutes,
    trialPriceCents: toCents(input.price),
    trialPriceEtbCents:
      input.price_etb === undefined || input.price_etb === null ? null : toCents(input.price_etb),
  };
}

/**
 * The trial's price in the family's currency, in cents: the tutor's price in dollars, the birr price in birr
 * (a free trial is free in either); null when the trial is not offered in that currency.
 */
export function trialPriceIn(currency: string, offer: TrialOffer): number | null {
  if (offer.free) return 0;
  if (currency === 'USD') return offer.price_cents;
  if (currency === 'ETB') return offer.price_etb === null ? null : toCents(offer.price_etb);
  return null;
}

const text = z.string().max(1000).nullish();

/**
 * The trial path's request: contact, student and one slot. Checked with the wizard's own rules and messages (the
 * reservation payload's), as a one-day booking of the chosen tutor; its length is the tutor's offer, set by the
 * server.
 */
export const trialPayloadSchema = z
  .object({
    tutor: z.coerce.number().int().positive().max(2_147_483_647),
    date: text,
    time: text,
    full_name: text,
    email: text,
    phone: text,
    student_full_name: text,
    student_grade: text,
    locale: text,
    currency: z.string().max(10).nullish(),
    family_time_zone: z.string().max(64).nullish(),
  })
  .transform((raw, ctx): ReservationRequest | typeof z.NEVER => {
    const parsed = reservationPayloadSchema.safeParse({ ...raw, duration_hours: 1 });
    if (!parsed.success) {
      for (const issue of parsed.error.issues)
        ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message, input: raw });
      return z.NEVER;
    }
    return parsed.data;
  });
export type TrialPayload = z.input<typeof trialPayloadSchema>;

/** The trial path's free times: one list per date (the tutor's wall clock), the next 14 days. */
export const trialSlotsSchema = z.object({
  tutor: z.object({
    id: z.number().int(),
    full_name: z.string(),
    subject: z.string(),
    profile_image: z.string(),
    time_zone: z.string(),
  }),
  trial: trialOfferSchema,
  /** Birr is offered for this trial (Chapa configured and a birr price set, or free). */
  etb_offered: z.boolean(),
  days: z.array(z.object({ date: z.string(), times: z.array(z.string()) })),
});
export type TrialSlots = z.infer<typeof trialSlotsSchema>;

/** The answer to a trial booking: the reservation, and where the family goes next. */
export const trialCreatedSchema = z.object({
  id: z.string(),
  status: z.enum(['pending_payment', 'confirmed']),
  amount_cents: z.number().int(),
  currency: z.string(),
  free: z.boolean(),
  /** The payment page (paid trial) or the success page (free trial, already confirmed). */
  next_url: z.string(),
});
export type TrialCreated = z.infer<typeof trialCreatedSchema>;

/** What the family area shows after a trial's lesson: "Continue weekly with {tutor}", the wizard prefilled. */
export const continueWeeklySchema = z.object({
  reservation_id: z.string(),
  tutor_id: z.number().int(),
  tutor_name: z.string(),
  subject: z.string(),
  student_name: z.string(),
  student_grade: z.string(),
  full_name: z.string(),
  email: z.string(),
  phone: z.string(),
});
export type ContinueWeekly = z.infer<typeof continueWeeklySchema>;
