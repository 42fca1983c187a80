import { z } from 'zod';
import { reservationApiMessages as api } from './api-messages.ts';
import { isStudentAge, isStudentDob } from './rules.ts';
import {
  bookingEmailPattern,
  bookingLimits,
  bookingMessages as msg,
  weekdayCodes,
  weekdayNames,
  type WeekdayCode,
} from './messages.ts';
import { isGridTime, isValidDate, weekdayOf } from './slots.ts';
import { isValidTimeZone } from './time.ts';
import { paymentCurrencies, paymentCurrencySchema, type PaymentCurrency } from '../payments/currency.ts';
import { locales, toLocale, type Locale } from '../shared/locale.ts';

/**
 * The reservation create payload (spec §3, extended with the wizard's `days` and `days_times`, DESIGN §1.4).
 * Every field is checked in one pass so that a 400 lists every problem, with the wizard's own messages, in the
 * order the wizard shows them. The output is normalised: names fall back between `full_name` and
 * `guardian_full_name` (and e-mail, phone), `days` defaults to the date's weekday and `days_times` to `time`.
 */

const maxText = 200;
const text = z.string().max(1000).nullish();
const numberLike = z.union([z.number(), z.string()]).nullish();

const payloadShape = z.object({
  tutor: numberLike.describe('Tutor id; null or absent to book by subject'),
  date: text.describe("First session's date, YYYY-MM-DD, in the tutor's time zone"),
  time: text.describe("First session's start, HH:MM on the 30-minute grid"),
  duration_hours: numberLike.describe('0.5 to 8 in steps of 0.5; default 1'),
  days: z.array(z.string().max(20)).max(14).nullish().describe('Weekday codes; default: the date’s weekday'),
  days_times: z
    .record(z.string().max(20), z.string().max(20))
    .nullish()
    .describe('Weekday code → HH:MM start; default: { [date’s weekday]: time }'),
  full_name: text,
  email: text,
  phone: text,
  subject: text.describe('Subject name; in subject mode the subject slug (mathematics, sciences…)'),
  subject_level: text,
  student_full_name: text,
  student_grade: text,
  student_dob: text,
  student_age: numberLike,
  student_school: text,
  student_email: text,
  student_phone: text,
  guardian_full_name: text,
  guardian_relationship: text,
  guardian_email: text,
  guardian_phone: text,
  guardian_secondary_name: text,
  guardian_secondary_email: text,
  guardian_secondary_phone: text,
  guardian_address_line1: text,
  guardian_address_line2: text,
  guardian_city: text,
  guardian_state: text,
  guardian_postal_code: text,
  guardian_country: text,
  communication_preference: text,
  use_different_payer: z.boolean().nullish(),
  billing_name: text,
  billing_email: text,
  locale: text.describe("The family's language, 'en' (default) or 'am': its e-mails follow it"),
  currency: paymentCurrencySchema.describe(
    'USD (card, the default) or ETB (birr through Chapa, when enabled and the subject has a birr rate)',
  ),
  family_time_zone: z
    .string()
    .max(64)
    .nullish()
    .describe("The browser's IANA zone; a family account made by the booking starts in it (decision 262)"),
});

type RawPayload = z.output<typeof payloadShape>;

const textFields = [
  'full_name',
  'email',
  'phone',
  'subject',
  'subject_level',
  'student_full_name',
  'student_grade',
  'student_school',
  'student_email',
  'student_phone',
  'guardian_full_name',
  'guardian_relationship',
  'guardian_email',
  'guardian_phone',
  'guardian_secondary_name',
  'guardian_secondary_email',
  'guardian_secondary_phone',
  'guardian_address_line1',
  'guardian_address_line2',
  'guardian_city',
  'guardian_state',
  'guardian_postal_code',
  'guardian_country',
  'communication_preference',
  'billing_name',
  'billing_email',
] as const;
type TextField = (typeof textFields)[number];

/** The validated, normalised reservation request the server plans from. */
export type ReservationRequest = Record<TextField, string> & {
  tutor: number | null;
  date: string;
  time: string;
  duration_hours: number;
  duration_minutes: number;
  days: WeekdayCode[];
  days_times: Partial<Record<WeekdayCode, string>>;
  student_dob: string | null;
  student_age: number | null;
  locale: Locale;
  /** The currency the family pays in; the amount is priced in it (decision 170). */
  currency: PaymentCurrency;
  /** The zone the wizard ran in (an IANA zone, or '' when unknown or not one): decision 262. */
  family_time_zone?: string;
};

const familyZone = (zone: string | null | undefined): string => {
  const z = (zone ?? '').trim();
  return z && (z.includes('/') || z === 'UTC') && isValidTimeZone(z) ? z : '';
};

const isWeekday = (d: string): d is WeekdayCode => (weekdayCodes as readonly string[]).includes(d);
const toNumber = (v: number | string | null | undefined): number | null => {
  if (v === null || v === undefined || v === '') return null;
  const n = typeof v === 'number' ? v : Number(v.trim());
  return Number.isFinite(n) ? n : Number.NaN;
};

function normalise(raw: RawPayload, ctx: z.RefinementCtx): ReservationRequest | typeof z.NEVER {
  let problems = 0;
  const issue = (path: string, message: string) => {
    problems += 1;
    ctx.addIssue({ code: 'custom', path: [path], message, input: raw });
  };
  const t = Object.fromEntries(textFields.map((f) => [f, (raw[f] ?? '').trim()])) as Record<
    TextField,
    string
  >;
  for (const f of textFields) if (t[f].length > maxText) issue(f, api.tooLong(maxText));

  const given = { ...t };
  t.full_name ||= t.guardian_full_name;
  t.guardian_full_name ||= t.full_name;
  t.email ||= t.guardian_email;
  t.guardian_email ||= t.email;
  t.phone ||= t.guardian_phone;
  t.guardian_phone ||= t.phone;
  t.guardian_relationship ||= 'Parent/Guardian';

  const tutorRaw = toNumber(raw.tutor);
  const tutor = tutorRaw === null ? null : tutorRaw;
  const validTutor = tutor === null || (Number.isInteger(tutor) && tutor > 0 && tutor <= 2_147_483_647);

  // Step 1, in the wizard's order.
  if (!t.full_name) issue('full_name', msg.guardianNameRequired);
  if (!bookingEmailPattern.test(t.email)) issue('email', msg.guardianEmailInvalid);
  if (!t.phone) issue('phone', msg.guardianPhoneRequired);
  if (!validTutor) issue('tutor', api.invalidTutor);
  if (tutor === null && !t.subject) issue('subject', msg.subjectRequired);
  if (!t.student_full_name) issue('student_full_name', msg.studentNameRequired);

  const age = toNumber(raw.student_age);
  const dob = (raw.student_dob ?? '').trim();
  if (!t.student_grade && age === null && !dob) issue('student_grade', msg.studentGradeAgeOrDob);
  if (age !== null && !isStudentAge(age)) issue('student_age', api.invalidAge);
  if (dob && !isStudentDob(dob)) issue('student_dob', api.invalidDob);

  const differentPayer = raw.use_different_payer === true || !!t.billing_name || !!t.billing_email;
  if (differentPayer) {
    if (!t.billing_name) issue('billing_name', msg.payerNameRequired);
    if (!bookingEmailPattern.test(t.billing_email)) issue('billing_email', msg.payerEmailInvalid);
  }
  for (const f of ['guardian_email', 'student_email', 'guardian_secondary_email'] as const) {
    if (given[f] && given[f] !== given.email && !bookingEmailPattern.test(given[f]))
      issue(f, api.invalidEmail);
  }
  if (!['', 'email', 'phone', 'whatsapp'].includes(t.communication_preference)) {
    issue('communication_preference', api.invalidCommunication);
  }
  const locale = (raw.locale ?? '').trim() || 'en';
  if (!(locales as readonly string[]).includes(locale)) issue('locale', api.invalidLocale);

  // Step 2 and submit.
  const date = (raw.date ?? '').trim();
  const time = (raw.time ?? '').trim();
  if (!date || !time) issue(date ? 'time' : 'date', msg.dateAndTimeRequired);
  const dateOk = !!date && isValidDate(date);
  if (date && !dateOk) issue('date', api.invalidDate);
  if (time && !isGridTime(time)) issue('time', api.invalidTime);

  const hours = toNumber(raw.duration_hours) ?? bookingLimits.durationDefaultHours;
  if (
    !(hours >= bookingLimits.durationMinHours && hours <= bookingLimits.durationMaxHours) ||
    !Number.isInteger(hours / bookingLimits.durationStepHours)
  ) {
    issue('duration_hours', api.invalidDuration);
  }

  const days: WeekdayCode[] = [];
  for (const d of raw.days ?? []) {
    const code = d.trim().toLowerCase();
    if (!isWeekday(code)) issue('days', api.unknownDay(d));
    else if (!days.includes(code)) days.push(code);
  }
  const daysTimes: Partial<Record<WeekdayCode, string>> = {};
  for (const [key, value] of Object.entries(raw.days_times ?? {})) {
    const code = key.trim().toLowerCase();
    if (!isWeekday(code)) issue('days_times', api.unknownDay(key));
    else if (value.trim() && !isGridTime(value.trim())) issue('days_times', api.invalidTime);
    else if (value.trim()) daysTimes[code] = value.trim();
  }

  if (dateOk && time) {
    const first = weekdayOf(date);
    if (days.length === 0 && (raw.days ?? []).length === 0) days.push(first);
    if (!days.includes(first)) issue('days', msg.dateDayMustBeRecurring);
    if (daysTimes[first] === undefined) daysTimes[first] = time;
    else if (daysTimes[first] !== time) issue('days_times', api.timeMismatch);
    if (days.some((d) => !daysTimes[d])) issue('days_times', msg.timePerDayRequired);
  }

  // Report every problem at once; normalise only a clean payload.
  if (problems > 0) return z.NEVER;
  return {
    ...t,
    tutor,
    date,
    time,
    duration_hours: hours,
    duration_minutes: Math.round(hours * 60),
    days,
    // Only the chosen days' times are kept.
    days_times: Object.fromEntries(days.map((d) => [d, daysTimes[d]])) as Partial<
      Record<WeekdayCode, string>
    >,
    student_dob: dob || null,
    student_age: age,
    locale: toLocale(locale),
    currency: raw.currency,
    // A hint only: a zone the runtime does not know is dropped rather than refusing the booking.
    family_time_zone: familyZone(raw.family_time_zone),
  };
}

export const reservationPayloadSchema = payloadShape.transform((raw, ctx) => normalise(raw, ctx));

/** What a client sends (every field optional at the type level; the server answers 400 with messages). */
export type ReservationPayload = z.input<typeof reservationPayloadSchema>;

/** The day's name for messages ('mon' → 'Monday'). */
export const dayName = (d: WeekdayCode) => weekdayNames[d];

// ---------- Queries ----------

const yearQuery = z.coerce
  .number({ error: api.invalidYear })
  .int(api.invalidYear)
  .min(2000, api.invalidYear)
  .max(2100, api.invalidYear);
const monthQuery = z.coerce
  .number({ error: api.invalidMonth })
  .int(api.invalidMonth)
  .min(1, api.invalidMonth)
  .max(12, api.invalidMonth);
const durationQuery = z.coerce
  .number({ error: api.invalidDurationMinutes })
  .int(api.invalidDurationMinutes)
  .min(30, api.invalidDurationMinutes)
  .max(480, api.invalidDurationMinutes)
  .multipleOf(30, api.invalidDurationMinutes)
  .default(60);
const flagQuery = z
  .enum(['1', '0', 'true', 'false'])
  .optional()
  .transform((v) => v === '1' || v === 'true');
const tutorIdQuery = z.coerce
  .number({ error: api.invalidTutorId })
  .int(api.invalidTutorId)
  .min(1, api.invalidTutorId)
  .max(2_147_483_647, api.invalidTutorId);
// Cache-busting parameters the spec's client adds (_ts, timestamp) are accepted and ignored.
const cacheBust = { _ts: z.string().optional(), timestamp: z.string().optional() };

export const availableQuerySchema = z.object({
  tutor_id: tutorIdQuery,
  year: yearQuery,
  month: monthQuery,
  duration_minutes: durationQuery,
  only_future: flagQuery,
  /** The lesson being moved: its own time does not count as busy (issue 31 item 6, decision 261). */
  except_session: z.string().uuid('Unknown session.').optional(),
  ...cacheBust,
});
export const availableBySubjectQuerySchema = z.object({
  subject: z.string({ error: api.subjectQueryRequired }).trim().min(1, api.subjectQueryRequired).max(100),
  year: yearQuery,
  month: monthQuery,
  duration_minutes: durationQuery,
  only_future: flagQuery,
  ...cacheBust,
});
export const bookedQuerySchema = z.object({
  tutor_id: tutorIdQuery,
  year: yearQuery,
  month: monthQuery,
  only_future: flagQuery,
  ...cacheBust,
});

// ---------- Answers ----------

/** { available: { 'YYYY-MM-DD': ['HH:MM', …] } }: every date of the month, empty lists included. */
export const availableResponseSchema = z.object({ available: z.record(z.string(), z.array(z.string())) });
export type AvailableResponse = z.infer<typeof availableResponseSchema>;

export const bookedSlotSchema = z.object({ start: z.string(), duration_minutes: z.number().int() });
/** { booked: { 'YYYY-MM-DD': [{ start, duration_minutes }] } } in the tutor's wall-clock time. */
export const bookedResponseSchema = z.object({ booked: z.record(z.string(), z.array(bookedSlotSchema)) });
export type BookedResponse = z.infer<typeof bookedResponseSchema>;

export const plannedSessionSchema = z.object({
  id: z.string(),
  starts_at: z.string().describe('ISO instant'),
  ends_at: z.string(),
  date: z.string().describe("Wall-clock date in the tutor's zone"),
  time: z.string().describe("Wall-clock HH:MM in the tutor's zone"),
  start: z.string().describe('ISO instant of the start (the same as starts_at)'),
  status: z.string(),
});
export const skippedSessionSchema = z.object({ date: z.string(), time: z.string(), reason: z.string() });

const reservationCore = {
  id: z.string().uuid(),
  status: z.string(),
  amount: z.number().describe('In the currency: dollars, or birr'),
  amount_cents: z.number().int(),
  currency: z.enum(paymentCurrencies),
  tutor: z.object({ id: z.number().int(), full_name: z.string() }),
  subject: z.string(),
  duration_hours: z.number(),
  time_zone: z.string(),
  hold_expires_at: z.string(),
  sessions: z.array(plannedSessionSchema),
  skipped: z.array(skippedSessionSchema),
};

/** The 201 answer of POST /api/reservations/reservations/. */
export const reservationCreatedSchema = z.object(reservationCore);
export type ReservationCreated = z.infer<typeof reservationCreatedSchema>;

/** GET /api/reservations/reservations/{id}/: what the payment page needs. */
export const reservationSummarySchema = z.object({
  ...reservationCore,
  full_name: z.string(),
  email: z.string(),
  credit_cents: z.number().int(),
  credit_applied_cents: z.number().int().describe("Family credit spent on this reservation's checkout"),
  amount_charged: z
    .number()
    .describe('Dollars charged through the provider: amount minus the credit applied'),
  amount_charged_cents: z.number().int(),
});
export type ReservationSummary = z.infer<typeof reservationSummarySchema>;
