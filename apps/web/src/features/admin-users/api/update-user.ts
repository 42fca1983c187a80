import { useMutation, useQueryClient } from '@tanstack/react-query';
import { userSchema, type UpdateUserBody, type User } from '@tibeb/domain/accounts/contracts';
import { api } from '../../../lib/api-client.ts';

/** PATCH /api/admin/users/{id}/: the account as saved. */
export async function updateUser({ id, body }: { id: string; body: UpdateUserBody }): Promise<User> {
  return userSchema.parse(await api.patch<unknown>(`/admin/users/${encodeURIComponent(id)}/`, body));
}

export function useUpdateUser() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: updateUser,
    // Under 'admin': the list, the account and its audit trail.
    onSuccess: () => client.invalidateQueries({ queryKey: ['admin'] }),
  });
}
