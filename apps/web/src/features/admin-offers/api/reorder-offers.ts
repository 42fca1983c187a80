import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminOfferList, type AdminOffer } from '@tibeb/domain/site/contracts';
import { apiRequest } from '../../../lib/api-client.ts';

/** PUT /api/admin/offers/order/: every offer's id in the new display order; answers the offers in it. */
export async function reorderOffers(ids: number[]): Promise<AdminOffer[]> {
  const body = await apiRequest<unknown>('/admin/offers/order/', { method: 'PUT', body: { ids } });
  return adminOfferList.parse(body);
}

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
