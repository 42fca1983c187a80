import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Offer } from '@tibeb/domain/site/contracts';
import { siteMessages } from '@tibeb/domain/site/messages';
import { api } from '../../../lib/api-client.ts';

/**
 * GET /api/offers/ (spec §7); a failure is logged with the spec's text and hides the section (spec §8). The
 * contract (and zod with it) loads with the first answer to parse: the landing page arrives with its offers and
 * starts without it (decision 245).
 */
export async function getOffers(): Promise<Offer[]> {
  try {
    const [{ offerList }, body] = await Promise.all([
      import('@tibeb/domain/site/contracts'),
      api.get<unknown>('/offers/'),
    ]);
    return offerList.parse(body);
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
