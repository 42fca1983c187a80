import { queryOptions, useQuery } from '@tanstack/react-query';
import { blogCommentListSchema, type BlogComment } from '@tibeb/domain/blog/contracts';
import { api } from '../../../lib/api-client.ts';

/** GET /api/blog/comments/?post_slug= (spec §7): the post's approved comments, oldest first. */
export async function getComments(postSlug: string, signal?: AbortSignal): Promise<BlogComment[]> {
  const body = await api.get<unknown>('/blog/comments/', { signal, query: { post_slug: postSlug } });
  return blogCommentListSchema.parse(body);
}

export const commentsQueryOptions = (postSlug: string) =>
  queryOptions({
    queryKey: ['blog', 'comments', postSlug],
    queryFn: ({ signal }) => getComments(postSlug, signal),
    retry: false,
  });

export const useComments = (postSlug: string) => useQuery(commentsQueryOptions(postSlug));
