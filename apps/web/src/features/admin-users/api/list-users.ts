import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { userListSchema, type UserList } from '@tibeb/domain/accounts/contracts';
import { api } from '../../../lib/api-client.ts';

export type UserListParams = { q?: string; role?: string; page?: number; page_size?: number };

/** GET /api/admin/users/: search, role filter, paged. */
export async function listUsers(params: UserListParams): Promise<UserList> {
  return userListSchema.parse(await api.get<unknown>('/admin/users/', { query: params, bustCache: true }));
}

export const usersQueryOptions = (params: UserListParams) =>
  queryOptions({
    queryKey: ['admin', 'users', params],
    queryFn: () => listUsers(params),
    placeholderData: keepPreviousData,
  });

export const useUsers = (params: UserListParams) => useQuery(usersQueryOptions(params));
