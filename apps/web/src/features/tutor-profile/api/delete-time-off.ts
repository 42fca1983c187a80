import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { profilePaths, type ProfileScope } from './scope.ts';

/** DELETE …/time-off/{id}/: 204, no body to parse. */
export async function deleteTimeOff(scope: ProfileScope, id: number): Promise<void> {
  await api.delete<unknown>(`${profilePaths(scope).timeOff}${id}/`);
}

export function useDeleteTimeOff(scope: ProfileScope) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => deleteTimeOff(scope, id),
    onSuccess: () => client.invalidateQueries(),
  });
}
