import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export type Attendance = { status: 'attended' | 'no_show'; note?: string };

/** The booking lifecycle's attendance call (issue 14 item 3): attended or no-show, with a progress note. */
export const markAttendance = (sessionId: string, body: Attendance) =>
  api.post<unknown>(`/bookings/sessions/${sessionId}/attendance/`, body);

export const useMarkAttendance = (sessionId: string) => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: Attendance) => markAttendance(sessionId, body),
    onSuccess: () => client.invalidateQueries({ queryKey: ['tutor-week'] }),
  });
};
