import { queryOptions, useQuery } from '@tanstack/react-query';
import { familyPaymentListSchema, type FamilyPayment } from '@tibeb/domain/family/contracts';
import { api } from '../../../lib/api-client.ts';

/** GET /api/student/payments/: the family's payments, newest first. */
export async function getPayments(): Promise<FamilyPayment[]> {
  return familyPaymentListSchema.parse(await api.get<unknown>('/student/payments/', { bustCache: true }));
}

export const getPaymentsQueryOptions = () =>
  queryOptions({ queryKey: ['family', 'payments'], queryFn: getPayments });

export const useGetPayments = () => useQuery(getPaymentsQueryOptions());
