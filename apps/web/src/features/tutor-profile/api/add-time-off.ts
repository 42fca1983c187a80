import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TimeOff, TimeOffCreate } from '@tibeb/domain/tutors/profile';
import { api } from '../../../lib/api-client.ts';
import { profilePaths, type ProfileScope } from './scope.ts';

export const addTimeOff = (scope: ProfileScope, body: TimeOffCreate) =>
  api.post<TimeOff>(profilePaths(scope).timeOff, body);

export function useAddTimeOff(scope: ProfileScope) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TimeOffCreate) => addTimeOff(scope, body),
    onSuccess: () => client.invalidateQueries(),
  });
}
