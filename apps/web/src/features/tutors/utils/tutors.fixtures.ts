/** Test support: published tutors and an MSW stand-in for the search, detail and reviews answers (issue 28). */
import { matchesGrade, matchesSearch, tutorCategory } from '@tibeb/domain/tutors/directory';
import {
  tutorSearchQuerySchema,
  tutorSlug,
  type PublicTutorPage,
  type TutorSearchItem,
  type TutorSearchQuery,
} from '@tibeb/domain/tutors/search';
import { http, HttpResponse } from 'msw';
import { server } from '../../../test/msw-server.ts';

const base = {
  subject_id: null,
  category: null,
  education: 'Addis Ababa University',
  years_of_experience: 5,
  teaching_style: 'Patient, with worked examples.',
  hourly_rate: 25,
  average_rating: 4.5,
  total_reviews: 8,
  profile_image: '/images/tutors/x.svg',
  time_zone: 'Africa/Addis_Ababa',
  checks: [] as TutorSearchItem['checks'],
  trial: null as TutorSearchItem['trial'],
  languages: ['Amharic', 'English'],
  next_free: { date: '2026-06-16', time: '16:00', starts_at: '2026-06-16T13:00:00.000Z' },
};

export function searchItem(
  fields: Partial<TutorSearchItem> & Pick<TutorSearchItem, 'id' | 'full_name'>,
): TutorSearchItem {
  return {
    ...base,
    subject: 'math',
    grade_from: 1,
    grade_to: 12,
    bio: '',
    ...fields,
    slug: fields.slug ?? tutorSlug(fields.full_name),
  };
}

export const abebe = searchItem({
  id: 1,
  full_name: 'Abebe Bekele',
  subject: 'math',
  grade_from: 1,
  grade_to: 6,
  bio: 'Short bio.',
});
export const hana = searchItem({
  id: 2,
  full_name: 'Hana Tesfaye',
  subject: 'Chemistry',
  grade_from: 9,
  grade_to: 12,
  bio: 'B'.repeat(150),
  hourly_rate: 30.5,
  average_rating: 4.26,
  total_reviews: 1,
  checks: ['police_clearance', 'identity'],
  languages: ['Amharic'],
  next_free: null,
});
export const yonas = searchItem({
  id: 3,
  full_name: 'Yonas Alemu',
  subject: 'Python',
  grade_from: 7,
  grade_to: 10,
  bio: '',
  education: '',
  average_rating: 9,
  languages: ['English', 'Tigrigna'],
});
export const threeTutors = [abebe, hana, yonas];

/** Every search the page made, as the server would read it (the query schema, so a bad parameter fails the test). */
export type SearchLog = TutorSearchQuery[];

/**
 * Serves GET /api/tutors/search/ from `tutors` with the directory's rules (search, subject category or slug, grade,
 * language, price), sorted by rating or price, a page of `limit` after `cursor` (an offset here).
 */
export function serveSearch(tutors: readonly TutorSearchItem[], log: SearchLog = []) {
  server.use(
    http.get('/api/tutors/search/', ({ request }) => {
      const params = Object.fromEntries(new URL(request.url).searchParams);
      const parsed = tutorSearchQuerySchema.safeParse(params);
      if (!parsed.success) return HttpResponse.json({ detail: 'Invalid input.' }, { status: 400 });
      const q = parsed.data;
      log.push(q);
      const wantedSubject = q.subject?.toLowerCase();
      const matches = tutors
        .filter((t) => matchesSearch(t, q.q ?? ''))
        .filter((t) => !wantedSubject || tutorCategory(t).toLowerCase() === wantedSubject)
        .filter((t) => matchesGrade(t, q.grade ?? null))
        .filter((t) => !q.language || t.languages.some((l) => l.toLowerCase() === q.language!.toLowerCase()))
        .filter((t) => q.min_price === undefined || t.hourly_rate >= q.min_price)
        .filter((t) => q.max_price === undefined || t.hourly_rate <= q.max_price);
      if (q.sort === 'price') matches.sort((a, b) => a.hourly_rate - b.hourly_rate || a.id - b.id);
      const offset = q.cursor ? Number(q.cursor) : 0;
      const page = matches.slice(offset, offset + q.limit);
      const next = offset + q.limit < matches.length ? String(offset + q.limit) : null;
      return HttpResponse.json({ results: page, total: matches.length, next_cursor: next });
    }),
  );
  return log;
}

export const review = (
  id: number,
  fields: Partial<{ author_name: string; rating: number; comment: string }> = {},
) => ({
  id,
  author_name: `Parent ${id}`,
  rating: 5,
  comment: `Review number ${id}.`,
  created_at: '2026-05-01T10:00:00.000Z',
  updated_at: '2026-05-01T10:00:00.000Z',
  ...fields,
});

/** A tutor page's answer: the search item's fields, the weekly availability, and the free times this week. */
export function tutorPage(item: TutorSearchItem, fields: Partial<PublicTutorPage> = {}): PublicTutorPage {
  const { next_free: _next, ...rest } = item;
  return {
    ...rest,
    availability: { mon: [], tue: [], wed: [], thu: [], fri: [], sat: [], sun: [] },
    next_free_times: [
      { date: '2026-06-16', time: '16:00', starts_at: '2026-06-16T13:00:00.000Z' },
      { date: '2026-06-18', time: '09:30', starts_at: '2026-06-18T06:30:00.000Z' },
    ],
    ...fields,
  };
}

/** Serves a tutor's detail (404 for any other id) and its reviews a page at a time (limit, offset). */
export function serveTutor(
  page: PublicTutorPage | null,
  reviews: ReturnType<typeof review>[] = [],
  log: string[] = [],
) {
  server.use(
    http.get('/api/tutors/public/:id/', ({ params }) =>
      page && String(page.id) === params.id
        ? HttpResponse.json(page)
        : HttpResponse.json({ detail: 'Not found.' }, { status: 404 }),
    ),
    http.get('/api/tutors/public/:id/reviews/', ({ params, request }) => {
      log.push(new URL(request.url).search);
      if (!page || String(page.id) !== params.id)
        return HttpResponse.json({ detail: 'Not found.' }, { status: 404 });
      const url = new URL(request.url);
      const limit = Number(url.searchParams.get('limit') ?? 5);
      const offset = Number(url.searchParams.get('offset') ?? 0);
      return HttpResponse.json({
        average_rating: page.average_rating,
        total_reviews: reviews.length,
        reviews: reviews.slice(offset, offset + limit),
      });
    }),
  );
  return log;
}
