import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Subject } from '@tibeb/domain/subjects/contract';
import { api } from '../../../lib/api-client.ts';

/** The catalogue's subjects, for the admin's subject choice (a tutor's category comes from it). */
export const getSubjects = () => api.get<Subject[]>('/subjects/public/');

export const subjectsQueryOptions = () =>
  queryOptions({ queryKey: ['tutor-profile', 'subjects'], queryFn: getSubjects, staleTime: 300_000 });

export const useSubjects = (enabled: boolean) => useQuery({ ...subjectsQueryOptions(), enabled });
