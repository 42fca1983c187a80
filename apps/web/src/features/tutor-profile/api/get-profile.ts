import { queryOptions, useQuery } from '@tanstack/react-query';
import { tutorProfileSchema, type TutorProfile } from '@tibeb/domain/tutors/profile';
import { api } from '../../../lib/api-client.ts';
import { profileKey, profilePaths, type ProfileScope } from './scope.ts';

/** GET /api/admin/tutors/{id}/ or /api/tutor/profile/ */
export async function getProfile(scope: ProfileScope): Promise<TutorProfile> {
  return tutorProfileSchema.parse(await api.get<unknown>(profilePaths(scope).profile, { bustCache: true }));
}

export const profileQueryOptions = (scope: ProfileScope) =>
  queryOptions({ queryKey: profileKey(scope), queryFn: () => getProfile(scope) });

/** Disabled on the admin's Add screen (no tutor yet). */
export const useTutorProfile = (scope: ProfileScope) =>
  useQuery({ ...profileQueryOptions(scope), enabled: scope.area === 'tutor' || scope.tutorId !== undefined });
