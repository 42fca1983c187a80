import { queryOptions, useQuery } from '@tanstack/react-query';
import { subjectListSchema, type Subject } from '@tibeb/domain/subjects/contract';
import { api } from '../../../lib/api-client.ts';

/** GET /api/admin/subjects/: every subject with its prices per hour, dollars and birr (issue 18 §3). */
export async function getAdminSubjects(signal?: AbortSignal): Promise<Subject[]> {
  const body = await api.get<unknown>('/admin/subjects/', { signal, bustCache: true });
  return subjectListSchema.parse(body);
}

export const adminSubjectsQueryOptions = () =>
  queryOptions({ queryKey: ['admin', 'subjects'], queryFn: ({ signal }) => getAdminSubjects(signal) });

export const useAdminSubjects = () => useQuery(adminSubjectsQueryOptions());
