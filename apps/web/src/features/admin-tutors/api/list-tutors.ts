import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { adminTutorPageSchema, type AdminTutorPage } from '@tibeb/domain/tutors/admin-list';
import { api } from '../../../lib/api-client.ts';

export type TutorListParams = { q?: string; published?: 'true' | 'false'; page: number; page_size: number };

/**
 * GET /api/admin/tutors/?page=&page_size=: one page of the profiles, published or not, with the count (decisions
 * 241 and 243); `q` searches name and subject.
 */
export async function listTutors(params: TutorListParams): Promise<AdminTutorPage> {
  const body = await api.get<unknown>('/admin/tutors/', { query: params, bustCache: true });
  return adminTutorPageSchema.parse(body);
}

export const tutorsQueryOptions = (params: TutorListParams) =>
  queryOptions({
    queryKey: ['admin', 'tutors', params],
    queryFn: () => listTutors(params),
    placeholderData: keepPreviousData,
  });

export const useAdminTutors = (params: TutorListParams) => useQuery(tutorsQueryOptions(params));
