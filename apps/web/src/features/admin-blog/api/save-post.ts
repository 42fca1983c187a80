import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminPost, AdminPostInput } from '@tibeb/domain/blog/contracts';
import { api } from '../../../lib/api-client.ts';

/** POST /api/admin/blog/posts/ or PATCH /api/admin/blog/posts/{id}/ */
export const savePost = ({ id, body }: { id?: number; body: AdminPostInput }) =>
  id
    ? api.patch<AdminPost>(`/admin/blog/posts/${id}/`, body)
    : api.post<AdminPost>('/admin/blog/posts/', body);

export function useSavePost() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: savePost,
    onSuccess: () => client.invalidateQueries({ queryKey: ['admin'] }),
  });
}
