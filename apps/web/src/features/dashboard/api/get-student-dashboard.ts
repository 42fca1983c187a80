import { queryOptions, useQuery } from '@tanstack/react-query';
import type { StudentDashboard } from '@tibeb/domain/accounts/dashboard';
import { api } from '../../../lib/api-client.ts';

export const getStudentDashboard = () =>
  api.get<StudentDashboard>('/student/dashboard/', { bustCache: true });

export const getStudentDashboardQueryOptions = () =>
  queryOptions({ queryKey: ['area', '/student/dashboard/'], queryFn: getStudentDashboard });

export const useGetStudentDashboard = () => useQuery(getStudentDashboardQueryOptions());
