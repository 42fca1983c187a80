import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** DELETE /api/admin/offers/{id}/: 204, no body to parse. */
export async function deleteOffer(id: number): Promise<void> {
  await api.delete<unknown>(`/admin/offers/${id}/`);
}

export function useDeleteOffer() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteOffer,
    onSuccess: () => client.invalidateQueries({ queryKey: ['admin'] }),
  });
}
