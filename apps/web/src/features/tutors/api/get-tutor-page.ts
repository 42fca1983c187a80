import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PublicTutorPage } from '@tibeb/domain/tutors/search';
import { api } from '../../../lib/api-client.ts';

/**
 * GET /api/tutors/public/{id}/ : a published tutor with what its page shows (slug, languages, next free times). The
 * contract loads with the first answer to parse (decision 278).
 */
export async function getTutorPage(id: number, signal?: AbortSignal): Promise<PublicTutorPage> {
  const [{ publicTutorPageSchema }, body] = await Promise.all([
    import('@tibeb/domain/tutors/search'),
    api.get<unknown>(`/tutors/public/${id}/`, { signal }),
  ]);
  return publicTutorPageSchema.parse(body);
}

export const tutorPageQueryOptions = (id: number) =>
  queryOptions({
    queryKey: ['tutors', 'page', id],
    queryFn: ({ signal }) => getTutorPage(id, signal),
    staleTime: 60_000,
    // A page the server rendered as "not found" (or failed) hydrates as it was rendered, not as a fresh load.
    retryOnMount: false,
  });

/** The tutor of a page address; `id` null (an address that names no tutor) asks nothing. */
export const useTutorPage = (id: number | null) =>
  useQuery({ ...tutorPageQueryOptions(id ?? 0), enabled: id !== null });
