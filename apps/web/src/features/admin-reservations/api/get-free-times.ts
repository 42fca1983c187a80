import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  availableAnswerSchema,
  availablePath,
  availableQuery,
  freeTimesOn,
  monthOfDate,
} from '@tibeb/domain/bookings/available';
import { withoutPast } from '@tibeb/domain/bookings/future-times';
import { api } from '../../../lib/api-client.ts';

export type FreeTimesParams = {
  tutorId: number;
  date: string;
  durationMinutes: number;
  /** The session being moved: its own time counts as free (decision 261). */
  exceptSessionId?: string;
};

/**
 * The tutor's free start times on one date: GET /api/reservations/available/ for the date's month, asked and
 * read as every client does (@tibeb/domain/bookings/available: future times only).
 */
export async function getFreeTimes({
  tutorId,
  date,
  durationMinutes,
  exceptSessionId,
}: FreeTimesParams): Promise<string[]> {
  const body = await api.get<unknown>(availablePath, {
    query: availableQuery({ tutorId, ...monthOfDate(date), durationMinutes, exceptSessionId }),
    bustCache: true,
  });
  return freeTimesOn(withoutPast(availableAnswerSchema.parse(body)), date);
}

export const freeTimesQueryOptions = (p: FreeTimesParams) =>
  queryOptions({ queryKey: ['admin', 'free-times', p], queryFn: () => getFreeTimes(p) });

export const useFreeTimes = (p: FreeTimesParams | null) =>
  useQuery({
    ...freeTimesQueryOptions(p ?? { tutorId: 0, date: '2000-01-01', durationMinutes: 60 }),
    enabled: p !== null && /^\d{4}-\d{2}-\d{2}$/.test(p.date),
  });
