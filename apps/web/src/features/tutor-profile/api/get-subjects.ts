import { queryOptions, useQuery } from '@tanstack/react-query';
import { subjectListSchema, type Subject } from '@tibeb/domain/subjects/contract';
import { api } from '../../../lib/api-client.ts';

/** GET /api/subjects/public/: the catalogue's subjects, for the admin's subject choice (a tutor's category). */
export async function getSubjects(): Promise<Subject[]> {
  return subjectListSchema.parse(await api.get<unknown>('/subjects/public/'));
}

export const subjectsQueryOptions = () =>
  queryOptions({ queryKey: ['tutor-profile', 'subjects'], queryFn: getSubjects, staleTime: 300_000 });

export const useSubjects = (enabled: boolean) => useQuery({ ...subjectsQueryOptions(), enabled });
