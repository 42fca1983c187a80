import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CancelSessionBody } from '@tibeb/domain/bookings/lifecycle';
import type { ReservationSummary } from '@tibeb/domain/bookings/payload';
import { api } from '../../../lib/api-client.ts';

/** The lifecycle's cancel route: the server decides what comes back under the booking policy. */
export const cancelSession = ({ id, ...body }: CancelSessionBody & { id: string }) =>
  api.post<ReservationSummary>(`/bookings/sessions/${encodeURIComponent(id)}/cancel/`, body);

export const useCancelSession = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: cancelSession,
    onSuccess: () => client.invalidateQueries({ queryKey: ['family'] }),
  });
};
