import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import type { PublicTutorListItem } from '@tibeb/domain/tutors/contract';
import type { NextFree, TutorSearchQuery, TutorSearchResult } from '@tibeb/domain/tutors/search';
import { api } from '../../../lib/api-client.ts';

/**
 * A tutor as the cards and the Details dialog read it: the server's list item, with the search's extras when it
 * came from the search (the profile preview of the admin and tutor areas passes a bare list item).
 */
export type DirectoryTutor = PublicTutorListItem & {
  slug?: string;
  languages?: string[];
  /** The next bookable start (null: none in the next two weeks); absent when the source does not say. */
  next_free?: NextFree | null;
};

/** The filters and sort of a search: everything but the page (cursor) and its size. */
export type DirectoryQuery = Omit<Partial<TutorSearchQuery>, 'cursor' | 'limit'>;

/**
 * GET /api/tutors/search/ (issue 28): one page of the tutors matching `query`, after `cursor`. The contract loads with
 * the first answer to parse: the directory the server rendered is taken over without it (decision 278).
 */
export async function searchTutors(
  query: DirectoryQuery,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<TutorSearchResult> {
  const [{ tutorSearchResultSchema }, body] = await Promise.all([
    import('@tibeb/domain/tutors/search'),
    api.get<unknown>('/tutors/search/', { signal, query: { ...query, cursor: cursor ?? undefined } }),
  ]);
  return tutorSearchResultSchema.parse(body);
}

/** The pages loaded so far of one search; "Show more" adds the next (decision 240). */
export const tutorSearchQueryOptions = (query: DirectoryQuery) =>
  infiniteQueryOptions({
    queryKey: ['tutors', 'search', query],
    queryFn: ({ pageParam, signal }) => searchTutors(query, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor ?? undefined,
    staleTime: 60_000,
    // A failed search the server rendered (the empty state) hydrates as it was rendered, not as a fresh load.
    retryOnMount: false,
  });

/** The search's pages; while other filters load, the last answer stays on screen. */
export const useTutorSearch = (query: DirectoryQuery) =>
  useInfiniteQuery({ ...tutorSearchQueryOptions(query), placeholderData: keepPreviousData });
