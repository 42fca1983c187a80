import { useMutation, useQueryClient } from '@tanstack/react-query';
import { timeOffSchema, type TimeOff, type TimeOffCreate } from '@tibeb/domain/tutors/profile';
import { api } from '../../../lib/api-client.ts';
import { profilePaths, type ProfileScope } from './scope.ts';

/** POST …/time-off/: the days off added (201). */
export async function addTimeOff(scope: ProfileScope, body: TimeOffCreate): Promise<TimeOff> {
  return timeOffSchema.parse(await api.post<unknown>(profilePaths(scope).timeOff, body));
}

export function useAddTimeOff(scope: ProfileScope) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TimeOffCreate) => addTimeOff(scope, body),
    onSuccess: () => client.invalidateQueries(),
  });
}
