import { z } from 'zod';
import {
  bookingEmailPattern,
  bookingLimits,
  bookingMessages,
  weekdayCodes,
  type WeekdayCode,
} from './messages.ts';
import { reservationApiMessages } from './api-messages.ts';
import { isStudentAge, isStudentDob } from './rules.ts';
import type { ReservationPayload } from './payload.ts';
import { weekdayOf } from './slots.ts';

/**
 * The booking wizard's form values (spec §3 "Booking form data"), as the inputs hold them: text inputs are
 * strings ('' when empty), the age is the number input's text, the duration a number of hours.
 */
export const bookingFormSchema = z.object({
  full_name: z.string(),
  email: z.string(),
  phone: z.string(),
  guardian_relationship: z.string(),
  comms_preference: z.enum(['', 'email', 'phone', 'whatsapp']),
  subject: z.string(),
  subject_level: z.string(),
  address_line1: z.string(),
  address_line2: z.string(),
  city: z.string(),
  state: z.string(),
  postal_code: z.string(),
  country: z.string(),
  secondary_contact_name: z.string(),
  secondary_contact_email: z.string(),
  secondary_contact_phone: z.string(),
  use_different_payer: z.boolean(),
  payment_owner_name: z.string(),
  payment_owner_email: z.string(),
  student_name: z.string(),
  grade_level: z.string(),
  student_age: z.union([z.string(), z.number()]),
  student_dob: z.string(),
  student_school: z.string(),
  student_email: z.string(),
  student_phone: z.string(),
  date: z.string(),
  duration_hours: z.number(),
  days: z.array(z.enum(weekdayCodes)),
  days_times: z.partialRecord(z.enum(weekdayCodes), z.string()),
  /** The "student info is accurate" checkbox. */
  confirm_info: z.boolean(),
});

export type BookingFormValues = z.infer<typeof bookingFormSchema>;

export const bookingFormDefaults: BookingFormValues = {
  full_name: '',
  email: '',
  phone: '',
  // Empty so that 'Relationship to student is required.' can be shown (DESIGN §1.2); the payload defaults it.
  guardian_relationship: '',
  comms_preference: '',
  subject: '',
  subject_level: '',
  address_line1: '',
  address_line2: '',
  city: '',
  state: '',
  postal_code: '',
  country: '',
  secondary_contact_name: '',
  secondary_contact_email: '',
  secondary_contact_phone: '',
  use_different_payer: false,
  payment_owner_name: '',
  payment_owner_email: '',
  student_name: '',
  grade_level: '',
  student_age: '',
  student_dob: '',
  student_school: '',
  student_email: '',
  student_phone: '',
  date: '',
  duration_hours: bookingLimits.durationDefaultHours,
  days: [],
  days_times: {},
  confirm_info: false,
};

/** Relationship choices offered by the wizard (free text is accepted by the server). */
export const guardianRelationships = [
  'Parent/Guardian',
  'Mother',
  'Father',
  'Legal guardian',
  'Grandparent',
  'Aunt/Uncle',
  'Sibling',
  'Other relative',
] as const;

/** Not a spec text: the age input allows 3 to 20 in steps of 1 (spec §5); the server words it the same. */
export const studentAgeRangeMessage = reservationApiMessages.invalidAge;

const blank = (value: unknown) => String(value ?? '').trim() === '';

/** The age as a number, or null when empty; NaN when it is not a whole number in range. */
export function parseStudentAge(value: string | number): number | null {
  if (blank(value)) return null;
  const age = Number(value);
  return isStudentAge(age) ? age : Number.NaN;
}

/** The duration snapped to the input's grid: 0.5 to 8 hours in 0.5 steps, default 1 (spec §9). */
export function normalizeDuration(hours: number): number {
  if (!Number.isFinite(hours)) return bookingLimits.durationDefaultHours;
  const step = bookingLimits.durationStepHours;
  const snapped = Math.round(hours / step) * step;
  return Math.min(bookingLimits.durationMaxHours, Math.max(bookingLimits.durationMinHours, snapped));
}

type Step1Field = keyof BookingFormValues;
type Problem = { message: string; field: Step1Field };

function step1Problems(values: BookingFormValues, options: { subjectReadOnly: boolean }): Problem[] {
  const m = bookingMessages;
  const out: Problem[] = [];
  if (blank(values.full_name)) out.push({ message: m.guardianNameRequired, field: 'full_name' });
  if (!bookingEmailPattern.test(values.email.trim()))
    out.push({ message: m.guardianEmailInvalid, field: 'email' });
  if (blank(values.phone)) out.push({ message: m.guardianPhoneRequired, field: 'phone' });
  if (blank(values.guardian_relationship)) {
    out.push({ message: m.relationshipRequired, field: 'guardian_relationship' });
  }
  if (!options.subjectReadOnly && blank(values.subject))
    out.push({ message: m.subjectRequired, field: 'subject' });
  if (blank(values.student_name)) out.push({ message: m.studentNameRequired, field: 'student_name' });
  if (blank(values.grade_level) && blank(values.student_age) && blank(values.student_dob)) {
    out.push({ message: m.studentGradeAgeOrDob, field: 'grade_level' });
  } else if (Number.isNaN(parseStudentAge(values.student_age))) {
    out.push({ message: studentAgeRangeMessage, field: 'student_age' });
  }
  // The server's own rule (rules.ts): a real date, not in the future.
  if (!blank(values.student_dob) && !isStudentDob(values.student_dob.trim())) {
    out.push({ message: reservationApiMessages.invalidDob, field: 'student_dob' });
  }
  if (values.use_different_payer) {
    if (blank(values.payment_owner_name))
      out.push({ message: m.payerNameRequired, field: 'payment_owner_name' });
    if (!bookingEmailPattern.test(values.payment_owner_email.trim())) {
      out.push({ message: m.payerEmailInvalid, field: 'payment_owner_email' });
    }
  }
  if (!values.confirm_info) out.push({ message: m.confirmStudentInfo, field: 'confirm_info' });
  return out;
}

/** Step 1 on Next (spec §5): every message, in the spec's order, to be shown together in one alert. */
export function validateStep1(values: BookingFormValues, options: { subjectReadOnly: boolean }): string[] {
  return step1Problems(values, options).map((p) => p.message);
}

export type Step2Context = {
  /** The start times still available on the chosen date (undefined while unknown). */
  slotsOnDate: readonly string[] | undefined;
};

function step2Problems(values: BookingFormValues, context: Step2Context): Problem[] {
  const m = bookingMessages;
  const out: Problem[] = [];
  if (blank(values.date) || values.days.length === 0) {
    out.push({ message: m.dateAndDayRequired, field: values.date ? 'days' : 'date' });
  }
  if (!blank(values.date) && values.days.length > 0 && !values.days.includes(weekdayOf(values.date))) {
    out.push({ message: m.dateDayMustBeRecurring, field: 'days' });
  }
  if (values.days.some((day) => blank(values.days_times[day]))) {
    out.push({ message: m.timePerDayRequired, field: 'days_times' });
  }
  if (!blank(values.date) && context.slotsOnDate !== undefined && context.slotsOnDate.length === 0) {
    out.push({ message: m.dateFullyBooked, field: 'date' });
  }
  return out;
}

/** Step 2 on Next (spec §5). */
export function validateStep2(values: BookingFormValues, context: Step2Context): string[] {
  return step2Problems(values, context).map((p) => p.message);
}

/**
 * The checks on Confirm (spec §5 "On submit"), before anything is sent: a date and its time, and that time
 * still among the date's available slots. Returns the message, or null.
 */
export function validateSubmit(values: BookingFormValues, context: Step2Context): string | null {
  const time = values.date ? values.days_times[weekdayOf(values.date)] : undefined;
  if (blank(values.date) || !time) return bookingMessages.dateAndTimeRequired;
  if (!context.slotsOnDate?.includes(time)) return bookingMessages.timeAlreadyReserved;
  return null;
}

/**
 * The schema react-hook-form's zodResolver uses for one step: the values' shape plus that step's rules,
 * each message attached to the field it is about (so the field is marked invalid).
 */
export function bookingStepSchema(step: 1 | 2 | 3, options: { subjectReadOnly: boolean } & Step2Context) {
  return bookingFormSchema.superRefine((values, ctx) => {
    const problems = [
      ...(step >= 1 ? step1Problems(values, options) : []),
      ...(step >= 2 ? step2Problems(values, options) : []),
    ];
    for (const p of problems) ctx.addIssue({ code: 'custom', message: p.message, path: [p.field] });
  });
}

/** Removes empty strings, undefined values and empty lists (spec §3); null (a missing age) is kept. */
function compact<T extends Record<string, unknown>>(input: T): T {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(input)) {
    if (value === undefined) continue;
    if (typeof value === 'string' && value.trim() === '') continue;
    if (Array.isArray(value) && value.length === 0) continue;
    out[key] = typeof value === 'string' ? value.trim() : value;
  }
  return out as T;
}

/**
 * Builds the POST /api/reservations/reservations/ payload from the form values. `tutorId` is the chosen
 * tutor (absent when booking by subject: the server then assigns one, DESIGN §1.6).
 */
export function buildReservationPayload(
  values: BookingFormValues,
  context: { tutorId?: number | null },
): ReservationPayload {
  const date = values.date;
  const time = date ? (values.days_times[weekdayOf(date)] ?? '') : '';
  const days = weekdayCodes.filter((d) => values.days.includes(d));
  const daysTimes: Partial<Record<WeekdayCode, string>> = {};
  for (const day of days) {
    const t = values.days_times[day];
    if (t) daysTimes[day] = t;
  }
  const age = parseStudentAge(values.student_age);
  return compact({
    tutor: context.tutorId ?? undefined,
    date,
    time,
    duration_hours: normalizeDuration(values.duration_hours),
    days,
    days_times: Object.keys(daysTimes).length ? daysTimes : undefined,
    full_name: values.full_name,
    email: values.email,
    phone: values.phone,
    subject: values.subject,
    subject_level: values.subject_level,
    student_full_name: values.student_name,
    student_grade: values.grade_level,
    student_dob: values.student_dob,
    student_age: age === null || Number.isNaN(age) ? null : age,
    student_school: values.student_school,
    student_email: values.student_email,
    student_phone: values.student_phone,
    guardian_full_name: values.full_name,
    guardian_relationship: values.guardian_relationship.trim() || 'Parent/Guardian',
    guardian_email: values.email,
    guardian_phone: values.phone,
    guardian_secondary_name: values.secondary_contact_name,
    guardian_secondary_email: values.secondary_contact_email,
    guardian_secondary_phone: values.secondary_contact_phone,
    guardian_address_line1: values.address_line1,
    guardian_address_line2: values.address_line2,
    guardian_city: values.city,
    guardian_state: values.state,
    guardian_postal_code: values.postal_code,
    guardian_country: values.country,
    communication_preference: values.comms_preference,
    billing_name: values.use_different_payer ? values.payment_owner_name : undefined,
    billing_email: values.use_different_payer ? values.payment_owner_email : undefined,
  });
}

// ---------------------------------------------------------------------------------------------------------
// Decision 253: the wizard's fields survive Back and a cancelled checkout; "book these times again"

/**
 * What the wizard takes back from a stored draft: each known field whose value still has the right type; the
 * rest is dropped. The "student info is accurate" box is never restored: the family ticks it again.
 */
export function restoreDraft(stored: unknown): Partial<BookingFormValues> {
  if (!stored || typeof stored !== 'object' || Array.isArray(stored)) return {};
  const shape = bookingFormSchema.shape;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(stored)) {
    if (key === 'confirm_info' || !Object.hasOwn(shape, key)) continue;
    const parsed = shape[key as keyof typeof shape].safeParse(value);
    if (parsed.success) out[key] = parsed.data;
  }
  return out as Partial<BookingFormValues>;
}

/** What a reservation tells of the plan and the contact: as the payment page's GET gives it. */
export type ReservationForAgain = {
  full_name: string;
  email: string;
  duration_hours: number;
  sessions: readonly { date: string; time: string }[];
};

/**
 * The wizard's fields for booking a reservation's times again: its weekdays with their times, its duration and
 * contact; its first date when still ahead (on or after `today`), else that weekday's next date from `today`.
 */
export function valuesFromReservation(r: ReservationForAgain, today: string): Partial<BookingFormValues> {
  const sorted = [...r.sessions].sort((a, b) => (a.date + a.time).localeCompare(b.date + b.time));
  const days: WeekdayCode[] = [];
  const days_times: Partial<Record<WeekdayCode, string>> = {};
  for (const s of sorted) {
    const day = weekdayOf(s.date);
    if (days.includes(day)) continue;
    days.push(day);
    days_times[day] = s.time;
  }
  const first = sorted[0]?.date ?? '';
  let date = '';
  if (first >= today) date = first;
  else if (first) {
    const wanted = weekdayOf(first);
    const d = new Date(`${today}T00:00:00Z`);
    while (weekdayOf(d.toISOString().slice(0, 10)) !== wanted) d.setUTCDate(d.getUTCDate() + 1);
    date = d.toISOString().slice(0, 10);
  }
  return {
    full_name: r.full_name,
    email: r.email,
    duration_hours: normalizeDuration(r.duration_hours),
    days,
    days_times,
    date,
  };
}
