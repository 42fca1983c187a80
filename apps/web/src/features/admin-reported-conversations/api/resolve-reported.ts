import { useMutation, useQueryClient } from '@tanstack/react-query';
import { resolvedSchema, type Resolved, type ResolveReports } from '@tibeb/domain/messages/reports';
import { api } from '../../../lib/api-client.ts';
import { reportedKeys } from './list-reported.ts';

/** POST /api/admin/reported-conversations/{id}/resolve/: every open report resolved (audited). */
export async function resolveReported(id: string, body: ResolveReports): Promise<Resolved> {
  return resolvedSchema.parse(
    await api.post<unknown>(`/admin/reported-conversations/${encodeURIComponent(id)}/resolve/`, body),
  );
}

export function useResolveReported(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ResolveReports) => resolveReported(id, body),
    onSuccess: () => client.invalidateQueries({ queryKey: reportedKeys.all }),
  });
}
