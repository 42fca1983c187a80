import { attachmentSchema, type Attachment } from '@tibeb/domain/messages/attachments';
import { ApiError, API_BASE } from './api-client.ts';
import { getAccessToken } from './auth-storage.ts';

/**
 * Private files (decision 269): uploaded by a signed-in tutor or family (POST /api/{area}/files/, multipart `file`),
 * read with the bearer token (a plain link or <img> would not carry it), kept in the page as a blob.
 */

const authHeaders = (): Record<string, string> => {
  const token = getAccessToken();
  return token ? { Authorization: `Bearer ${token}` } : {};
};

/** Uploads one file; the server checks its type by its bytes and its size again. */
export async function uploadPrivateFile(area: 'tutor' | 'student', file: File): Promise<Attachment> {
  const form = new FormData();
  form.append('file', file);
  const response = await fetch(`${API_BASE}/${area}/files/`, {
    method: 'POST',
    headers: { ...authHeaders(), Accept: 'application/json' },
    body: form,
  });
  const body: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    const detail = (body as { detail?: string } | null)?.detail ?? 'The file could not be uploaded.';
    throw new ApiError(response.status, detail, body);
  }
  return attachmentSchema.parse(body);
}

/** The file's bytes as a blob (its `url` is the API address of what it is attached to). */
export async function fetchPrivateFile(url: string): Promise<Blob> {
  const response = await fetch(url, { headers: authHeaders() });
  if (!response.ok) throw new ApiError(response.status, `Download failed (${response.status})`, null);
  return response.blob();
}

/** Saves the file under its own name. */
export async function downloadPrivateFile(url: string, name: string): Promise<void> {
  const href = URL.createObjectURL(await fetchPrivateFile(url));
  const link = document.createElement('a');
  link.href = href;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(href), 1000);
}

/** Checked in the browser before uploading (the server checks again, by the bytes). */
export function localFileProblem(file: File, maxBytes: number): 'type' | 'size' | null {
  const okType =
    /\.(jpe?g|png|webp|pdf)$/i.test(file.name) ||
    /^(image\/(jpeg|png|webp)|application\/pdf)$/.test(file.type);
  if (!okType) return 'type';
  if (file.size > maxBytes) return 'size';
  return null;
}
