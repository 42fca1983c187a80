import { buildUrl } from '../../../lib/api-client.ts';
import { getAccessToken } from '../../../lib/auth-storage.ts';

/**
 * GET /api/tutor/earnings/statement.csv?month=YYYY-MM: the month's statement saved as a CSV file (read as a blob
 * through the signed-in session, like the admin's CSV exports).
 */
export async function downloadStatementCsv(month: string): Promise<void> {
  const token = getAccessToken();
  const response = await fetch(buildUrl('/tutor/earnings/statement.csv', { month }, true), {
    headers: token ? { Authorization: `Bearer ${token}` } : {},
  });
  if (!response.ok) throw new Error(`Download failed (${response.status})`);
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = `statement-${month}.csv`;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
