import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export type RescheduleBody = { date: string; time: string; scope: 'one' | 'series' };

/** The booking lifecycle's move: this session, or it and the rest of its series, to a new date and time. */
export const rescheduleSession = ({ sessionId, body }: { sessionId: string; body: RescheduleBody }) =>
  api.post<unknown>(`/bookings/sessions/${encodeURIComponent(sessionId)}/reschedule/`, body);

export function useRescheduleSession() {
  const client = useQueryClient();
  return useMutation({ mutationFn: rescheduleSession, onSuccess: () => client.invalidateQueries() });
}
