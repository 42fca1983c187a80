import { z } from 'zod';
import { tutorReviewsSchema } from '../reviews/contracts.ts';
import { availabilityDays, publicTutorListItemSchema, publicTutorSchema } from './contract.ts';
import { timesOfDay, tutorSearchDefaults, tutorSearchSorts } from './search-params.ts';

export * from './search-params.ts';

/**
 * The server-side tutor directory search (issue 28, decision 239): GET /api/tutors/search/ filters, sorts and
 * pages published tutors in the database; the web directory and the subject pages read it.
 */
/** GET /api/tutors/search/ query. Every field optional; bad values answer 400 with field errors. */
export const tutorSearchQuerySchema = z.object({
  /** Name or subject contains (case-insensitive). */
  q: z.string().trim().max(100).optional(),
  /** A category (Mathematics|Sciences|Languages|Coding, as tutorCategory lists tutors) or a catalogue subject slug. */
  subject: z.string().trim().max(100).optional(),
  /** grade_from <= grade <= grade_to. */
  grade: z.coerce.number().int().min(1).max(12).optional(),
  /** A language the tutor teaches in (case-insensitive). */
  language: z.string().trim().max(40).optional(),
  /** Dollars per hour. */
  min_price: z.coerce.number().min(0).max(100000).optional(),
  max_price: z.coerce.number().min(0).max(100000).optional(),
  /** Has a weekly window that day. */
  day: z.enum(availabilityDays).optional(),
  /** Has a window overlapping that part of the day (any day, or `day`). */
  time_of_day: z.enum(timesOfDay).optional(),
  /** rating desc (then reviews desc, id); price asc (then id); next_free asc (none last, then id). */
  sort: z.enum(tutorSearchSorts).default(tutorSearchDefaults.sort),
  /** Opaque, from next_cursor. */
  cursor: z.string().max(300).optional(),
  limit: z.coerce.number().int().min(1).max(tutorSearchDefaults.maxLimit).default(tutorSearchDefaults.limit),
});
export type TutorSearchQuery = z.infer<typeof tutorSearchQuerySchema>;

/** The next bookable start of a tutor: its wall-clock date (YYYY-MM-DD) and time (HH:MM) in EAT, and the instant. */
export const nextFreeSchema = z.object({ date: z.string(), time: z.string(), starts_at: z.string() });
export type NextFree = z.infer<typeof nextFreeSchema>;

export const tutorSearchItemSchema = publicTutorListItemSchema.extend({
  slug: z.string(),
  languages: z.array(z.string()),
  next_free: nextFreeSchema.nullable(),
});
export type TutorSearchItem = z.infer<typeof tutorSearchItemSchema>;
export const tutorSearchResultSchema = z.object({
  results: z.array(tutorSearchItemSchema),
  /** How many tutors match the filters. */
  total: z.number().int(),
  next_cursor: z.string().nullable(),
});
export type TutorSearchResult = z.infer<typeof tutorSearchResultSchema>;

/** GET /api/tutors/public/{id}/: the spec's detail plus the tutor page's fields (extra fields stay compatible). */
export const publicTutorPageSchema = publicTutorSchema.extend({
  slug: z.string(),
  languages: z.array(z.string()),
  /** The next free 1-hour starts this week (up to 10). */
  next_free_times: z.array(nextFreeSchema),
});
export type PublicTutorPage = z.infer<typeof publicTutorPageSchema>;

/**
 * GET /api/tutors/public/{id}/reviews/?limit=1..20&offset=0..10000: a page of reviews, latest first; `total`
 * counts every review of the tutor (the same number as `total_reviews`).
 */
export const tutorReviewsPageSchema = tutorReviewsSchema.extend({ total: z.number().int() });
export type TutorReviewsPage = z.infer<typeof tutorReviewsPageSchema>;
