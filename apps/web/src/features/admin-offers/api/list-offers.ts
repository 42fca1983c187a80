import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminOfferList, type AdminOffer } from '@tibeb/domain/site/contracts';
import { api } from '../../../lib/api-client.ts';

/** GET /api/admin/offers/: every offer, published or not, in display order. */
export async function listOffers(): Promise<AdminOffer[]> {
  return adminOfferList.parse(await api.get<unknown>('/admin/offers/', { bustCache: true }));
}

export const offersQueryOptions = () => queryOptions({ queryKey: ['admin', 'offers'], queryFn: listOffers });

export const useOffers = () => useQuery(offersQueryOptions());
