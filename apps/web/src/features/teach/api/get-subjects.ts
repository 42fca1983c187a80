import { queryOptions, useQuery } from '@tanstack/react-query';
import { subjectListSchema, type Subject } from '@tibeb/domain/subjects/contract';
import { api } from '../../../lib/api-client.ts';

/** GET /api/subjects/public/: the active subjects an applicant can choose (and whether each is offered in birr). */
export async function getSubjects(): Promise<Subject[]> {
  const all = subjectListSchema.parse(await api.get<unknown>('/subjects/public/'));
  return all.filter((s) => s.is_active);
}

export const teachSubjectsQuery = () =>
  queryOptions({ queryKey: ['teach', 'subjects'], queryFn: getSubjects, staleTime: 300_000 });

export const useTeachSubjects = () => useQuery(teachSubjectsQuery());
