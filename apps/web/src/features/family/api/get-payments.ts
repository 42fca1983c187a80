import { queryOptions, useQuery } from '@tanstack/react-query';
import type { FamilyPayment } from '@tibeb/domain/family/contracts';
import { api } from '../../../lib/api-client.ts';

export const getPayments = () => api.get<FamilyPayment[]>('/student/payments/', { bustCache: true });

export const getPaymentsQueryOptions = () =>
  queryOptions({ queryKey: ['family', 'payments'], queryFn: getPayments });

export const useGetPayments = () => useQuery(getPaymentsQueryOptions());
