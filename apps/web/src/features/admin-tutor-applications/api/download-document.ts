import { getAccessToken } from '../../../lib/auth-storage.ts';

/**
 * A private document's bytes (its `url`, e.g. /api/tutor/application/documents/{id}/file/): fetched with the
 * bearer token (a plain link would not carry it) and saved under its own name.
 */
export async function downloadDocument(url: string, fileName: string): Promise<void> {
  const token = getAccessToken();
  const response = await fetch(url, { headers: token ? { Authorization: `Bearer ${token}` } : {} });
  if (!response.ok) throw new Error(`Download failed (${response.status})`);
  const href = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = href;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(href), 1000);
}
