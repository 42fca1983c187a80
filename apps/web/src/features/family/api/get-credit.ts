import { queryOptions, useQuery } from '@tanstack/react-query';
import type { FamilyCredit } from '@tibeb/domain/family/contracts';
import { api } from '../../../lib/api-client.ts';

export const getCredit = () => api.get<FamilyCredit>('/student/credit/', { bustCache: true });

export const getCreditQueryOptions = () =>
  queryOptions({ queryKey: ['family', 'credit'], queryFn: getCredit });

export const useGetCredit = () => useQuery(getCreditQueryOptions());
