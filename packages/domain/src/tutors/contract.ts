import { z } from 'zod';
import { httpMessages } from '../shared/http-messages.ts';
import { tutorCommissionPercentSchema } from '../ledger/earnings.ts';
import { publishingMessages } from './publishing.ts';
import { tutorFieldMessages } from './field-messages.ts';
import { trialOfferInputSchema, trialOfferSchema } from '../bookings/trial.ts';

/** Weekday codes of spec §3, Monday first. */
import { availabilityDays } from './days.ts';

export { availabilityDays, type AvailabilityDay } from './days.ts';

const hhmm = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, tutorFieldMessages.timeFormat);

/** One weekly window, wall-clock time in the tutor's time zone. */
export const timeWindowSchema = z.object({ start: hhmm, end: hhmm });
export type TimeWindow = z.infer<typeof timeWindowSchema>;

/** mon..sun → windows; every day present (empty list by default, spec §3). */
export const availabilitySchema = z.object({
  mon: z.array(timeWindowSchema),
  tue: z.array(timeWindowSchema),
  wed: z.array(timeWindowSchema),
  thu: z.array(timeWindowSchema),
  fri: z.array(timeWindowSchema),
  sat: z.array(timeWindowSchema),
  sun: z.array(timeWindowSchema),
});
export type Availability = z.infer<typeof availabilitySchema>;

export const emptyAvailability = (): Availability => ({
  mon: [],
  tue: [],
  wed: [],
  thu: [],
  fri: [],
  sat: [],
  sun: [],
});

/** A published tutor as GET /api/tutors/public/ and /api/tutors/public/{id}/ answer it (spec §3). */
export const publicTutorSchema = z.object({
  id: z.number().int(),
  full_name: z.string(),
  /** The subject as the tutor names it ("math", "Chemistry", "Afaan Oromoo"). */
  subject: z.string(),
  subject_id: z.number().int().nullable(),
  /** The category of the tutor's catalogue subject (null when it has none). */
  category: z.string().nullable(),
  grade_from: z.number().int(),
  grade_to: z.number().int(),
  bio: z.string(),
  education: z.string(),
  years_of_experience: z.number().int(),
  teaching_style: z.string(),
  /** Dollars. */
  hourly_rate: z.number(),
  /** Mean of the reviews' ratings, two decimals; 0 without reviews. */
  average_rating: z.number(),
  total_reviews: z.number().int(),
  profile_image: z.string(),
  /** The vetting checks passed, in the order families read them (issue 27): nothing else from the documents. */
  checks: z.array(z.enum(['identity', 'police_clearance', 'qualifications', 'interview'])),
  time_zone: z.string(),
  /** The trial lesson the tutor offers (issue 30, decision 273); null: none (every answer carries it). */
  trial: trialOfferSchema.nullable().optional(),
  availability: availabilitySchema,
});
export type PublicTutor = z.infer<typeof publicTutorSchema>;
/**
 * A list item carries everything the cards and the Details dialog show, but not the weekly availability: that
 * is a third of the list's bytes, and only booking reads it, from the detail (spec §7; clients default a missing
 * availability to empty lists, spec §3). Decision 022.
 */
export const publicTutorListItemSchema = publicTutorSchema.omit({ availability: true });
export type PublicTutorListItem = z.infer<typeof publicTutorListItemSchema>;
export const publicTutorListSchema = z.array(publicTutorListItemSchema);

/**
 * A weekly availability an administrator sends: days may be left out (no windows that day); each window
 * ends after it starts, and windows of one day do not overlap.
 */
export const availabilityInputSchema = z
  .object(Object.fromEntries(availabilityDays.map((d) => [d, z.array(timeWindowSchema).max(12).optional()])))
  .strict()
  .superRefine((value, ctx) => {
    for (const day of availabilityDays) {
      const windows = (value as Partial<Availability>)[day] ?? [];
      windows.forEach((w, i) => {
        if (w.start >= w.end)
          ctx.addIssue({ code: 'custom', path: [day, i], message: tutorFieldMessages.endAfterStart });
      });
      const sorted = [...windows].sort((a, b) => a.start.localeCompare(b.start));
      for (let i = 1; i < sorted.length; i += 1) {
        if (sorted[i]!.start < sorted[i - 1]!.end) {
          ctx.addIssue({ code: 'custom', path: [day], message: tutorFieldMessages.windowsOverlap });
          break;
        }
      }
    }
  })
  .transform((value): Availability => {
    const out = emptyAvailability();
    for (const day of availabilityDays) {
      out[day] = [...((value as Partial<Availability>)[day] ?? [])].sort((a, b) =>
        a.start.localeCompare(b.start),
      );
    }
    return out;
  });
export type AvailabilityInput = z.input<typeof availabilityInputSchema>;

/** Grades run from 0 (KG) to 12 (spec §9: default range 1 to 12). */
const grade = z.number().int().min(0).max(12);

const tutorFields = {
  full_name: z.string().trim().min(1, tutorFieldMessages.fullNameRequired).max(120),
  subject: z.string().trim().min(1, tutorFieldMessages.subjectRequired).max(80),
  subject_id: z.number().int().positive().nullable().optional(),
  grade_from: grade.optional(),
  grade_to: grade.optional(),
  bio: z.string().trim().max(4000).optional(),
  education: z.string().trim().max(300).optional(),
  years_of_experience: z.number().int().min(0).max(80).optional(),
  teaching_style: z.string().trim().max(2000).optional(),
  // Above zero: a tutor at $0 would hold slots that can never be paid (issue 31 item 5).
  hourly_rate: z.number().gt(0, publishingMessages.rateRequired).max(10_000),
  profile_image: z.string().trim().max(500).optional(),
  time_zone: z.string().trim().min(1).max(64).optional(),
  is_published: z.boolean().optional(),
  is_active: z.boolean().optional(),
  /** The tutor's own meeting link ('' = a generated room per session); https only. */
  meeting_url: z
    .string()
    .trim()
    .max(300)
    .refine((v) => v === '' || /^https:\/\/\S+$/.test(v), tutorFieldMessages.httpsOnly)
    .optional(),
  /** The tutor account the profile belongs to (a user with the tutor role); null unlinks it. */
  user_id: z.string().uuid(tutorFieldMessages.notAnAccount).nullable().optional(),
  /** The tutor's own commission in percent (issue 27, decision 227); null = the platform's default. */
  commission_percent: tutorCommissionPercentSchema.optional(),
  /** The trial lesson offered (decision 273); null stops offering one. */
  trial: trialOfferInputSchema.nullable().optional(),
};

const gradeOrder = (v: { grade_from?: number; grade_to?: number }) =>
  v.grade_from === undefined || v.grade_to === undefined || v.grade_from <= v.grade_to;
const gradeOrderIssue = { message: 'The first grade must not be above the last.', path: ['grade_to'] };

/** An administrator's new tutor profile (with its weekly availability, optionally). */
export const tutorCreateSchema = z
  .object({ ...tutorFields, availability: availabilityInputSchema.optional() })
  .refine(gradeOrder, gradeOrderIssue);
export type TutorCreate = z.infer<typeof tutorCreateSchema>;

export const tutorUpdateSchema = z
  .object({
    ...tutorFields,
    full_name: tutorFields.full_name.optional(),
    subject: tutorFields.subject.optional(),
    hourly_rate: tutorFields.hourly_rate.optional(),
    availability: availabilityInputSchema.optional(),
  })
  .refine(gradeOrder, gradeOrderIssue)
  .refine((v) => Object.keys(v).length > 0, { message: httpMessages.emptyPatch });
export type TutorUpdate = z.infer<typeof tutorUpdateSchema>;

/** What the admin endpoints answer: the public shape plus the publishing flags. */
export const adminTutorSchema = publicTutorSchema.extend({
  is_published: z.boolean(),
  is_active: z.boolean(),
});
export type AdminTutor = z.infer<typeof adminTutorSchema>;
