import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminCommentSchema, type AdminComment, type CommentStatus } from '@tibeb/domain/blog/contracts';
import { api } from '../../../lib/api-client.ts';

/** PATCH /api/admin/blog/comments/{id}/: approve (shown), reject (hidden) or hold again. */
export async function setCommentStatus({
  id,
  status,
}: {
  id: number;
  status: CommentStatus;
}): Promise<AdminComment> {
  return adminCommentSchema.parse(await api.patch<unknown>(`/admin/blog/comments/${id}/`, { status }));
}

export function useSetCommentStatus() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: setCommentStatus,
    onSuccess: () => client.invalidateQueries({ queryKey: ['admin'] }),
  });
}
