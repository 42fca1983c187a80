import { toCents } from '@tibeb/domain/shared/money';
import { subjectCategories } from '@tibeb/domain/subjects/categories';
import { subjectCategoryMap } from '@tibeb/domain/tutors/directory';
import {
  timeOfDaySpans,
  tutorSearchMessages as m,
  tutorSearchResultSchema,
  tutorSlug,
  type TutorSearchItem,
  type TutorSearchQuery,
  type TutorSearchSort,
} from '@tibeb/domain/tutors/search';
import type { Db } from '../../platform/db/client.ts';
import { badRequest } from '../../platform/http/app-error.ts';
import { searchCache } from './directory.cache.ts';
import { toNextFree } from './next-free.service.ts';
import * as repo from './search.repository.ts';
import { publicTutorFields } from './tutors.service.ts';

/**
 * GET /api/tutors/search/ (issue 28 item 2, decision 239): one keyset page of the published tutors matching the
 * filters, in the chosen order, with the total and the cursor of the next page. Answers are JSON texts validated
 * against the contract once and kept in the search cache (bounded LRU, dropped on every `tutors:` invalidation
 * and whenever a tutor's next free time changes).
 */

const MAX_ID = 2_147_483_647;
const MAX_CENTS = 2_147_483_647;

const badCursor = () => badRequest(m.badCursor, { cursor: [m.badCursor] });

/** The opaque cursor: base64url of the sort's key of the last tutor shown, and its id. */
export function encodeCursor(after: repo.Keyset): string {
  const parts =
    after.sort === 'rating'
      ? ['r', after.rating, after.reviews, after.id]
      : after.sort === 'price'
        ? ['p', after.cents, after.id]
        : ['n', after.at, after.id];
  return Buffer.from(JSON.stringify(parts)).toString('base64url');
}

const isId = (v: unknown): v is number => Number.isInteger(v) && (v as number) > 0 && (v as number) <= MAX_ID;
const isCount = (v: unknown): v is number =>
  Number.isInteger(v) && (v as number) >= 0 && (v as number) <= MAX_ID;

/** The position a cursor names, for the query's sort; anything else (tampered, another sort's) is a 400. */
export function decodeCursor(cursor: string, sort: TutorSearchSort): repo.Keyset {
  if (!/^[A-Za-z0-9_-]{1,300}$/.test(cursor)) throw badCursor();
  let parts: unknown;
  try {
    parts = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw badCursor();
  }
  if (!Array.isArray(parts)) throw badCursor();
  const [code, a, b, c] = parts as unknown[];
  if (sort === 'rating' && code === 'r' && parts.length === 4) {
    if (typeof a === 'string' && /^[0-5](\.\d{1,2})?$/.test(a) && Number(a) <= 5 && isCount(b) && isId(c))
      return { sort, rating: a, reviews: b, id: c };
  }
  if (sort === 'price' && code === 'p' && parts.length === 3) {
    if (Number.isInteger(a) && (a as number) >= 0 && (a as number) <= MAX_CENTS && isId(b))
      return { sort, cents: a as number, id: b };
  }
  if (sort === 'next_free' && code === 'n' && parts.length === 3) {
    const valid =
      a === 'infinity' ||
      (typeof a === 'string' &&
        /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,3})?Z$/.test(a) &&
        Number.isFinite(Date.parse(a)));
    if (valid && isId(b)) return { sort, at: a as string, id: b };
  }
  throw badCursor();
}

function keysetOf(row: repo.SearchRow, sort: TutorSearchSort): repo.Keyset {
  const id = Number(row.id);
  if (sort === 'rating')
    return { sort, rating: String(row.review_average), reviews: Number(row.review_count), id };
  if (sort === 'price') return { sort, cents: Number(row.hourly_rate_cents), id };
  return { sort, at: row.next_free_at ? new Date(row.next_free_at).toISOString() : 'infinity', id };
}

/** `%text%` for ILIKE, with the pattern characters taken literally. */
const likeOf = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The query's filters for SQL: the subject as a category or a catalogue subject, money in cents. */
async function filtersOf(db: Db, q: TutorSearchQuery): Promise<repo.SearchFilters> {
  const f: repo.SearchFilters = {};
  if (q.q) f.like = likeOf(q.q);
  if (q.subject) {
    const wanted = q.subject.toLowerCase();
    const category = subjectCategories.find((c) => c.toLowerCase() === wanted);
    if (category) f.category = category;
    else {
      const subjectId = await repo.subjectIdBySlug(db, wanted);
      if (subjectId !== null) f.subjectId = subjectId;
      else if (subjectCategoryMap[wanted]) f.category = subjectCategoryMap[wanted];
      else f.none = true;
    }
  }
  if (q.grade !== undefined) f.grade = q.grade;
  if (q.language) f.language = q.language.toLowerCase();
  if (q.min_price !== undefined) f.minCents = toCents(q.min_price);
  if (q.max_price !== undefined) f.maxCents = toCents(q.max_price);
  if (q.day) f.day = q.day;
  if (q.time_of_day) f.window = timeOfDaySpans[q.time_of_day];
  return f;
}

function toItem(row: repo.SearchRow): TutorSearchItem {
  return {
    ...publicTutorFields(row, { average: row.review_average, total: row.review_count }),
    slug: tutorSlug(row.full_name),
    languages: row.languages ?? [],
    next_free: row.next_free_at ? toNextFree(new Date(row.next_free_at)) : null,
  };
}

/** The filters of a query in a fixed order (the cache key of its total). */
const filterKey = (q: TutorSearchQuery) =>
  JSON.stringify([
    q.q ?? '',
    q.subject?.toLowerCase() ?? '',
    q.grade ?? '',
    q.language?.toLowerCase() ?? '',
    q.min_price ?? '',
    q.max_price ?? '',
    q.day ?? '',
    q.time_of_day ?? '',
  ]);

/** One page of the search as the JSON text the route sends (with its ETag). */
export async function searchTutors(db: Db, q: TutorSearchQuery) {
  if (q.min_price !== undefined && q.max_price !== undefined && q.max_price < q.min_price)
    throw badRequest(m.priceRange, { max_price: [m.priceRange] });
  const after = q.cursor ? decodeCursor(q.cursor, q.sort) : null;
  const filters = filterKey(q);
  const cache = searchCache(db);
  return cache.get(`tutors:search:page:${filters}|${q.sort}|${q.cursor ?? ''}|${q.limit}`, async () => {
    const resolved = await filtersOf(db, q);
    const [rows, total] = await Promise.all([
      repo.selectPage(db, resolved, q.sort, after, q.limit + 1),
      cache.get(`tutors:search:total:${filters}`, () => repo.countMatches(db, resolved)),
    ]);
    const page = rows.slice(0, q.limit);
    const last = page.at(-1);
    return JSON.stringify(
      tutorSearchResultSchema.parse({
        results: page.map(toItem),
        total: total.value,
        next_cursor: rows.length > q.limit && last ? encodeCursor(keysetOf(last, q.sort)) : null,
      }),
    );
  });
}
