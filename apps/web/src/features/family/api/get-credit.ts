import { queryOptions, useQuery } from '@tanstack/react-query';
import { familyCreditSchema, type FamilyCredit } from '@tibeb/domain/family/contracts';
import { api } from '../../../lib/api-client.ts';

/** GET /api/student/credit/: the balances per currency and the ledger. */
export async function getCredit(): Promise<FamilyCredit> {
  return familyCreditSchema.parse(await api.get<unknown>('/student/credit/', { bustCache: true }));
}

export const getCreditQueryOptions = () =>
  queryOptions({ queryKey: ['family', 'credit'], queryFn: getCredit });

export const useGetCredit = () => useQuery(getCreditQueryOptions());
