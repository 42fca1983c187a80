import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  payoutMethodResponseSchema,
  type PayoutMethodInput,
  type PayoutMethodResponse,
} from '@tibeb/domain/ledger/payouts';
import { apiRequest, api } from '../../../lib/api-client.ts';

/** GET /api/tutor/payout-method/: the current method (masked) and the banks and wallets to choose from. */
export async function getPayoutMethod(): Promise<PayoutMethodResponse> {
  return payoutMethodResponseSchema.parse(
    await api.get<unknown>('/tutor/payout-method/', { bustCache: true }),
  );
}

export const payoutMethodQueryOptions = () =>
  queryOptions({ queryKey: ['tutor', 'payout-method'], queryFn: getPayoutMethod });

export const usePayoutMethod = () => useQuery(payoutMethodQueryOptions());

/** PUT /api/tutor/payout-method/ (with the current password): the method as saved. */
export async function savePayoutMethod(body: PayoutMethodInput): Promise<PayoutMethodResponse> {
  return payoutMethodResponseSchema.parse(
    await apiRequest<unknown>('/tutor/payout-method/', { method: 'PUT', body }),
  );
}

export function useSavePayoutMethod() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: savePayoutMethod,
    onSuccess: (data) => client.setQueryData(['tutor', 'payout-method'], data),
  });
}
