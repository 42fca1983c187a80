import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminPostSchema, type AdminPost, type AdminPostInput } from '@tibeb/domain/blog/contracts';
import { api } from '../../../lib/api-client.ts';

/** POST /api/admin/blog/posts/ or PATCH /api/admin/blog/posts/{id}/: the post as saved. */
export async function savePost({ id, body }: { id?: number; body: AdminPostInput }): Promise<AdminPost> {
  const answer = id
    ? await api.patch<unknown>(`/admin/blog/posts/${id}/`, body)
    : await api.post<unknown>('/admin/blog/posts/', body);
  return adminPostSchema.parse(answer);
}

export function useSavePost() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: savePost,
    onSuccess: () => client.invalidateQueries({ queryKey: ['admin'] }),
  });
}
