import { queryOptions, useQuery } from '@tanstack/react-query';
import { calendarFeedAddressSchema, type CalendarFeedAddress } from '@tibeb/domain/sessions/calendar-feed';
import { api } from '../../../lib/api-client.ts';

export type FeedArea = 'tutor' | 'student';
export type FeedAddress = CalendarFeedAddress;

const key = (area: FeedArea) => ['calendar-feed', area] as const;

/** GET /api/{tutor|student}/calendar-token/: the feed address, or null. */
export async function getCalendarToken(area: FeedArea): Promise<FeedAddress> {
  return calendarFeedAddressSchema.parse(
    await api.get<unknown>(`/${area}/calendar-token/`, { bustCache: true }),
  );
}

export const getCalendarTokenQueryOptions = (area: FeedArea) =>
  queryOptions({ queryKey: key(area), queryFn: () => getCalendarToken(area) });

export const useGetCalendarToken = (area: FeedArea) => useQuery(getCalendarTokenQueryOptions(area));
