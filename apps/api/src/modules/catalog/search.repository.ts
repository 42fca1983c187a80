import { subjectCategories } from '@tibeb/domain/subjects/categories';
import { subjectCategoryMap } from '@tibeb/domain/tutors/directory';
import type { TutorSearchSort } from '@tibeb/domain/tutors/search';
import { sql, type SQL } from 'drizzle-orm';
import { queryRows, sqlList, type DbOrTx } from '../../platform/db/client.ts';
import type { TutorCardRow } from './tutors.repository.ts';

// The directory search (decision 239): published tutors filtered in SQL and read one keyset page at a time along
// one of the partial indexes of migration 0005 (tutors_search_rating_idx, _price_idx, _next_free_idx); the
// language filter has its GIN index; nothing reads every tutor to answer a page.

/** The filters, resolved by the service (money in cents, the subject as a category or a catalogue subject id). */
export type SearchFilters = {
  like?: string;
  category?: string;
  subjectId?: number;
  grade?: number;
  language?: string;
  minCents?: number;
  maxCents?: number;
  day?: string;
  window?: { from: string; to: string };
  /** No tutor can match (an unknown subject): answer nothing without asking. */
  none?: boolean;
};

/** The position after the last tutor of a page, in the sort's own key. */
export type Keyset =
  | { sort: 'rating'; rating: string; reviews: number; id: number }
  | { sort: 'price'; cents: number; id: number }
  | { sort: 'next_free'; at: string; id: number };

export type SearchRow = TutorCardRow & {
  /** Numeric text ("4.33"): the keyset compares it exactly. */
  review_average: string;
  review_count: number;
  next_free_at: Date | string | null;
};

const cats = sqlList(subjectCategories);

/**
 * The category a tutor is listed under, as packages/domain `tutorCategory` decides it: the spec's map of the
 * free-text subject first, then the subject itself when it names a category, then its catalogue subject's.
 */
const categoryExpr = sql`(case lower(btrim(t.subject)) ${sql.join(
  Object.entries(subjectCategoryMap).map(([key, category]) => sql`when ${key} then ${category}`),
  sql` `,
)} else (case when t.subject in ${cats} then t.subject when s.category in ${cats} then s.category else t.subject end) end)`;

const nextFreeKey = sql`coalesce(t.next_free_at, 'infinity'::timestamptz)`;

function whereOf(f: SearchFilters): SQL {
  const parts: SQL[] = [sql`t.is_published and t.is_active`];
  if (f.like !== undefined) parts.push(sql`(t.full_name ilike ${f.like} or t.subject ilike ${f.like})`);
  if (f.category !== undefined) parts.push(sql`${categoryExpr} = ${f.category}`);
  if (f.subjectId !== undefined) parts.push(sql`t.subject_id = ${f.subjectId}`);
  if (f.grade !== undefined) parts.push(sql`t.grade_from <= ${f.grade} and t.grade_to >= ${f.grade}`);
  if (f.language !== undefined)
    parts.push(sql`tutor_languages_key(t.languages) @> array[${f.language}::text]`);
  if (f.minCents !== undefined) parts.push(sql`t.hourly_rate_cents >= ${f.minCents}`);
  if (f.maxCents !== undefined) parts.push(sql`t.hourly_rate_cents <= ${f.maxCents}`);
  if (f.day !== undefined || f.window !== undefined) {
    const inner: SQL[] = [sql`a.tutor_id = t.id`];
    if (f.day !== undefined) inner.push(sql`a.weekday = ${f.day}`);
    if (f.window !== undefined)
      inner.push(sql`a.start_time < ${f.window.to} and a.end_time > ${f.window.from}`);
    parts.push(sql`exists (select 1 from tutor_availability a where ${sql.join(inner, sql` and `)})`);
  }
  return sql.join(parts, sql` and `);
}

/** Each sort: its order (the index's, column for column) and the keyset condition after a position. */
function orderOf(sort: TutorSearchSort): SQL {
  switch (sort) {
    case 'rating':
      return sql`order by t.review_average desc nulls last, t.review_count desc nulls last, t.id desc nulls last`;
    case 'price':
      return sql`order by t.hourly_rate_cents asc, t.id asc`;
    case 'next_free':
      return sql`order by ${nextFreeKey} asc, t.id asc`;
  }
}

function afterOf(after: Keyset): SQL {
  switch (after.sort) {
    case 'rating':
      return sql`(t.review_average, t.review_count, t.id) < (${after.rating}::numeric, ${after.reviews}::int, ${after.id}::int)`;
    case 'price':
      return sql`(t.hourly_rate_cents, t.id) > (${after.cents}::int, ${after.id}::int)`;
    case 'next_free':
      return sql`(${nextFreeKey}, t.id) > (${after.at}::timestamptz, ${after.id}::int)`;
  }
}

/** The page query (exported for the scale test's EXPLAIN). */
export function pageQuery(
  filters: SearchFilters,
  sort: TutorSearchSort,
  after: Keyset | null,
  limit: number,
) {
  const where = after ? sql`${whereOf(filters)} and ${afterOf(after)}` : whereOf(filters);
  return sql`
    select t.id, t.full_name, t.subject, t.subject_id, s.category, t.grade_from, t.grade_to, t.bio, t.education,
           t.years_of_experience, t.teaching_style, t.hourly_rate_cents, t.profile_image, t.time_zone,
           t.review_average::text as review_average, t.review_count,
           array(select c.kind from tutor_checks c where c.tutor_id = t.id) as checks,
           t.languages, t.next_free_at, t.trial_minutes, t.trial_price_cents, t.trial_price_etb_cents
      from tutors t
      left join subjects s on s.id = t.subject_id
     where ${where}
     ${orderOf(sort)}
     limit ${limit}`;
}

/** One page, read one row further than asked to know whether another follows. */
export async function selectPage(
  db: DbOrTx,
  filters: SearchFilters,
  sort: TutorSearchSort,
  after: Keyset | null,
  limit: number,
): Promise<SearchRow[]> {
  if (filters.none) return [];
  return queryRows<SearchRow>(db, pageQuery(filters, sort, after, limit));
}

/** How many published tutors match (a count over the filtered set; cached by the service per filters). */
export async function countMatches(db: DbOrTx, filters: SearchFilters): Promise<number> {
  if (filters.none) return 0;
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from tutors t left join subjects s on s.id = t.subject_id
         where ${whereOf(filters)}`,
  );
  return Number(row?.n ?? 0);
}

/** A catalogue subject's id by its slug (active or not: its tutors stay listed under it). */
export async function subjectIdBySlug(db: DbOrTx, slug: string): Promise<number | null> {
  const [row] = await queryRows<{ id: number }>(db, sql`select id from subjects where slug = ${slug}`);
  return row ? Number(row.id) : null;
}
