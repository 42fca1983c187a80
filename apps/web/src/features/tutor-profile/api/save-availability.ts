import { useMutation, useQueryClient } from '@tanstack/react-query';
import { availabilitySchema, type Availability, type AvailabilityInput } from '@tibeb/domain/tutors/contract';
import { tutorProfileSchema } from '@tibeb/domain/tutors/profile';
import { apiRequest } from '../../../lib/api-client.ts';
import { profilePaths, type ProfileScope } from './scope.ts';

/** PUT the whole week; the admin route answers the profile, the tutor's the availability alone. */
export async function saveAvailability(scope: ProfileScope, week: AvailabilityInput): Promise<Availability> {
  const answer = await apiRequest<unknown>(profilePaths(scope).availability, { method: 'PUT', body: week });
  return scope.area === 'admin'
    ? tutorProfileSchema.parse(answer).availability
    : availabilitySchema.parse(answer);
}

export function useSaveAvailability(scope: ProfileScope) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (week: AvailabilityInput) => saveAvailability(scope, week),
    onSuccess: () => client.invalidateQueries(),
  });
}
