import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TutorOverview } from '@tibeb/domain/sessions/tutor-area';
import { api } from '../../../lib/api-client.ts';

export const getOverview = () => api.get<TutorOverview>('/tutor/overview/', { bustCache: true });

export const getOverviewQueryOptions = () =>
  queryOptions({ queryKey: ['tutor-week', 'overview'], queryFn: getOverview, refetchInterval: 60_000 });

export const useGetOverview = () => useQuery(getOverviewQueryOptions());
