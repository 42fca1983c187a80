import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminOffer, type AdminOffer } from '@tibeb/domain/site/contracts';
import { api } from '../../../lib/api-client.ts';

export type OfferFields = { title: string; description: string; is_active: boolean };

/** POST /api/admin/offers/ (new, placed last) or PATCH /api/admin/offers/{id}/: the offer as saved. */
export async function saveOffer({
  id,
  fields,
  sortOrder,
}: {
  id?: number;
  fields: Partial<OfferFields>;
  sortOrder?: number;
}): Promise<AdminOffer> {
  const body =
    id === undefined
      ? await api.post<unknown>('/admin/offers/', { ...fields, sort_order: sortOrder ?? 0 })
      : await api.patch<unknown>(`/admin/offers/${id}/`, fields);
  return adminOffer.parse(body);
}

export function useSaveOffer() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: saveOffer,
    onSuccess: () => client.invalidateQueries({ queryKey: ['admin'] }),
  });
}
