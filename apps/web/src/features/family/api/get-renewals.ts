import { queryOptions, useQuery } from '@tanstack/react-query';
import { renewalOfferListSchema, type RenewalOffer } from '@tibeb/domain/family/contracts';
import { api } from '../../../lib/api-client.ts';

/** GET /api/student/renewals/: the bookings whose paid weeks end within a week, their next weeks previewed. */
export async function getRenewals(): Promise<RenewalOffer[]> {
  return renewalOfferListSchema.parse(await api.get<unknown>('/student/renewals/', { bustCache: true }));
}

export const getRenewalsQueryOptions = () =>
  queryOptions({ queryKey: ['family', 'renewals'], queryFn: getRenewals });

export const useGetRenewals = () => useQuery(getRenewalsQueryOptions());
