import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateUserBody, User } from '@tibeb/domain/accounts/contracts';
import { api } from '../../../lib/api-client.ts';

export const createUser = (body: CreateUserBody) => api.post<User>('/admin/users/', body);

export function useCreateUser() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: createUser,
    onSuccess: () => client.invalidateQueries({ queryKey: ['admin', 'users'] }),
  });
}
