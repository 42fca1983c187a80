import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** DELETE /api/admin/blog/posts/{id}/: 204, no body to parse. */
export async function deletePost(id: number): Promise<void> {
  await api.delete<unknown>(`/admin/blog/posts/${id}/`);
}

export function useDeletePost() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deletePost,
    onSuccess: () => client.invalidateQueries({ queryKey: ['admin'] }),
  });
}
