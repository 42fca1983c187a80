import { useMutation, useQueryClient } from '@tanstack/react-query';
import { userSchema, type CreateUserBody, type User } from '@tibeb/domain/accounts/contracts';
import { api } from '../../../lib/api-client.ts';

/** POST /api/admin/users/: the account created (201). */
export async function createUser(body: CreateUserBody): Promise<User> {
  return userSchema.parse(await api.post<unknown>('/admin/users/', body));
}

export function useCreateUser() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: createUser,
    onSuccess: () => client.invalidateQueries({ queryKey: ['admin', 'users'] }),
  });
}
