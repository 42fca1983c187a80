import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RescheduleSessionBody } from '@tibeb/domain/bookings/lifecycle';
import { reservationSummarySchema, type ReservationSummary } from '@tibeb/domain/bookings/payload';
import { api } from '../../../lib/api-client.ts';

/** The lifecycle's reschedule route: a new date and time in the tutor's zone (EAT). */
export async function rescheduleSession({
  id,
  ...body
}: RescheduleSessionBody & { id: string }): Promise<ReservationSummary> {
  const answer = await api.post<unknown>(`/bookings/sessions/${encodeURIComponent(id)}/reschedule/`, body, {
    idempotent: true,
  });
  return reservationSummarySchema.parse(answer);
}

export const useRescheduleSession = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: rescheduleSession,
    onSuccess: () => client.invalidateQueries({ queryKey: ['family'] }),
  });
};
