import { queryOptions, useQuery } from '@tanstack/react-query';
import type { FamilyProgress } from '@tibeb/domain/family/contracts';
import { api } from '../../../lib/api-client.ts';

export const getProgress = () =>
  api.get<FamilyProgress>('/student/progress-by-student/', { bustCache: true });

export const getProgressQueryOptions = () =>
  queryOptions({ queryKey: ['family', 'progress'], queryFn: getProgress });

export const useGetProgress = () => useQuery(getProgressQueryOptions());
