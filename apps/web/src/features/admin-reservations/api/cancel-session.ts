import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export type CancelBody = { scope: 'one' | 'series'; outcome: 'credit' | 'refund'; reason?: string };

/** The booking lifecycle's cancel: this session or the rest of the series, as family credit or a refund. */
export const cancelSession = ({ sessionId, body }: { sessionId: string; body: CancelBody }) =>
  api.post<unknown>(`/bookings/sessions/${encodeURIComponent(sessionId)}/cancel/`, body);

export function useCancelSession() {
  const client = useQueryClient();
  return useMutation({ mutationFn: cancelSession, onSuccess: () => client.invalidateQueries() });
}
