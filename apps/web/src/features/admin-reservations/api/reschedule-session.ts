import { useMutation, useQueryClient } from '@tanstack/react-query';
import { reservationSummarySchema, type ReservationSummary } from '@tibeb/domain/bookings/payload';
import { api } from '../../../lib/api-client.ts';

export type RescheduleBody = { date: string; time: string; scope: 'one' | 'series' };

/**
 * The booking lifecycle's move: this session, or it and the rest of its series, to a new date and time.
 * Answers the reservation's summary.
 */
export async function rescheduleSession({
  sessionId,
  body,
}: {
  sessionId: string;
  body: RescheduleBody;
}): Promise<ReservationSummary> {
  const answer = await api.post<unknown>(
    `/bookings/sessions/${encodeURIComponent(sessionId)}/reschedule/`,
    body,
  );
  return reservationSummarySchema.parse(answer);
}

export function useRescheduleSession() {
  const client = useQueryClient();
  return useMutation({ mutationFn: rescheduleSession, onSuccess: () => client.invalidateQueries() });
}
