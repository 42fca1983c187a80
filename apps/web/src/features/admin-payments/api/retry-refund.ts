import { useMutation, useQueryClient } from '@tanstack/react-query';
import { refundRetryResponse, type RefundRetryResponse } from '@tibeb/domain/admin/refunds';
import { api } from '../../../lib/api-client.ts';

/** POST /api/admin/payments/refunds/{id}/retry/: sends a pending refund to the provider now. */
export async function retryRefund(id: string): Promise<RefundRetryResponse> {
  const body = await api.post<unknown>(`/admin/payments/refunds/${encodeURIComponent(id)}/retry/`, {});
  return refundRetryResponse.parse(body);
}

export function useRetryRefund() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: retryRefund,
    // Sent or not, the list, the payment's totals and its history change.
    onSettled: () => client.invalidateQueries({ queryKey: ['admin'] }),
  });
}
