import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { earningsResponseSchema, type EarningsResponse } from '@tibeb/domain/ledger/earnings';
import { api } from '../../../lib/api-client.ts';

/** GET /api/tutor/earnings/?month=YYYY-MM: balances, the month's entries and totals (no month = this month). */
export async function getEarnings(month?: string): Promise<EarningsResponse> {
  const body = await api.get<unknown>('/tutor/earnings/', { query: { month }, bustCache: true });
  return earningsResponseSchema.parse(body);
}

export const earningsQueryOptions = (month?: string) =>
  queryOptions({
    queryKey: ['tutor', 'earnings', month ?? 'current'],
    queryFn: () => getEarnings(month),
    placeholderData: keepPreviousData,
  });

export const useEarnings = (month?: string) => useQuery(earningsQueryOptions(month));
