import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { tutorSessionsSchema, type TutorSessions } from '@tibeb/domain/sessions/tutor-area';
import { api } from '../../../lib/api-client.ts';

/** GET /api/tutor/sessions/?from=&days= : the sessions of a range of days (default this week). */
export async function getSessions(from: string | null, days = 7): Promise<TutorSessions> {
  const body = await api.get<unknown>('/tutor/sessions/', {
    query: { from: from ?? undefined, days },
    bustCache: true,
  });
  return tutorSessionsSchema.parse(body);
}

export const getSessionsQueryOptions = (from: string | null, days = 7) =>
  queryOptions({
    queryKey: ['tutor-week', 'sessions', from ?? 'this-week', days],
    queryFn: () => getSessions(from, days),
    placeholderData: keepPreviousData,
  });

export const useGetSessions = (from: string | null, days = 7) =>
  useQuery(getSessionsQueryOptions(from, days));
