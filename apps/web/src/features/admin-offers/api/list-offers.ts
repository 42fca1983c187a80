import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminOffer } from '@tibeb/domain/site/contracts';
import { api } from '../../../lib/api-client.ts';

/** GET /api/admin/offers/: every offer, published or not, in display order. */
export const listOffers = () => api.get<AdminOffer[]>('/admin/offers/', { bustCache: true });

export const offersQueryOptions = () => queryOptions({ queryKey: ['admin', 'offers'], queryFn: listOffers });

export const useOffers = () => useQuery(offersQueryOptions());
