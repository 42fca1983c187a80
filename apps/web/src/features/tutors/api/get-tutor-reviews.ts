import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { TutorReviews } from '@tibeb/domain/reviews/contracts';
import { api } from '../../../lib/api-client.ts';

/**
 * GET /api/tutors/public/{id}/reviews/?limit=&offset= : a page of the reviews, newest first, with the rating and count.
 * The contract (and zod with it) loads with the first answer to parse: a page the server rendered arrives with its
 * reviews and is taken over without it (decision 278).
 */
export async function getTutorReviews(
  tutorId: number,
  { limit = 3, offset = 0 }: { limit?: number; offset?: number } = {},
  signal?: AbortSignal,
): Promise<TutorReviews> {
  const [{ tutorReviewsSchema }, body] = await Promise.all([
    import('@tibeb/domain/reviews/contracts'),
    api.get<unknown>(`/tutors/public/${tutorId}/reviews/`, {
      signal,
      query: { limit, offset: offset || undefined },
    }),
  ]);
  return tutorReviewsSchema.parse(body);
}

/** The Details dialog's latest three. */
export const getTutorReviewsQueryOptions = (tutorId: number) =>
  queryOptions({ queryKey: ['tutors', 'reviews', tutorId], queryFn: () => getTutorReviews(tutorId) });

export const useGetTutorReviews = (tutorId: number | null) =>
  useQuery({ ...getTutorReviewsQueryOptions(tutorId ?? 0), enabled: tutorId !== null });

/** Reviews per page on a tutor's page. */
export const REVIEWS_PAGE_SIZE = 5;

/** A tutor page's reviews, a page at a time ("More reviews" loads the next by offset). */
export const tutorReviewPagesQueryOptions = (tutorId: number) =>
  infiniteQueryOptions({
    queryKey: ['tutors', 'reviews', tutorId, 'pages'],
    queryFn: ({ pageParam, signal }) =>
      getTutorReviews(tutorId, { limit: REVIEWS_PAGE_SIZE, offset: pageParam }, signal),
    initialPageParam: 0,
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((n, page) => n + page.reviews.length, 0);
      return last.reviews.length < REVIEWS_PAGE_SIZE || loaded >= last.total_reviews ? undefined : loaded;
    },
    staleTime: 60_000,
    retryOnMount: false,
  });

export const useTutorReviewPages = (tutorId: number | null) =>
  useInfiniteQuery({ ...tutorReviewPagesQueryOptions(tutorId ?? 0), enabled: tutorId !== null });
