import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export type FeedArea = 'tutor' | 'student';
export type FeedAddress = { url: string | null };

const key = (area: FeedArea) => ['calendar-feed', area] as const;

export const getCalendarToken = (area: FeedArea) =>
  api.get<FeedAddress>(`/${area}/calendar-token/`, { bustCache: true });

export const getCalendarTokenQueryOptions = (area: FeedArea) =>
  queryOptions({ queryKey: key(area), queryFn: () => getCalendarToken(area) });

export const useGetCalendarToken = (area: FeedArea) => useQuery(getCalendarTokenQueryOptions(area));
