import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { UserList } from '@tibeb/domain/accounts/contracts';
import { api } from '../../../lib/api-client.ts';

export type UserListParams = { q?: string; role?: string; page?: number; page_size?: number };

export const listUsers = (params: UserListParams) =>
  api.get<UserList>('/admin/users/', { query: params, bustCache: true });

export const usersQueryOptions = (params: UserListParams) =>
  queryOptions({
    queryKey: ['admin', 'users', params],
    queryFn: () => listUsers(params),
    placeholderData: keepPreviousData,
  });

export const useUsers = (params: UserListParams) => useQuery(usersQueryOptions(params));
