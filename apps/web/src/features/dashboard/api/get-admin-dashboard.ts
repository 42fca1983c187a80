import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminDashboardSchema, type AdminDashboard } from '@tibeb/domain/accounts/dashboard';
import { api } from '../../../lib/api-client.ts';

/** GET /api/admin/dashboard/: counts of users, tutors, reservations, and revenue. */
export async function getAdminDashboard(): Promise<AdminDashboard> {
  return adminDashboardSchema.parse(await api.get<unknown>('/admin/dashboard/', { bustCache: true }));
}

export const getAdminDashboardQueryOptions = () =>
  queryOptions({ queryKey: ['area', '/admin/dashboard/'], queryFn: getAdminDashboard });

export const useGetAdminDashboard = () => useQuery(getAdminDashboardQueryOptions());
