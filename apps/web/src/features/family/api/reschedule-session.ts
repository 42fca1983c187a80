import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  reschedulePreviewSchema,
  type ReschedulePreview,
  type RescheduleSessionBody,
} from '@tibeb/domain/bookings/lifecycle';
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

/** The move's dry run (decision 250): every session that would move, from → to, as the server would do it. */
export async function previewReschedule({
  id,
  ...body
}: RescheduleSessionBody & { id: string }): Promise<ReschedulePreview> {
  const answer = await api.post<unknown>(
    `/bookings/sessions/${encodeURIComponent(id)}/reschedule/preview/`,
    body,
  );
  return reschedulePreviewSchema.parse(answer);
}

export const useReschedulePreview = (params: (RescheduleSessionBody & { id: string }) | null) =>
  useQuery({
    queryKey: ['family', 'reschedule-preview', params],
    queryFn: () => previewReschedule(params!),
    enabled: params !== null,
    retry: false,
  });
