import { useMutation, useQueryClient } from '@tanstack/react-query';
import { commentPostedSchema, type BlogComment, type CommentPosted } from '@tibeb/domain/blog/contracts';
import { api } from '../../../lib/api-client.ts';
import { commentsQueryOptions } from './get-comments.ts';

export type NewComment = { post: number; name: string; email: string; body: string; website?: string };

/** POST /api/blog/comments/ (spec §7): 201 with the comment, or 202 when it is held for moderation. */
export async function createComment(input: NewComment): Promise<CommentPosted> {
  return commentPostedSchema.parse(await api.post<unknown>('/blog/comments/', input));
}

export function useCreateComment(postSlug: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createComment,
    onSuccess: (result) => {
      if (result.status !== 'approved') return;
      const { status: _status, ...comment } = result;
      // Show the new comment at once; the refetch confirms it.
      queryClient.setQueryData<BlogComment[]>(commentsQueryOptions(postSlug).queryKey, (old) =>
        old?.some((c) => c.id === comment.id) ? old : [...(old ?? []), comment],
      );
      void queryClient.invalidateQueries({ queryKey: commentsQueryOptions(postSlug).queryKey });
    },
  });
}
