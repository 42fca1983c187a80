import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { TutorSessions } from '@tibeb/domain/sessions/tutor-area';
import { api } from '../../../lib/api-client.ts';

export const getSessions = (from: string | null, days = 7) =>
  api.get<TutorSessions>('/tutor/sessions/', { query: { from: from ?? undefined, days }, bustCache: true });

export const getSessionsQueryOptions = (from: string | null, days = 7) =>
  queryOptions({
    queryKey: ['tutor-week', 'sessions', from ?? 'this-week', days],
    queryFn: () => getSessions(from, days),
    placeholderData: keepPreviousData,
  });

export const useGetSessions = (from: string | null, days = 7) =>
  useQuery(getSessionsQueryOptions(from, days));
