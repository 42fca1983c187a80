import { z } from 'zod';
import { httpMessages } from '../shared/http-messages.ts';
import { adminTutorSchema, type availabilityDays, type Availability } from './contract.ts';
import { codedMessages } from '../shared/error-codes.ts';
import { tutorFieldMessages } from './field-messages.ts';
import { trialOfferInputSchema } from '../bookings/trial.ts';

/**
 * The tutor profile as one service edits it, for an administrator (/api/admin/tutors/{id}/…) and for the tutor
 * (/api/tutor/…): the public fields, the publishing flags, and the tutor's own meeting link.
 */
export const tutorProfileSchema = adminTutorSchema.extend({
  /** The tutor's own meeting link; '' = each session gets its own generated room. */
  meeting_url: z.string(),
  /** The linked tutor account, if any. */
  user_id: z.string().nullable(),
});
export type TutorProfile = z.infer<typeof tutorProfileSchema>;
/** The administrator's tutor (/api/admin/tutors/{id}/): also the tutor's own commission, null = the default. */
export const adminTutorProfileSchema = tutorProfileSchema.extend({
  commission_percent: z.number().nullable(),
});
export type AdminTutorProfile = z.infer<typeof adminTutorProfileSchema>;

const meetingUrl = z
  .string()
  .trim()
  .max(300)
  .refine((v) => v === '' || /^https:\/\/\S+$/.test(v), tutorFieldMessages.httpsOnly);

/** What a tutor may change of their own profile: the public texts and the meeting link; not rate or publishing. */
export const tutorSelfUpdateSchema = z
  .object({
    full_name: z.string().trim().min(1, tutorFieldMessages.fullNameRequired).max(120).optional(),
    bio: z.string().trim().max(4000).optional(),
    education: z.string().trim().max(300).optional(),
    years_of_experience: z.number().int().min(0).max(80).optional(),
    teaching_style: z.string().trim().max(2000).optional(),
    meeting_url: meetingUrl.optional(),
    /** The trial lesson the tutor offers (decision 273); null stops offering one. */
    trial: trialOfferInputSchema.nullable().optional(),
  })
  .strict()
  .refine((v) => Object.keys(v).length > 0, { message: httpMessages.emptyPatch });
export type TutorSelfUpdate = z.infer<typeof tutorSelfUpdateSchema>;

const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, tutorFieldMessages.dateFormat)
  .refine(
    (v) =>
      !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v),
    tutorFieldMessages.notARealDate,
  );

/** Days off: one date (`ends_on` left out) or a range, both ends included, in the tutor's time zone. */
export const timeOffCreateSchema = z
  .object({
    starts_on: isoDate,
    ends_on: isoDate.optional(),
    reason: z.string().trim().max(200).optional(),
  })
  .strict()
  .refine((v) => v.ends_on === undefined || v.ends_on >= v.starts_on, {
    message: tutorFieldMessages.lastBeforeFirst,
    path: ['ends_on'],
  })
  .refine(
    (v) =>
      v.ends_on === undefined ||
      (Date.parse(`${v.ends_on}T00:00:00Z`) - Date.parse(`${v.starts_on}T00:00:00Z`)) / 86_400_000 <= 366,
    { message: tutorFieldMessages.timeOffTooLong, path: ['ends_on'] },
  );
export type TimeOffCreate = z.infer<typeof timeOffCreateSchema>;

export const timeOffSchema = z.object({
  id: z.number().int(),
  starts_on: z.string(),
  ends_on: z.string(),
  reason: z.string(),
});
export type TimeOff = z.infer<typeof timeOffSchema>;
export const timeOffListSchema = z.array(timeOffSchema);

/** One scheduled session an edit would strand, as the 409 answer's `errors.sessions` lists it. */
export type StrandedSession = { date: string; time: string; student: string };

/** The admin tutor list's filters. */
export const adminTutorListQuerySchema = z.object({
  q: z.string().trim().max(100).optional(),
  published: z.enum(['true', 'false']).optional(),
  _ts: z.string().optional(),
});

/** The photo upload's answer: the served address, already stored on the profile. */
export const tutorPhotoSchema = z.object({ profile_image: z.string() });

/** The profile editor's user-facing texts, one place for the API, the screens and their tests. */
export const tutorProfileMessages = {
  stranded: (n: number) =>
    `${n === 1 ? 'A scheduled session' : `${n} scheduled sessions`} would fall outside the tutor's time. Move or cancel ${n === 1 ? 'it' : 'them'} first.`,
  strandedLine: (s: StrandedSession) => `${s.date} ${s.time} (${s.student})`,
  noProfile: 'No tutor profile is linked to this account.',
  timeOffNotFound: 'Time off not found.',
  saved: 'Saved.',
  availabilitySaved: 'Availability saved. Families see the new times at once.',
  timeOffSaved: 'Time off added.',
} as const;

/** Their codes (shared/error-codes.ts): `tutor_profile_stranded`, `tutor_profile_time_off_not_found`, … */
export const tutorProfileMessageCodes = codedMessages(tutorProfileMessages, {
  prefix: 'tutor_profile_',
  codes: { stranded: 'stranded_sessions' },
  params: { stranded: ['count'] },
  skip: ['strandedLine'],
});

/** The weekday of the editor, in order, with its label. */
export const weekdayLabels: Record<(typeof availabilityDays)[number], string> = {
  mon: 'Monday',
  tue: 'Tuesday',
  wed: 'Wednesday',
  thu: 'Thursday',
  fri: 'Friday',
  sat: 'Saturday',
  sun: 'Sunday',
};

/** Minutes of 'HH:MM'. */
const minutes = (t: string) => Number(t.slice(0, 2)) * 60 + Number(t.slice(3, 5));

/**
 * True when a session on `weekday` from `start` for `durationMinutes` lies inside one window of `availability`
 * (wall clock in the tutor's zone). A session that runs past midnight never fits (windows end by 23:59).
 */
export function sessionFitsAvailability(
  availability: Availability,
  weekday: (typeof availabilityDays)[number],
  start: string,
  durationMinutes: number,
): boolean {
  const from = minutes(start);
  const to = from + durationMinutes;
  return availability[weekday].some((w) => minutes(w.start) <= from && to <= minutes(w.end));
}

/** True when `date` (YYYY-MM-DD) lies in the time off (both ends included). */
export const dateInTimeOff = (date: string, off: { starts_on: string; ends_on: string }) =>
  off.starts_on <= date && date <= off.ends_on;

/** GET /api/admin/tutors/: every profile, published or not, without the meeting link and the linked account. */
export const adminTutorListItemSchema = tutorProfileSchema.omit({ meeting_url: true, user_id: true });
export type AdminTutorListItem = z.infer<typeof adminTutorListItemSchema>;
export const adminTutorListSchema = z.array(adminTutorListItemSchema);
