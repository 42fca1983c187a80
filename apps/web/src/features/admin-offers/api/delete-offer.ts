import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** DELETE /api/admin/offers/{id}/ */
export const deleteOffer = (id: number) => api.delete<null>(`/admin/offers/${id}/`);

export function useDeleteOffer() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteOffer,
    onSuccess: () => client.invalidateQueries({ queryKey: ['admin'] }),
  });
}
