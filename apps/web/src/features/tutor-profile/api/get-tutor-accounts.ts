import { queryOptions, useQuery } from '@tanstack/react-query';
import { userListSchema, type UserList } from '@tibeb/domain/accounts/contracts';
import { api } from '../../../lib/api-client.ts';

/** Accounts with the tutor role, for linking a profile to the account its tutor signs in with (admins only). */
export async function getTutorAccounts(): Promise<UserList> {
  const body = await api.get<unknown>('/admin/users/', {
    query: { role: 'tutor', page_size: 100 },
    bustCache: true,
  });
  return userListSchema.parse(body);
}

export const tutorAccountsQueryOptions = () =>
  queryOptions({
    queryKey: ['tutor-profile', 'tutor-accounts'],
    queryFn: getTutorAccounts,
    staleTime: 60_000,
  });

export const useTutorAccounts = (enabled: boolean) => useQuery({ ...tutorAccountsQueryOptions(), enabled });
