import { useMutation, useQueryClient } from '@tanstack/react-query';
import { refundResponseSchema, type RefundBody, type RefundResponse } from '@tibeb/domain/payments/contracts';
import { api } from '../../../lib/api-client.ts';

/** POST /api/admin/payments/{id}/refund/: the whole remainder without an amount, or part of it. */
export async function refundPayment({ id, body }: { id: string; body: RefundBody }): Promise<RefundResponse> {
  const answer = await api.post<unknown>(`/admin/payments/${encodeURIComponent(id)}/refund/`, body);
  return refundResponseSchema.parse(answer);
}

export function useRefundPayment() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: refundPayment,
    onSuccess: () => client.invalidateQueries({ queryKey: ['admin'] }),
  });
}
