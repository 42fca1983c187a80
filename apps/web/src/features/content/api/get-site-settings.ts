import { queryOptions, useQuery } from '@tanstack/react-query';
import { siteSettingsView, type SiteSettingsView } from '@tibeb/domain/site/contracts';
import { siteName } from '@tibeb/domain/site/messages';
import { api } from '../../../lib/api-client.ts';

/** What the pages show until (or unless) the settings arrive: the product's name and no contact details. */
export const emptySiteSettings: SiteSettingsView = {
  contact: { address: '', phone: '', email: '', map_embed_url: '' },
  site: { name: siteName },
};

/** GET /api/settings/public/: contact details, map and site name. */
export async function getSiteSettings(): Promise<SiteSettingsView> {
  return siteSettingsView.parse(await api.get<unknown>('/settings/public/'));
}

export const siteSettingsQueryOptions = () =>
  queryOptions({ queryKey: ['site-settings'], queryFn: getSiteSettings, staleTime: 5 * 60_000 });

export function useSiteSettings() {
  return useQuery(siteSettingsQueryOptions());
}
