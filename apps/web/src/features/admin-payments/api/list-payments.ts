import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { adminPaymentList, type AdminPaymentList } from '@tibeb/domain/admin/payments';
import { api } from '../../../lib/api-client.ts';

export type PaymentFilters = {
  status?: string;
  provider?: string;
  currency?: string;
  q?: string;
  from?: string;
  to?: string;
  page?: number;
  page_size?: number;
};

/** GET /api/admin/payments/ledger/: filtered, paged, with totals by currency. */
export async function listPayments(filters: PaymentFilters): Promise<AdminPaymentList> {
  const body = await api.get<unknown>('/admin/payments/ledger/', { query: filters, bustCache: true });
  return adminPaymentList.parse(body);
}

export const paymentsQueryOptions = (filters: PaymentFilters) =>
  queryOptions({
    queryKey: ['admin', 'payments', filters],
    queryFn: () => listPayments(filters),
    placeholderData: keepPreviousData,
  });

export const usePayments = (filters: PaymentFilters) => useQuery(paymentsQueryOptions(filters));
