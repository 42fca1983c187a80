import { queryOptions, useQuery } from '@tanstack/react-query';
import { tutorOverviewSchema, type TutorOverview } from '@tibeb/domain/sessions/tutor-area';
import { api } from '../../../lib/api-client.ts';

/** GET /api/tutor/overview/: this week, the next session, this month's hours, sessions to mark. */
export async function getOverview(): Promise<TutorOverview> {
  return tutorOverviewSchema.parse(await api.get<unknown>('/tutor/overview/', { bustCache: true }));
}

export const getOverviewQueryOptions = () =>
  queryOptions({ queryKey: ['tutor-week', 'overview'], queryFn: getOverview, refetchInterval: 60_000 });

export const useGetOverview = () => useQuery(getOverviewQueryOptions());
