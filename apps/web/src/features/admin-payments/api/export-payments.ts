import { buildUrl } from '../../../lib/api-client.ts';
import { getAccessToken } from '../../../lib/auth-storage.ts';
import type { PaymentFilters } from './list-payments.ts';

/**
 * GET /api/admin/payments/ledger/export/: every payment matching the filters, saved as a CSV file. A file
 * download (text/csv read as a blob), not JSON: there is no answer schema to parse.
 */
export async function downloadPaymentsCsv(filters: PaymentFilters): Promise<void> {
  const { page: _page, page_size: _size, ...rest } = filters;
  const token = getAccessToken();
  const response = await fetch(buildUrl('/admin/payments/ledger/export/', rest, true), {
    headers: token ? { Authorization: `Bearer ${token}` } : {},
  });
  if (!response.ok) throw new Error(`Export failed (${response.status})`);
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = 'payments.csv';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
