import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminProfile, AdminProfileUpdate } from '@tibeb/domain/admin/profile';
import { api } from '../../../lib/api-client.ts';

/** GET /api/admin/profile/ */
export const getProfile = () => api.get<AdminProfile>('/admin/profile/', { bustCache: true });

export const profileQueryOptions = () =>
  queryOptions({ queryKey: ['admin', 'profile'], queryFn: getProfile });

export const useProfile = () => useQuery(profileQueryOptions());

/** PATCH /api/admin/profile/ */
export const updateProfile = (body: AdminProfileUpdate) => api.patch<AdminProfile>('/admin/profile/', body);

export function useUpdateProfile() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (profile) => client.setQueryData(['admin', 'profile'], profile),
  });
}
