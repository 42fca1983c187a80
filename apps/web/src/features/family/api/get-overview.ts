import { queryOptions, useQuery } from '@tanstack/react-query';
import type { FamilyOverview } from '@tibeb/domain/family/contracts';
import { api } from '../../../lib/api-client.ts';

export const getOverview = () => api.get<FamilyOverview>('/student/overview/', { bustCache: true });

export const getOverviewQueryOptions = () =>
  queryOptions({ queryKey: ['family', 'overview'], queryFn: getOverview });

export const useGetOverview = () => useQuery(getOverviewQueryOptions());
