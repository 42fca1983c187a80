import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RescheduleSessionBody } from '@tibeb/domain/bookings/lifecycle';
import type { ReservationSummary } from '@tibeb/domain/bookings/payload';
import { api } from '../../../lib/api-client.ts';

/** The lifecycle's reschedule route: a new date and time in the tutor's zone (EAT). */
export const rescheduleSession = ({ id, ...body }: RescheduleSessionBody & { id: string }) =>
  api.post<ReservationSummary>(`/bookings/sessions/${encodeURIComponent(id)}/reschedule/`, body);

export const useRescheduleSession = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: rescheduleSession,
    onSuccess: () => client.invalidateQueries({ queryKey: ['family'] }),
  });
};
