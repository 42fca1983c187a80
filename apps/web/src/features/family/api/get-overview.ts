import { queryOptions, useQuery } from '@tanstack/react-query';
import { familyOverviewSchema, type FamilyOverview } from '@tibeb/domain/family/contracts';
import { api } from '../../../lib/api-client.ts';

/** GET /api/student/overview/: the family, its credit, and its upcoming sessions with their change terms. */
export async function getOverview(): Promise<FamilyOverview> {
  return familyOverviewSchema.parse(await api.get<unknown>('/student/overview/', { bustCache: true }));
}

export const getOverviewQueryOptions = () =>
  queryOptions({ queryKey: ['family', 'overview'], queryFn: getOverview });

export const useGetOverview = () => useQuery(getOverviewQueryOptions());
