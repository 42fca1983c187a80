import { z } from 'zod';
import { tutorReviewsSchema } from '../reviews/contracts.ts';
import { availabilityDays, publicTutorListItemSchema, publicTutorSchema } from './contract.ts';

/**
 * The server-side tutor directory search (issue 28, decision 239): GET /api/tutors/search/ filters, sorts and
 * pages published tutors in the database; the web directory and the subject pages read it.
 */
export const tutorSearchSorts = ['rating', 'price', 'next_free'] as const;
export type TutorSearchSort = (typeof tutorSearchSorts)[number];
/** Times of day in EAT (Africa/Addis_Ababa): morning 06:00–12:00, afternoon 12:00–17:00, evening 17:00–22:00. */
export const timesOfDay = ['morning', 'afternoon', 'evening'] as const;
export type TimeOfDay = (typeof timesOfDay)[number];
/** The wall-clock span (HH:MM, EAT) of each time of day; a window overlaps it when start < to and end > from. */
export const timeOfDaySpans: Readonly<Record<TimeOfDay, { from: string; to: string }>> = {
  morning: { from: '06:00', to: '12:00' },
  afternoon: { from: '12:00', to: '17:00' },
  evening: { from: '17:00', to: '22:00' },
};
export const tutorSearchDefaults = { limit: 12, maxLimit: 50, sort: 'rating' } as const;

/** The search's own 400 texts (field errors on `cursor` and `max_price`). */
export const tutorSearchMessages = {
  badCursor: 'This page of results is no longer valid. Start the search again.',
  priceRange: 'The highest price must not be below the lowest.',
} as const;

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
export const reviewsPageLimits = { defaultLimit: 5, maxLimit: 20, maxOffset: 10_000 } as const;

const maxSlugLength = 60;

/**
 * The slug of a tutor's name for its page address: NFKD, diacritics stripped, lowercase, every run of
 * characters outside [a-z0-9] becomes one '-', no leading/trailing '-', at most 60 characters; a name with
 * nothing left (an Ethiopic-only name) gives 'tutor'. The id carries the identity, the slug is cosmetic.
 */
export function tutorSlug(fullName: string): string {
  const slug = String(fullName ?? '')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, maxSlugLength)
    .replace(/-+$/g, '');
  return slug || 'tutor';
}

/** `/tutors/{id}-{slug}`: the tutor page's address. */
export const tutorPath = (tutor: { id: number; full_name: string }) =>
  `/tutors/${tutor.id}-${tutorSlug(tutor.full_name)}`;

/** Parses `12-abebe-kebede` or `12` → 12; anything else → null. */
export function tutorIdFromParam(param: string): number | null {
  const match = /^([1-9]\d{0,9})(?:-[a-z0-9-]*)?$/i.exec(String(param ?? '').trim());
  if (!match) return null;
  const id = Number(match[1]);
  return Number.isSafeInteger(id) && id <= 2147483647 ? id : null;
}

/** The query fields in the stable order the URL writes them. */
const paramOrder = [
  'q',
  'subject',
  'grade',
  'language',
  'min_price',
  'max_price',
  'day',
  'time_of_day',
  'sort',
  'cursor',
  'limit',
] as const satisfies readonly (keyof TutorSearchQuery)[];

/** The query as URL search params for /tutors?… (only non-default values, stable order). */
export function searchParamsOfQuery(query: Partial<TutorSearchQuery>): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of paramOrder) {
    const value = query[key];
    if (value === undefined || value === null) continue;
    const text = String(value).trim();
    if (!text) continue;
    if (key === 'sort' && text === tutorSearchDefaults.sort) continue;
    if (key === 'limit' && Number(value) === tutorSearchDefaults.limit) continue;
    params.set(key, text);
  }
  return params;
}

/** URL search params back to a query; lenient: an invalid or empty value is dropped, not an error. */
export function queryOfSearchParams(params: URLSearchParams): Partial<TutorSearchQuery> {
  const shape = tutorSearchQuerySchema.shape;
  const query: Record<string, unknown> = {};
  for (const key of paramOrder) {
    const raw = params.get(key);
    if (raw === null || raw.trim() === '') continue;
    const parsed = shape[key].safeParse(raw);
    if (parsed.success && parsed.data !== undefined) query[key] = parsed.data;
  }
  return query as Partial<TutorSearchQuery>;
}
