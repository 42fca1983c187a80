import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Subject } from '@tibeb/domain/subjects/contract';
import { api } from '../../../lib/api-client.ts';

/**
 * GET /api/subjects/public/?is_active=1 : the catalogue's active subjects, each with a page of its tutors. The
 * contract loads with the first answer to parse (decision 278).
 */
export async function getPublicSubjects(signal?: AbortSignal): Promise<Subject[]> {
  const [{ subjectListSchema }, body] = await Promise.all([
    import('@tibeb/domain/subjects/contract'),
    api.get<unknown>('/subjects/public/', { signal, query: { is_active: 1 } }),
  ]);
  return subjectListSchema.parse(body).filter((s) => s.is_active);
}

export const publicSubjectsQueryOptions = () =>
  queryOptions({
    queryKey: ['tutors', 'subjects'],
    queryFn: ({ signal }) => getPublicSubjects(signal),
    staleTime: 5 * 60_000,
    retryOnMount: false,
  });

export const usePublicSubjects = () => useQuery(publicSubjectsQueryOptions());
