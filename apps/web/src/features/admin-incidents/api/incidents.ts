import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { incidentReportSchema, incidentViewSchema } from '@tibeb/domain/bookings/incidents';
import { api } from '../../../lib/api-client.ts';

/**
 * Interruptions and tutors' absences (issue 30 item 3, decision 271): the reader's lessons to report and reports
 * (GET /bookings/incidents/mine/), the reports, the make-up, the tutor's dispute, and the admin's month.
 */
/** After a decision the month reads again. */
function useRefresh() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: ['incidents'] });
}

export const useIncidentReport = (month: string) =>
  useQuery({
    queryKey: ['incidents', 'admin', month],
    queryFn: async () =>
      incidentReportSchema.parse(
        await api.get<unknown>('/admin/incidents/', { query: month ? { month } : {}, bustCache: true }),
      ),
  });

export const useDecideIncident = () => {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async ({
      id,
      decision,
      note,
    }: {
      id: string;
      decision: 'uphold' | 'dismiss';
      note: string;
    }) =>
      incidentViewSchema.parse(
        await api.post<unknown>(`/admin/incidents/${id}/decision/`, { decision, note }),
      ),
    onSuccess: refresh,
  });
};
