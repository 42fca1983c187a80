import { queryOptions, useQuery } from '@tanstack/react-query';
import type { User } from '@tibeb/domain/accounts/contracts';
import { api } from '../../../lib/api-client.ts';

export const getMe = () => api.get<User>('/accounts/me/');

export const meQueryOptions = () => queryOptions({ queryKey: ['accounts', 'me'], queryFn: getMe });

export const useMe = () => useQuery(meQueryOptions());
