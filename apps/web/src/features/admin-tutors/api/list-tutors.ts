import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { adminTutorListSchema, type AdminTutorListItem } from '@tibeb/domain/tutors/profile';
import { api } from '../../../lib/api-client.ts';

export type TutorListParams = { q?: string; published?: 'true' | 'false' };

/** GET /api/admin/tutors/: every profile, published or not; `q` searches name and subject. */
export async function listTutors(params: TutorListParams): Promise<AdminTutorListItem[]> {
  const body = await api.get<unknown>('/admin/tutors/', { query: params, bustCache: true });
  return adminTutorListSchema.parse(body);
}

export const tutorsQueryOptions = (params: TutorListParams) =>
  queryOptions({
    queryKey: ['admin', 'tutors', params],
    queryFn: () => listTutors(params),
    placeholderData: keepPreviousData,
  });

export const useAdminTutors = (params: TutorListParams) => useQuery(tutorsQueryOptions(params));
