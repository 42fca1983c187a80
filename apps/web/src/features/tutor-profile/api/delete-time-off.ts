import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { profilePaths, type ProfileScope } from './scope.ts';

export const deleteTimeOff = (scope: ProfileScope, id: number) =>
  api.delete<null>(`${profilePaths(scope).timeOff}${id}/`);

export function useDeleteTimeOff(scope: ProfileScope) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => deleteTimeOff(scope, id),
    onSuccess: () => client.invalidateQueries(),
  });
}
