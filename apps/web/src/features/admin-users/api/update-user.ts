import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UpdateUserBody, User } from '@tibeb/domain/accounts/contracts';
import { api } from '../../../lib/api-client.ts';

export const updateUser = ({ id, body }: { id: string; body: UpdateUserBody }) =>
  api.patch<User>(`/admin/users/${encodeURIComponent(id)}/`, body);

export function useUpdateUser() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: updateUser,
    // Under 'admin': the list, the account and its audit trail.
    onSuccess: () => client.invalidateQueries({ queryKey: ['admin'] }),
  });
}
