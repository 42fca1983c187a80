import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AvailableResponse } from '@tibeb/domain/bookings/payload';
import { api } from '../../../lib/api-client.ts';

export type FreeTimesParams = { tutorId: number; date: string; durationMinutes: number };

/** The tutor's free start times on one date (the booking engine's month availability, future only). */
export async function getFreeTimes({ tutorId, date, durationMinutes }: FreeTimesParams): Promise<string[]> {
  const [year, month] = date.split('-').map(Number);
  const answer = await api.get<AvailableResponse>('/reservations/available/', {
    query: { tutor_id: tutorId, year, month, duration_minutes: durationMinutes, only_future: 'true' },
    bustCache: true,
  });
  return answer.available[date] ?? [];
}

export const freeTimesQueryOptions = (p: FreeTimesParams) =>
  queryOptions({ queryKey: ['admin', 'free-times', p], queryFn: () => getFreeTimes(p) });

export const useFreeTimes = (p: FreeTimesParams | null) =>
  useQuery({
    ...freeTimesQueryOptions(p ?? { tutorId: 0, date: '2000-01-01', durationMinutes: 60 }),
    enabled: p !== null && /^\d{4}-\d{2}-\d{2}$/.test(p.date),
  });
