import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TutorCreate, TutorUpdate } from '@tibeb/domain/tutors/contract';
import type { TutorProfile, TutorSelfUpdate } from '@tibeb/domain/tutors/profile';
import { api, apiRequest } from '../../../lib/api-client.ts';
import { profilePaths, type ProfileScope } from './scope.ts';

export type ProfileBody = TutorCreate | TutorUpdate | TutorSelfUpdate;

/** Admin: POST (new tutor) or PATCH; tutor: PUT of the own texts and meeting link. */
export function saveProfile(scope: ProfileScope, body: ProfileBody) {
  if (scope.area === 'tutor')
    return apiRequest<TutorProfile>(profilePaths(scope).profile, { method: 'PUT', body });
  if (scope.tutorId === undefined) return api.post<TutorProfile>('/admin/tutors/', body);
  return api.patch<TutorProfile>(profilePaths(scope).profile, body);
}

/** Every read of tutors (this editor, the admin list, the directory, the wizard) is refetched after a write. */
export function useSaveProfile(scope: ProfileScope) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ProfileBody) => saveProfile(scope, body),
    onSuccess: () => client.invalidateQueries(),
  });
}
