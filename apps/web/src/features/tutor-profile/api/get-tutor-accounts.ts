import { queryOptions, useQuery } from '@tanstack/react-query';
import type { UserList } from '@tibeb/domain/accounts/contracts';
import { api } from '../../../lib/api-client.ts';

/** Accounts with the tutor role, for linking a profile to the account its tutor signs in with (admins only). */
export const getTutorAccounts = () =>
  api.get<UserList>('/admin/users/', { query: { role: 'tutor', page_size: 100 }, bustCache: true });

export const tutorAccountsQueryOptions = () =>
  queryOptions({
    queryKey: ['tutor-profile', 'tutor-accounts'],
    queryFn: getTutorAccounts,
    staleTime: 60_000,
  });

export const useTutorAccounts = (enabled: boolean) => useQuery({ ...tutorAccountsQueryOptions(), enabled });
