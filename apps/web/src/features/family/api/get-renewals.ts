import { queryOptions, useQuery } from '@tanstack/react-query';
import type { RenewalOffer } from '@tibeb/domain/family/contracts';
import { api } from '../../../lib/api-client.ts';

export const getRenewals = () => api.get<RenewalOffer[]>('/student/renewals/', { bustCache: true });

export const getRenewalsQueryOptions = () =>
  queryOptions({ queryKey: ['family', 'renewals'], queryFn: getRenewals });

export const useGetRenewals = () => useQuery(getRenewalsQueryOptions());
