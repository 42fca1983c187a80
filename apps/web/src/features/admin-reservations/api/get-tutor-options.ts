import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminTutorListSchema, type AdminTutorListItem } from '@tibeb/domain/tutors/profile';
import { api } from '../../../lib/api-client.ts';

type TutorOption = Pick<AdminTutorListItem, 'id' | 'full_name'>;

/** GET /api/admin/tutors/: every tutor (published or not), for the tutor filter. */
export async function getTutorOptions(): Promise<TutorOption[]> {
  const tutors = adminTutorListSchema.parse(await api.get<unknown>('/admin/tutors/'));
  return tutors.map(({ id, full_name }) => ({ id, full_name }));
}

export const tutorOptionsQueryOptions = () =>
  queryOptions({
    queryKey: ['admin', 'reservations', 'tutor-options'],
    queryFn: getTutorOptions,
    staleTime: 60_000,
  });

export const useTutorOptions = () => useQuery(tutorOptionsQueryOptions());
