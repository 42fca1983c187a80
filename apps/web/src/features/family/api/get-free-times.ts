import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  availableAnswerSchema,
  availablePath,
  availableQuery,
  type AvailableAnswer,
} from '@tibeb/domain/bookings/available';
import { withoutPast } from '@tibeb/domain/bookings/future-times';
import { api } from '../../../lib/api-client.ts';

/** The tutor's real free start times of a month (EAT dates → HH:MM), as the booking wizard reads them. */
export type FreeTimes = AvailableAnswer;

/**
 * GET /api/reservations/available/, asked and read as every client does (@tibeb/domain/bookings/available):
 * future times only, so a session is never offered a time the server would refuse.
 */
export async function getFreeTimes(
  tutorId: number,
  year: number,
  month: number,
  durationMinutes: number,
  /** The session being moved: its own time counts as free (decision 261). */
  exceptSessionId?: string,
): Promise<FreeTimes> {
  const body = await api.get<unknown>(availablePath, {
    query: availableQuery({ tutorId, year, month, durationMinutes, exceptSessionId }),
    bustCache: true,
  });
  return withoutPast(availableAnswerSchema.parse(body));
}

export const getFreeTimesQueryOptions = (
  tutorId: number,
  year: number,
  month: number,
  durationMinutes: number,
  exceptSessionId?: string,
) =>
  queryOptions({
    queryKey: ['family', 'free-times', tutorId, year, month, durationMinutes, exceptSessionId ?? null],
    queryFn: () => getFreeTimes(tutorId, year, month, durationMinutes, exceptSessionId),
  });

export const useGetFreeTimes = (
  tutorId: number,
  year: number,
  month: number,
  durationMinutes: number,
  enabled = true,
  exceptSessionId?: string,
) =>
  useQuery({ ...getFreeTimesQueryOptions(tutorId, year, month, durationMinutes, exceptSessionId), enabled });
