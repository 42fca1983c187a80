import { queryOptions, useQuery } from '@tanstack/react-query';
import { userSchema, type User } from '@tibeb/domain/accounts/contracts';
import { api } from '../../../lib/api-client.ts';

/** GET /api/admin/users/{id}/ */
export async function getUser(id: string): Promise<User> {
  return userSchema.parse(
    await api.get<unknown>(`/admin/users/${encodeURIComponent(id)}/`, { bustCache: true }),
  );
}

export const userQueryOptions = (id: string) =>
  queryOptions({ queryKey: ['admin', 'users', 'one', id], queryFn: () => getUser(id) });

export const useUser = (id: string) => useQuery(userQueryOptions(id));
