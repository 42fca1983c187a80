import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SiteSettings, SiteSettingsView } from '@tibeb/domain/site/contracts';
import { apiRequest, api } from '../../../lib/api-client.ts';

/** The admin's settings as the API answers them: the contact part, and any further groups (booking policy). */
export type AdminSettings = SiteSettingsView & Record<string, unknown>;

/** GET /api/admin/settings/ */
export const getSettings = () => api.get<AdminSettings>('/admin/settings/', { bustCache: true });

export const settingsQueryOptions = () =>
  queryOptions({ queryKey: ['admin', 'settings'], queryFn: getSettings });

export const useSettings = () => useQuery(settingsQueryOptions());

/** PUT /api/admin/settings/: the whole document (groups this form does not edit are sent back unchanged). */
export const saveSettings = (body: SiteSettings & Record<string, unknown>) =>
  apiRequest<AdminSettings>('/admin/settings/', { method: 'PUT', body });

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
