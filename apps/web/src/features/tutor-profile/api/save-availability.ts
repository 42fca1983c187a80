import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Availability, AvailabilityInput } from '@tibeb/domain/tutors/contract';
import { apiRequest } from '../../../lib/api-client.ts';
import { profilePaths, type ProfileScope } from './scope.ts';

/** PUT the whole week; the admin route answers the profile, the tutor's the availability alone. */
export async function saveAvailability(scope: ProfileScope, week: AvailabilityInput): Promise<Availability> {
  const answer = await apiRequest<Availability | { availability: Availability }>(
    profilePaths(scope).availability,
    { method: 'PUT', body: week },
  );
  return 'availability' in answer ? answer.availability : answer;
}

export function useSaveAvailability(scope: ProfileScope) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (week: AvailabilityInput) => saveAvailability(scope, week),
    onSuccess: () => client.invalidateQueries(),
  });
}
