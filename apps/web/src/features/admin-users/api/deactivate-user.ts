import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export const deactivateUser = (id: string) => api.delete<null>(`/admin/users/${encodeURIComponent(id)}/`);

export function useDeactivateUser() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deactivateUser,
    // Under 'admin': the list, the account and its audit trail.
    onSuccess: () => client.invalidateQueries({ queryKey: ['admin'] }),
  });
}
