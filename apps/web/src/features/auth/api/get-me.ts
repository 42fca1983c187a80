import { queryOptions, useQuery } from '@tanstack/react-query';
import { userSchema, type User } from '@tibeb/domain/accounts/contracts';
import { api } from '../../../lib/api-client.ts';

/** GET /api/accounts/me/: the signed-in account. */
export async function getMe(): Promise<User> {
  return userSchema.parse(await api.get<unknown>('/accounts/me/'));
}

export const meQueryOptions = () => queryOptions({ queryKey: ['accounts', 'me'], queryFn: getMe });

export const useMe = () => useQuery(meQueryOptions());
