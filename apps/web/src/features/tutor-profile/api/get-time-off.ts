import { queryOptions, useQuery } from '@tanstack/react-query';
import { timeOffListSchema, type TimeOff } from '@tibeb/domain/tutors/profile';
import { api } from '../../../lib/api-client.ts';
import { profileKey, profilePaths, type ProfileScope } from './scope.ts';

/** GET …/time-off/: the tutor's days off, earliest first. */
export async function getTimeOff(scope: ProfileScope): Promise<TimeOff[]> {
  return timeOffListSchema.parse(await api.get<unknown>(profilePaths(scope).timeOff, { bustCache: true }));
}

export const timeOffQueryOptions = (scope: ProfileScope) =>
  queryOptions({ queryKey: [...profileKey(scope), 'time-off'], queryFn: () => getTimeOff(scope) });

export const useTimeOff = (scope: ProfileScope) => useQuery(timeOffQueryOptions(scope));
