import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BlogComment } from '@tibeb/domain/blog/contracts';
import { api, readList } from '../../../lib/api-client.ts';

/** GET /api/blog/comments/?post_slug= (spec §7): a list or `results`. */
export async function getComments(postSlug: string, signal?: AbortSignal): Promise<BlogComment[]> {
  return readList<BlogComment>(
    await api.get<unknown>('/blog/comments/', { signal, query: { post_slug: postSlug } }),
  );
}

export const commentsQueryOptions = (postSlug: string) =>
  queryOptions({
    queryKey: ['blog', 'comments', postSlug],
    queryFn: ({ signal }) => getComments(postSlug, signal),
    retry: false,
  });

export const useComments = (postSlug: string) => useQuery(commentsQueryOptions(postSlug));
