import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  adminSettingsViewSchema,
  type AdminSettingsBody,
  type AdminSettingsView,
} from '@tibeb/domain/bookings/lifecycle';
import { apiRequest, api } from '../../../lib/api-client.ts';

/** The admin's settings as the API answers them: contact details, site name and the booking policy. */
export type AdminSettings = AdminSettingsView;

/** GET /api/admin/settings/ */
export async function getSettings(): Promise<AdminSettings> {
  return adminSettingsViewSchema.parse(await api.get<unknown>('/admin/settings/', { bustCache: true }));
}

export const settingsQueryOptions = () =>
  queryOptions({ queryKey: ['admin', 'settings'], queryFn: getSettings });

export const useSettings = () => useQuery(settingsQueryOptions());

/** PUT /api/admin/settings/: the settings as saved. */
export async function saveSettings(body: AdminSettingsBody): Promise<AdminSettings> {
  return adminSettingsViewSchema.parse(
    await apiRequest<unknown>('/admin/settings/', { method: 'PUT', body }),
  );
}

export function useSaveSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: saveSettings,
    onSuccess: (data) => {
      client.setQueryData(['admin', 'settings'], data);
      return client.invalidateQueries({ queryKey: ['admin'] });
    },
  });
}
