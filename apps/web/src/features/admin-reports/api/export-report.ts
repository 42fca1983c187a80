import type { ReportTable } from '@tibeb/domain/reports/contracts';
import { buildUrl } from '../../../lib/api-client.ts';
import { getAccessToken } from '../../../lib/auth-storage.ts';
import type { ReportRange } from './get-report.ts';

/**
 * GET /api/admin/reports/export/?table= : one table as a CSV file, saved under the server's file name. A file
 * download (text/csv read as a blob), not JSON: there is no answer schema to parse.
 */
export async function downloadReportCsv(table: ReportTable, range: ReportRange): Promise<void> {
  const token = getAccessToken();
  const response = await fetch(buildUrl('/admin/reports/export/', { ...range, table }, true), {
    headers: token ? { Authorization: `Bearer ${token}` } : {},
  });
  if (!response.ok) throw new Error(`Export failed (${response.status})`);
  const name =
    /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? `${table}.csv`;
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
