import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RefundRetryResponse } from '@tibeb/domain/admin/refunds';
import { api } from '../../../lib/api-client.ts';

/** POST /api/admin/payments/refunds/{id}/retry/: sends a pending refund to the provider now. */
export const retryRefund = (id: string) =>
  api.post<RefundRetryResponse>(`/admin/payments/refunds/${encodeURIComponent(id)}/retry/`, {});

export function useRetryRefund() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: retryRefund,
    // Sent or not, the list, the payment's totals and its history change.
    onSettled: () => client.invalidateQueries({ queryKey: ['admin'] }),
  });
}
