import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SiteSettingsView } from '@tibeb/domain/site/contracts';
import { siteName } from '@tibeb/domain/site/messages';
import { api } from '../../../lib/api-client.ts';

/** What the pages show until (or unless) the settings arrive: the product's name and no contact details. */
export const emptySiteSettings: SiteSettingsView = {
  contact: { address: '', phone: '', email: '', map_embed_url: '' },
  site: { name: siteName },
};

/**
 * GET /api/settings/public/: contact details, map and site name. The contract (and zod with it) loads with the
 * first answer to parse, as the offers' does: the landing page reads these settings and arrives with them from the
 * server, so its initial JavaScript carries no schema (decision 245).
 */
export async function getSiteSettings(): Promise<SiteSettingsView> {
  const [{ siteSettingsView }, body] = await Promise.all([
    import('@tibeb/domain/site/contracts'),
    api.get<unknown>('/settings/public/'),
  ]);
  return siteSettingsView.parse(body);
}

export const siteSettingsQueryOptions = () =>
  queryOptions({ queryKey: ['site-settings'], queryFn: getSiteSettings, staleTime: 5 * 60_000 });

export function useSiteSettings() {
  return useQuery(siteSettingsQueryOptions());
}
