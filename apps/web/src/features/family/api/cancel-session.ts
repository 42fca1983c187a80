import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CancelSessionBody } from '@tibeb/domain/bookings/lifecycle';
import { reservationSummarySchema, type ReservationSummary } from '@tibeb/domain/bookings/payload';
import { api } from '../../../lib/api-client.ts';

/** The lifecycle's cancel route: the server decides what comes back under the booking policy. */
export async function cancelSession({
  id,
  ...body
}: CancelSessionBody & { id: string }): Promise<ReservationSummary> {
  const answer = await api.post<unknown>(`/bookings/sessions/${encodeURIComponent(id)}/cancel/`, body, {
    idempotent: true,
  });
  return reservationSummarySchema.parse(answer);
}

export const useCancelSession = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: cancelSession,
    onSuccess: () => client.invalidateQueries({ queryKey: ['family'] }),
  });
};
