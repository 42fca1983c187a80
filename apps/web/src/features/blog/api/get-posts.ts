import { queryOptions, useQuery } from '@tanstack/react-query';
import { blogPostListSchema, type BlogPostList } from '@tibeb/domain/blog/contracts';
import { api } from '../../../lib/api-client.ts';

export type PostsParams = { q: string; category: string; tag: string; page: number };
export type PostsPage = Pick<BlogPostList, 'results' | 'count'>;

/**
 * GET /api/blog/posts/ (spec §7): the server paginates, 10 a page, and answers `{ count, next, previous,
 * results }`. Any other shape is an error (the list then shows as empty, spec §8).
 */
export async function getPosts(params: PostsParams, signal?: AbortSignal): Promise<PostsPage> {
  const body = await api.get<unknown>('/blog/posts/', {
    signal,
    query: {
      q: params.q || undefined,
      category: params.category || undefined,
      tag: params.tag || undefined,
      page: params.page > 1 ? params.page : undefined,
    },
  });
  const { results, count } = blogPostListSchema.parse(body);
  return { results, count };
}

export const postsQueryOptions = (params: PostsParams) =>
  queryOptions({
    queryKey: ['blog', 'posts', params],
    queryFn: ({ signal }) => getPosts(params, signal),
    staleTime: 60_000,
    retry: false,
  });

export const usePosts = (params: PostsParams) => useQuery(postsQueryOptions(params));
