import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** DELETE /api/admin/users/{id}/: 204, no body to parse. */
export async function deactivateUser(id: string): Promise<void> {
  await api.delete<unknown>(`/admin/users/${encodeURIComponent(id)}/`);
}

export function useDeactivateUser() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deactivateUser,
    // Under 'admin': the list, the account and its audit trail.
    onSuccess: () => client.invalidateQueries({ queryKey: ['admin'] }),
  });
}
