import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { openRefundList, type OpenRefundList, type OpenRefundStatus } from '@tibeb/domain/admin/refunds';
import { api } from '../../../lib/api-client.ts';

export type OpenRefundFilters = { status?: OpenRefundStatus; page?: number; page_size?: number };

/** GET /api/admin/payments/refunds/: pending and failed refunds, newest first, with totals by currency. */
export async function listOpenRefunds(filters: OpenRefundFilters): Promise<OpenRefundList> {
  const body = await api.get<unknown>('/admin/payments/refunds/', { query: filters, bustCache: true });
  return openRefundList.parse(body);
}

export const openRefundsQueryOptions = (filters: OpenRefundFilters) =>
  queryOptions({
    // Under 'admin', so a refund made on the payments list (which invalidates 'admin') shows here at once.
    queryKey: ['admin', 'payments', 'refunds', filters],
    queryFn: () => listOpenRefunds(filters),
    placeholderData: keepPreviousData,
  });

export const useOpenRefunds = (filters: OpenRefundFilters) => useQuery(openRefundsQueryOptions(filters));
