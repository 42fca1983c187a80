import { useMutation, useQueryClient } from '@tanstack/react-query';
import { reservationSummarySchema, type ReservationSummary } from '@tibeb/domain/bookings/payload';
import { api } from '../../../lib/api-client.ts';

export type CancelBody = { scope: 'one' | 'series'; outcome: 'credit' | 'refund'; reason?: string };

/**
 * The booking lifecycle's cancel: this session or the rest of the series, as family credit or a refund.
 * Answers the reservation's summary.
 */
export async function cancelSession({
  sessionId,
  body,
}: {
  sessionId: string;
  body: CancelBody;
}): Promise<ReservationSummary> {
  const answer = await api.post<unknown>(`/bookings/sessions/${encodeURIComponent(sessionId)}/cancel/`, body);
  return reservationSummarySchema.parse(answer);
}

export function useCancelSession() {
  const client = useQueryClient();
  return useMutation({ mutationFn: cancelSession, onSuccess: () => client.invalidateQueries() });
}
