import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminOffer } from '@tibeb/domain/site/contracts';
import { api } from '../../../lib/api-client.ts';

export type OfferFields = { title: string; description: string; is_active: boolean };

/** POST /api/admin/offers/ (new, placed last) or PATCH /api/admin/offers/{id}/ */
export const saveOffer = ({
  id,
  fields,
  sortOrder,
}: {
  id?: number;
  fields: Partial<OfferFields>;
  sortOrder?: number;
}) =>
  id === undefined
    ? api.post<AdminOffer>('/admin/offers/', { ...fields, sort_order: sortOrder ?? 0 })
    : api.patch<AdminOffer>(`/admin/offers/${id}/`, fields);

export function useSaveOffer() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: saveOffer,
    onSuccess: () => client.invalidateQueries({ queryKey: ['admin'] }),
  });
}
