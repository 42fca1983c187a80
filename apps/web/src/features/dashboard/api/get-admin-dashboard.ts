import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminDashboard } from '@tibeb/domain/accounts/dashboard';
import { api } from '../../../lib/api-client.ts';

export const getAdminDashboard = () => api.get<AdminDashboard>('/admin/dashboard/', { bustCache: true });

export const getAdminDashboardQueryOptions = () =>
  queryOptions({ queryKey: ['area', '/admin/dashboard/'], queryFn: getAdminDashboard });

export const useGetAdminDashboard = () => useQuery(getAdminDashboardQueryOptions());
