import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TimeOff } from '@tibeb/domain/tutors/profile';
import { api } from '../../../lib/api-client.ts';
import { profileKey, profilePaths, type ProfileScope } from './scope.ts';

export const getTimeOff = (scope: ProfileScope) =>
  api.get<TimeOff[]>(profilePaths(scope).timeOff, { bustCache: true });

export const timeOffQueryOptions = (scope: ProfileScope) =>
  queryOptions({ queryKey: [...profileKey(scope), 'time-off'], queryFn: () => getTimeOff(scope) });

export const useTimeOff = (scope: ProfileScope) => useQuery(timeOffQueryOptions(scope));
