import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TutorCreate, TutorUpdate } from '@tibeb/domain/tutors/contract';
import { tutorProfileSchema, type TutorProfile, type TutorSelfUpdate } from '@tibeb/domain/tutors/profile';
import { api, apiRequest } from '../../../lib/api-client.ts';
import { profilePaths, type ProfileScope } from './scope.ts';

export type ProfileBody = TutorCreate | TutorUpdate | TutorSelfUpdate;

/** Admin: POST (new tutor) or PATCH; tutor: PUT of the own texts and meeting link. Each answers the profile. */
export async function saveProfile(scope: ProfileScope, body: ProfileBody): Promise<TutorProfile> {
  const answer =
    scope.area === 'tutor'
      ? await apiRequest<unknown>(profilePaths(scope).profile, { method: 'PUT', body })
      : scope.tutorId === undefined
        ? await api.post<unknown>('/admin/tutors/', body)
        : await api.patch<unknown>(profilePaths(scope).profile, body);
  return tutorProfileSchema.parse(answer);
}

/** Every read of tutors (this editor, the admin list, the directory, the wizard) is refetched after a write. */
export function useSaveProfile(scope: ProfileScope) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ProfileBody) => saveProfile(scope, body),
    onSuccess: () => client.invalidateQueries(),
  });
}
