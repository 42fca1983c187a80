import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

type TutorOption = { id: number; full_name: string };

/** Every tutor (published or not) for the tutor filter. */
export const getTutorOptions = () => api.get<TutorOption[]>('/admin/tutors/');

export const tutorOptionsQueryOptions = () =>
  queryOptions({
    queryKey: ['admin', 'reservations', 'tutor-options'],
    queryFn: getTutorOptions,
    staleTime: 60_000,
  });

export const useTutorOptions = () => useQuery(tutorOptionsQueryOptions());
