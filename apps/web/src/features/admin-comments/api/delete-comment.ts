import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** DELETE /api/admin/blog/comments/{id}/ */
export const deleteComment = (id: number) => api.delete<null>(`/admin/blog/comments/${id}/`);

export function useDeleteComment() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteComment,
    onSuccess: () => client.invalidateQueries({ queryKey: ['admin'] }),
  });
}
