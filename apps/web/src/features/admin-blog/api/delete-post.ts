import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** DELETE /api/admin/blog/posts/{id}/ */
export const deletePost = (id: number) => api.delete<null>(`/admin/blog/posts/${id}/`);

export function useDeletePost() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deletePost,
    onSuccess: () => client.invalidateQueries({ queryKey: ['admin'] }),
  });
}
