import { z } from 'zod';
import { codedMessages } from '../shared/error-codes.ts';
import { substitutionStatuses } from './statuses.ts';
import { toMinutes, weekdayOf, type TimeWindow } from './slots.ts';
import { instantToWallClock } from './time.ts';
import type { WeekdayCode } from './messages.ts';
import { sessionsCostCents } from './price.ts';

/**
 * A substitute tutor (issue 30 item 4, decision 274): an admin offers the rest of a series to another tutor of the
 * subject who is free at every one of its lessons; the family accepts or declines through a link. Accepting moves
 * the lessons to a new booking with the new tutor: the old lessons' value becomes the family's credit and pays
 * the new booking first; what the new tutor costs beyond it is paid at the checkout, and what is left stays credit.
 */

/** How long the family has to answer an offer. */
export const SUBSTITUTION_ANSWER_HOURS = 72;
/** The longest reason an admin may give (the family reads it in the e-mail and on the offer). */
export const SUBSTITUTION_REASON_MAX = 1000;

export const substitutionMessages = {
  notFound: 'This offer was not found. It may have been replaced by a newer one.',
  notPending: 'This offer was already answered, withdrawn or has expired.',
  nothingToMove: 'This booking has no lessons to come that could move to another tutor.',
  tutorNotSuitable:
    'This tutor cannot take the lessons: they must teach the subject and be free at every lesson to come.',
  alreadyOffered: 'This booking already has an offer waiting for the family. Withdraw it first.',
  noLongerFree:
    'The new tutor is no longer free at one of the lesson times. Please ask the office for another offer.',
  reasonRequired: 'Please give the family a reason.',
  reasonTooLong: `At most ${SUBSTITUTION_REASON_MAX.toLocaleString('en-US')} characters, please.`,
  priceChanged: 'The price of this change has changed since you opened it. Please review it and answer again.',
} as const;

export const substitutionMessageCodes = codedMessages(substitutionMessages, { prefix: 'substitution_' });

export const substitutionBodySchema = z.object({
  tutor_id: z.coerce.number().int().positive(),
  reason: z
    .string({ error: substitutionMessages.reasonRequired })
    .trim()
    .min(1, substitutionMessages.reasonRequired)
    .max(SUBSTITUTION_REASON_MAX, substitutionMessages.reasonTooLong),
});
export type SubstitutionBody = z.infer<typeof substitutionBodySchema>;

export const substitutionTokenParamsSchema = z.object({ token: z.string().min(20).max(200) });

/** The family's acceptance repeats the difference it was shown, so that a price changed since is not agreed to. */
export const substitutionAcceptBodySchema = z.object({ price_difference_cents: z.number().int() });

const lessonSchema = z.object({ starts_at: z.string(), ends_at: z.string() });

/** A tutor who could take the lessons, with what the change would cost the family (negative: credited back). */
export const substituteCandidateSchema = z.object({
  id: z.number().int(),
  full_name: z.string(),
  hourly_rate_cents: z.number().int(),
  price_difference_cents: z.number().int(),
});
export const substituteCandidatesSchema = z.object({
  currency: z.string(),
  lessons: z.array(lessonSchema),
  current_value_cents: z.number().int(),
  tutors: z.array(substituteCandidateSchema),
});
export type SubstituteCandidates = z.infer<typeof substituteCandidatesSchema>;

export const substitutionOfferSchema = z.object({
  id: z.string(),
  status: z.enum(substitutionStatuses),
  reservation_id: z.string(),
  student_name: z.string(),
  subject: z.string(),
  from_tutor: z.object({ id: z.number().int(), full_name: z.string() }),
  to_tutor: z.object({ id: z.number().int(), full_name: z.string(), path: z.string() }),
  lessons: z.array(lessonSchema),
  currency: z.string(),
  current_value_cents: z.number().int(),
  new_price_cents: z.number().int(),
  price_difference_cents: z.number().int(),
  reason: z.string(),
  expires_at: z.string(),
  created_at: z.string(),
  decided_at: z.string().nullable(),
  family_time_zone: z.string(),
});
export type SubstitutionOffer = z.infer<typeof substitutionOfferSchema>;

/** The admin's reservation page: the latest offer (or none). */
export const latestSubstitutionSchema = z.object({ offer: substitutionOfferSchema.nullable() });

/** The family's answer: accepted (paid by the credit, or a checkout for the rest) or declined. */
export const substitutionAnswerSchema = z.object({
  status: z.enum(substitutionStatuses),
  reservation_id: z.string().nullable(),
  amount_due_cents: z.number().int(),
  currency: z.string(),
  payment_path: z.string().nullable(),
});
export type SubstitutionAnswer = z.infer<typeof substitutionAnswerSchema>;

type Lesson = { startsAt: Date; endsAt: Date };

/**
 * Whether a tutor's weekly windows (wall clock in its zone) hold every lesson: each lesson starts and ends on one
 * day inside one of that weekday's windows.
 */
export function windowsHoldLessons(
  windows: Record<WeekdayCode, readonly TimeWindow[]>,
  timeZone: string,
  lessons: readonly Lesson[],
): boolean {
  return lessons.every((l) => {
    const start = instantToWallClock(l.startsAt, timeZone);
    const end = instantToWallClock(l.endsAt, timeZone);
    if (start.date !== end.date && end.minutes !== 0) return false;
    const endMinutes = start.date === end.date ? end.minutes : 24 * 60;
    return windows[weekdayOf(start.date)].some(
      (w) => toMinutes(w.start) <= start.minutes && endMinutes <= toMinutes(w.end),
    );
  });
}

/** What the lessons cost with the new tutor: its hourly rate × each lesson's hours, in whole cents. */
export function substitutePriceCents(hourlyRateCents: number, lessons: readonly Lesson[]): number {
  return lessons.reduce(
    (sum, l) =>
      sum +
      sessionsCostCents({
        hourlyRateCents,
        durationHours: (l.endsAt.getTime() - l.startsAt.getTime()) / 3_600_000,
        sessions: 1,
      }),
    0,
  );
}

/** The offer's answer-by time: 72 hours, or until its first lesson starts if that comes sooner. */
export function substitutionExpiry(now: Date, firstLessonStartsAt: Date): Date {
  return new Date(
    Math.min(now.getTime() + SUBSTITUTION_ANSWER_HOURS * 3_600_000, firstLessonStartsAt.getTime()),
  );
}
