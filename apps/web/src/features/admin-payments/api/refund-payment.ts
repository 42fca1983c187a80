import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RefundBody, RefundResponse } from '@tibeb/domain/payments/contracts';
import { api } from '../../../lib/api-client.ts';

/** POST /api/admin/payments/{id}/refund/: the whole remainder without an amount, or part of it. */
export const refundPayment = ({ id, body }: { id: string; body: RefundBody }) =>
  api.post<RefundResponse>(`/admin/payments/${encodeURIComponent(id)}/refund/`, body);

export function useRefundPayment() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: refundPayment,
    onSuccess: () => client.invalidateQueries({ queryKey: ['admin'] }),
  });
}
