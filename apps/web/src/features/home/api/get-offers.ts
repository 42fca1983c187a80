import { queryOptions, useQuery } from '@tanstack/react-query';
import { offerList, type Offer } from '@tibeb/domain/site/contracts';
import { siteMessages } from '@tibeb/domain/site/messages';
import { api } from '../../../lib/api-client.ts';

/** GET /api/offers/ (spec §7); a failure is logged with the spec's text and hides the section (spec §8). */
export async function getOffers(): Promise<Offer[]> {
  try {
    return offerList.parse(await api.get<unknown>('/offers/'));
  } catch (err) {
    console.error(siteMessages.offersLoadFailed, err);
    throw err;
  }
}

export const offersQueryOptions = () =>
  queryOptions({ queryKey: ['offers'], queryFn: getOffers, retry: false, staleTime: 60_000 });

export function useOffers() {
  return useQuery(offersQueryOptions());
}
