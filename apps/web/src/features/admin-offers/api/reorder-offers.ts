import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminOffer } from '@tibeb/domain/site/contracts';
import { apiRequest } from '../../../lib/api-client.ts';

/** PUT /api/admin/offers/order/: every offer's id in the new display order. */
export const reorderOffers = (ids: number[]) =>
  apiRequest<AdminOffer[]>('/admin/offers/order/', { method: 'PUT', body: { ids } });

export function useReorderOffers() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: reorderOffers,
    onSuccess: (offers) => {
      client.setQueryData(['admin', 'offers'], offers);
      return client.invalidateQueries({ queryKey: ['admin'] });
    },
  });
}
