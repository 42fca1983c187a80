import { useMutation, useQueryClient } from '@tanstack/react-query';
import { documentSchema, type DocumentKind } from '@tibeb/domain/tutoring/contracts';
import { ApiError, API_BASE } from '../../../lib/api-client.ts';
import { getAccessToken } from '../../../lib/auth-storage.ts';
import { applicationKey } from './get-application.ts';

/** A multipart POST (the JSON client does not send files); the server checks type, size and content again. */
async function postFile(path: string, form: FormData, fallback: string): Promise<unknown> {
  const token = getAccessToken();
  const response = await fetch(`${API_BASE}${path}`, {
    method: 'POST',
    headers: token ? { Authorization: `Bearer ${token}`, Accept: 'application/json' } : {},
    body: form,
  });
  const body: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    const detail = (body as { detail?: string } | null)?.detail ?? fallback;
    throw new ApiError(response.status, detail, body);
  }
  return body;
}

/** POST /api/tutor/application/documents/ (field `kind`, file `file`) → 201 the document. */
export async function uploadDocument(kind: DocumentKind, file: File) {
  const form = new FormData();
  form.append('kind', kind);
  form.append('file', file);
  return documentSchema.parse(
    await postFile('/tutor/application/documents/', form, 'The document could not be uploaded.'),
  );
}

/** POST /api/tutor/profile/photo/: the photo becomes the profile's (the answer is the profile, not read here). */
export async function uploadPhoto(file: File) {
  const form = new FormData();
  form.append('file', file);
  await postFile('/tutor/profile/photo/', form, 'The photo could not be uploaded.');
}

export function useUploadDocument() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ kind, file }: { kind: DocumentKind; file: File }) => uploadDocument(kind, file),
    onSuccess: () => client.invalidateQueries({ queryKey: applicationKey }),
  });
}

export function useUploadPhoto() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: uploadPhoto,
    onSuccess: () => client.invalidateQueries({ queryKey: applicationKey }),
  });
}
