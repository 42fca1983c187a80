import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminComment, CommentStatus } from '@tibeb/domain/blog/contracts';
import { api } from '../../../lib/api-client.ts';

/** PATCH /api/admin/blog/comments/{id}/: approve (shown), reject (hidden) or hold again. */
export const setCommentStatus = ({ id, status }: { id: number; status: CommentStatus }) =>
  api.patch<AdminComment>(`/admin/blog/comments/${id}/`, { status });

export function useSetCommentStatus() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: setCommentStatus,
    onSuccess: () => client.invalidateQueries({ queryKey: ['admin'] }),
  });
}
