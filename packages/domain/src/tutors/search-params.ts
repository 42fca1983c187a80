import { availabilityDays } from './days.ts';
import type { TutorSearchQuery } from './search.ts';

/**
 * What a page needs of the directory search without its contracts (decision 278): the sorts, times of day and
 * limits, the tutor page's address, and the search's fields in and out of the URL. search.ts, the contracts, re-exports
 * all of it; the pages the server renders import it from here, so zod is not evaluated before they are taken over.
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

/** A number as the query's `z.coerce.number()` reads it: `Number(text)`, finite, within [min, max]. */
const numberIn = (raw: string, min: number, max: number, integer = false): number | undefined => {
  const n = Number(raw);
  if (!Number.isFinite(n) || n < min || n > max || (integer && !Number.isSafeInteger(n))) return undefined;
  return n;
};
const textUpTo = (raw: string, max: number) => (raw.trim().length <= max ? raw.trim() : undefined);
const oneOf = <T extends string>(values: readonly T[], raw: string) =>
  (values as readonly string[]).includes(raw) ? (raw as T) : undefined;

/**
 * How each field of the address reads its text: the same rules as `tutorSearchQuerySchema` (search.ts), which the
 * domain tests hold it to, without zod, so that the directory reads its address before its contracts load.
 */
const readParam: { [K in (typeof paramOrder)[number]]: (raw: string) => TutorSearchQuery[K] | undefined } = {
  q: (raw) => textUpTo(raw, 100),
  subject: (raw) => textUpTo(raw, 100),
  grade: (raw) => numberIn(raw, 1, 12, true),
  language: (raw) => textUpTo(raw, 40),
  min_price: (raw) => numberIn(raw, 0, 100_000),
  max_price: (raw) => numberIn(raw, 0, 100_000),
  day: (raw) => oneOf(availabilityDays, raw),
  time_of_day: (raw) => oneOf(timesOfDay, raw),
  sort: (raw) => oneOf(tutorSearchSorts, raw),
  cursor: (raw) => (raw.length <= 300 ? raw : undefined),
  limit: (raw) => numberIn(raw, 1, tutorSearchDefaults.maxLimit, true),
};

/** URL search params back to a query; lenient: an invalid or empty value is dropped, not an error. */
export function queryOfSearchParams(params: URLSearchParams): Partial<TutorSearchQuery> {
  const query: Record<string, unknown> = {};
  for (const key of paramOrder) {
    const raw = params.get(key);
    if (raw === null || raw.trim() === '') continue;
    const value = readParam[key](raw);
    if (value !== undefined) query[key] = value;
  }
  return query as Partial<TutorSearchQuery>;
}
