import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { incidentViewSchema, myIncidentsSchema } from '@tibeb/domain/bookings/incidents';
import { api } from '../../lib/api-client.ts';
import type { ProblemChoice } from './report-problem-dialog.tsx';

/**
 * Interruptions and tutors' absences (issue 30 item 3, decision 271), for the family's and the tutor's screens: the
 * reader's lessons to report and reports (GET /bookings/incidents/mine/), the reports, the make-up and the tutor's
 * dispute. The admin's month is features/admin-incidents'.
 */
export const myIncidentsKey = ['incidents', 'mine'] as const;

export const useMyIncidents = (enabled = true) =>
  useQuery({
    queryKey: myIncidentsKey,
    queryFn: async () =>
      myIncidentsSchema.parse(await api.get<unknown>('/bookings/incidents/mine/', { bustCache: true })),
    enabled,
  });

/** After any change the reader's lists, the family's and tutor's sessions and the admin's month read again. */
function useRefresh() {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: ['incidents'] }),
      client.invalidateQueries({ queryKey: ['family'] }),
      client.invalidateQueries({ queryKey: ['tutor'] }),
    ]);
}

export const useReportProblem = () => {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async ({ sessionId, choice }: { sessionId: string; choice: ProblemChoice }) =>
      incidentViewSchema.parse(
        choice.kind === 'interruption'
          ? await api.post<unknown>(`/bookings/sessions/${sessionId}/interruption/`, {
              cause: choice.cause,
              note: choice.note,
            })
          : await api.post<unknown>(`/bookings/sessions/${sessionId}/tutor-absent/`, {
              outcome: choice.outcome,
              note: choice.note,
            }),
      ),
    onSuccess: refresh,
  });
};

export const useBookMakeup = () => {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async ({ sessionId, date, time }: { sessionId: string; date: string; time: string }) =>
      incidentViewSchema.parse(
        await api.post<unknown>(`/bookings/sessions/${sessionId}/makeup/`, { date, time }),
      ),
    onSuccess: refresh,
  });
};

export const useDisputeAbsence = () => {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async ({ sessionId, note }: { sessionId: string; note: string }) =>
      incidentViewSchema.parse(
        await api.post<unknown>(`/bookings/sessions/${sessionId}/absence-dispute/`, { note }),
      ),
    onSuccess: refresh,
  });
};
