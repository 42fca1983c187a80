import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** The tutor's real free start times of a month (EAT dates → HH:MM), as the booking wizard reads them. */
export type FreeTimes = { available: Record<string, string[]> };

export const getFreeTimes = (tutorId: number, year: number, month: number, durationMinutes: number) =>
  api.get<FreeTimes>('/reservations/available/', {
    query: { tutor_id: tutorId, year, month, duration_minutes: durationMinutes },
    bustCache: true,
  });

export const getFreeTimesQueryOptions = (
  tutorId: number,
  year: number,
  month: number,
  durationMinutes: number,
) =>
  queryOptions({
    queryKey: ['family', 'free-times', tutorId, year, month, durationMinutes],
    queryFn: () => getFreeTimes(tutorId, year, month, durationMinutes),
  });

export const useGetFreeTimes = (
  tutorId: number,
  year: number,
  month: number,
  durationMinutes: number,
  enabled = true,
) => useQuery({ ...getFreeTimesQueryOptions(tutorId, year, month, durationMinutes), enabled });
