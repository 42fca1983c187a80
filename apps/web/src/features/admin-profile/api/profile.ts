import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminProfile, type AdminProfile, type AdminProfileUpdate } from '@tibeb/domain/admin/profile';
import { api } from '../../../lib/api-client.ts';

/** GET /api/admin/profile/ */
export async function getProfile(): Promise<AdminProfile> {
  return adminProfile.parse(await api.get<unknown>('/admin/profile/', { bustCache: true }));
}

export const profileQueryOptions = () =>
  queryOptions({ queryKey: ['admin', 'profile'], queryFn: getProfile });

export const useProfile = () => useQuery(profileQueryOptions());

/** PATCH /api/admin/profile/: the account as saved. */
export async function updateProfile(body: AdminProfileUpdate): Promise<AdminProfile> {
  return adminProfile.parse(await api.patch<unknown>('/admin/profile/', body));
}

export function useUpdateProfile() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (profile) => client.setQueryData(['admin', 'profile'], profile),
  });
}
