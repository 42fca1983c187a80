import { useMutation } from '@tanstack/react-query';
import { uploadedImage, type UploadedImage } from '@tibeb/domain/uploads/contracts';
import { ApiError, buildUrl } from '../../../lib/api-client.ts';
import { getAccessToken } from '../../../lib/auth-storage.ts';

/** POST /api/admin/blog/uploads/ (multipart): the stored, resized cover's address. */
export async function uploadCover(file: File): Promise<UploadedImage> {
  const form = new FormData();
  form.append('file', file);
  const token = getAccessToken();
  const response = await fetch(buildUrl('/admin/blog/uploads/'), {
    method: 'POST',
    body: form,
    headers: token ? { Authorization: `Bearer ${token}` } : {},
  });
  const body: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    const detail =
      body && typeof body === 'object' && 'detail' in body && typeof body.detail === 'string'
        ? body.detail
        : 'The upload failed.';
    throw new ApiError(response.status, detail, body);
  }
  return uploadedImage.parse(body);
}

export const useUploadCover = () => useMutation({ mutationFn: uploadCover });
