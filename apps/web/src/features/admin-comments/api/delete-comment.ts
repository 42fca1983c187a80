import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** DELETE /api/admin/blog/comments/{id}/: 204, no body to parse. */
export async function deleteComment(id: number): Promise<void> {
  await api.delete<unknown>(`/admin/blog/comments/${id}/`);
}

export function useDeleteComment() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteComment,
    onSuccess: () => client.invalidateQueries({ queryKey: ['admin'] }),
  });
}
