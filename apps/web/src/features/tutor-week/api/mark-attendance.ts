import { useMutation, useQueryClient } from '@tanstack/react-query';
import { reservationSummarySchema, type ReservationSummary } from '@tibeb/domain/bookings/payload';
import { api } from '../../../lib/api-client.ts';

export type Attendance = { status: 'attended' | 'no_show'; note?: string };

/**
 * The booking lifecycle's attendance call (issue 14 item 3): attended or no-show, with a progress note.
 * Answers the reservation's summary.
 */
export async function markAttendance(sessionId: string, body: Attendance): Promise<ReservationSummary> {
  const answer = await api.post<unknown>(`/bookings/sessions/${sessionId}/attendance/`, body);
  return reservationSummarySchema.parse(answer);
}

export const useMarkAttendance = (sessionId: string) => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: Attendance) => markAttendance(sessionId, body),
    onSuccess: () => client.invalidateQueries({ queryKey: ['tutor-week'] }),
  });
};
