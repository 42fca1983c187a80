import { useMutation, useQueryClient } from '@tanstack/react-query';
import { tutorProfileSchema, type TutorProfile } from '@tibeb/domain/tutors/profile';
import { ApiError, API_BASE } from '../../../lib/api-client.ts';
import { getAccessToken } from '../../../lib/auth-storage.ts';
import { profilePaths, type ProfileScope } from './scope.ts';

/**
 * Multipart upload (the JSON client does not send files); the server checks type and size again. Answers the
 * profile with its new photo.
 */
export async function uploadPhoto(scope: ProfileScope, file: File): Promise<TutorProfile> {
  const form = new FormData();
  form.append('file', file);
  const token = getAccessToken();
  const response = await fetch(`${API_BASE}${profilePaths(scope).photo}`, {
    method: 'POST',
    headers: token ? { Authorization: `Bearer ${token}`, Accept: 'application/json' } : {},
    body: form,
  });
  const body: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    const detail = (body as { detail?: string } | null)?.detail ?? 'The photo could not be uploaded.';
    throw new ApiError(response.status, detail, body);
  }
  return tutorProfileSchema.parse(body);
}

export function useUploadPhoto(scope: ProfileScope) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => uploadPhoto(scope, file),
    onSuccess: () => client.invalidateQueries(),
  });
}
