import { queryOptions, useQuery } from '@tanstack/react-query';
import { familyProgressSchema, type FamilyProgress } from '@tibeb/domain/family/contracts';
import { api } from '../../../lib/api-client.ts';

/** GET /api/student/progress-by-student/: per student, attendance, hours by month and the tutors' notes. */
export async function getProgress(): Promise<FamilyProgress> {
  return familyProgressSchema.parse(
    await api.get<unknown>('/student/progress-by-student/', { bustCache: true }),
  );
}

export const getProgressQueryOptions = () =>
  queryOptions({ queryKey: ['family', 'progress'], queryFn: getProgress });

export const useGetProgress = () => useQuery(getProgressQueryOptions());
