import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Progress } from '@tibeb/domain/accounts/dashboard';
import { api } from '../../../lib/api-client.ts';

export const getStudentProgress = () => api.get<Progress>('/student/progress/', { bustCache: true });

export const getStudentProgressQueryOptions = () =>
  queryOptions({ queryKey: ['area', '/student/progress/'], queryFn: getStudentProgress });

export const useGetStudentProgress = () => useQuery(getStudentProgressQueryOptions());
