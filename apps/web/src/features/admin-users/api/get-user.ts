import { queryOptions, useQuery } from '@tanstack/react-query';
import type { User } from '@tibeb/domain/accounts/contracts';
import { api } from '../../../lib/api-client.ts';

export const getUser = (id: string) =>
  api.get<User>(`/admin/users/${encodeURIComponent(id)}/`, { bustCache: true });

export const userQueryOptions = (id: string) =>
  queryOptions({ queryKey: ['admin', 'users', 'one', id], queryFn: () => getUser(id) });

export const useUser = (id: string) => useQuery(userQueryOptions(id));
