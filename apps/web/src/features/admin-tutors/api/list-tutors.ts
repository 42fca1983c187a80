import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminTutor } from '@tibeb/domain/tutors/contract';
import { api } from '../../../lib/api-client.ts';

export type TutorListParams = { q?: string; published?: 'true' | 'false' };

export const listTutors = (params: TutorListParams) =>
  api.get<AdminTutor[]>('/admin/tutors/', { query: params, bustCache: true });

export const tutorsQueryOptions = (params: TutorListParams) =>
  queryOptions({
    queryKey: ['admin', 'tutors', params],
    queryFn: () => listTutors(params),
    placeholderData: keepPreviousData,
  });

export const useAdminTutors = (params: TutorListParams) => useQuery(tutorsQueryOptions(params));
