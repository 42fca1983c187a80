import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TutorDashboard } from '@tibeb/domain/accounts/dashboard';
import { api } from '../../../lib/api-client.ts';

export const getTutorDashboard = () => api.get<TutorDashboard>('/tutor/dashboard/', { bustCache: true });

export const getTutorDashboardQueryOptions = () =>
  queryOptions({ queryKey: ['area', '/tutor/dashboard/'], queryFn: getTutorDashboard });

export const useGetTutorDashboard = () => useQuery(getTutorDashboardQueryOptions());
