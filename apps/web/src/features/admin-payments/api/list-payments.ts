import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminPaymentList } from '@tibeb/domain/admin/payments';
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
export const listPayments = (filters: PaymentFilters) =>
  api.get<AdminPaymentList>('/admin/payments/ledger/', { query: filters, bustCache: true });

export const paymentsQueryOptions = (filters: PaymentFilters) =>
  queryOptions({
    queryKey: ['admin', 'payments', filters],
    queryFn: () => listPayments(filters),
    placeholderData: keepPreviousData,
  });

export const usePayments = (filters: PaymentFilters) => useQuery(paymentsQueryOptions(filters));
